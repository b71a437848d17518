import { Dialog, DialogActions, DialogContent, DialogTitle, Button as MuiButton } from '@mui/material';
import { ComponentType, useId } from 'react';
import { AutocompleteInput, Form, ReferenceInput, required, TextInput, useDataProvider, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { InputRow } from '../shared/InputRow';
import { NumberInput } from '../shared/NumberInput';
import { useApiAction } from '../shared/useApiAction';
import { useGuardedClose } from '../shared/useGuardedClose';
import { chosen, maxText, nonNegativeNumber, positiveNumber } from '../shared/validators';
import { LineKind, lineAddPayload, OrderRecord } from './order-record';
import { CalculationChoice, useWhatIfCalculations } from './CalculationChoice';

const selectProduct = chosen('resources.orders.validation.select_product');
const quantityRules = [required(), positiveNumber()];
const priceRules = [required(), nonNegativeNumber()];
const textRules = [required(), maxText(1000)];

/** A product line's calculation choice, for the product chosen in the dialog (none chosen yet: nothing to pick). */
const ChosenProductCalculation = () => {
  const productId = useWatch({ name: 'productId' }) as string | null | undefined;
  const whatIfs = useWhatIfCalculations(productId ? [productId] : []);
  return productId ? <CalculationChoice calculations={whatIfs.filter((calculation) => calculation.productId === productId)} /> : null;
};

const ProductInputs = () => (
  <>
    <ReferenceInput source="productId" reference="products" sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteInput validate={selectProduct} fullWidth label="resources.items.fields.productId" />
    </ReferenceInput>
    <ChosenProductCalculation />
    <NumberInput source="quantity" label="resources.items.fields.quantity" validate={quantityRules} fullWidth />
    <InputRow>
      <NumberInput source="unitPrice" label="resources.items.fields.unitPrice" money validate={nonNegativeNumber()} helperText="resources.items.helpers.unitPrice" />
      <NumberInput source="discountPercent" label="resources.items.fields.discountPercent" validate={nonNegativeNumber()} />
    </InputRow>
    <TextInput source="unitPriceReason" label="resources.items.fields.unitPriceReason" validate={maxText()} fullWidth helperText="resources.items.helpers.unitPriceReason" />
  </>
);

const FreeInputs = () => (
  <>
    <TextInput source="text" label="resources.items.fields.text" validate={textRules} multiline fullWidth helperText="resources.items.helpers.free_text" />
    <InputRow>
      <NumberInput source="quantity" label="resources.items.fields.quantity" validate={quantityRules} />
      <TextInput source="unit" label="resources.items.fields.unit" validate={maxText(20)} helperText="resources.items.helpers.unit" />
    </InputRow>
    <InputRow>
      <NumberInput source="unitPrice" label="resources.items.fields.unitPrice" money validate={priceRules} />
      <NumberInput source="discountPercent" label="resources.items.fields.discountPercent" validate={nonNegativeNumber()} />
    </InputRow>
  </>
);

const TextLineInputs = () => (
  <TextInput source="text" label="resources.items.fields.text" validate={textRules} multiline minRows={2} fullWidth helperText="resources.items.helpers.text" />
);

const INPUTS: Record<LineKind, ComponentType> = { product: ProductInputs, free: FreeInputs, text: TextLineInputs };

/**
 * Adds a line of `kind` at the end of the offer (docs/api-orders.md "order-items"): a product priced as today,
 * a free line (design work, freight, packaging) or a text (a heading or a note). The API's refusals show
 * beside their fields; typed work is not thrown away without asking.
 */
export const AddLineDialog = ({ kind, order, onClose }: { kind: LineKind; order: OrderRecord; onClose: () => void }) => {
  const translate = useTranslate();
  const titleId = useId();
  const dataProvider = useDataProvider();
  const { submit, pending } = useApiAction();
  const { tracker, guardedClose } = useGuardedClose(onClose);
  const Inputs = INPUTS[kind];
  const save = (values: Record<string, unknown>) =>
    submit(() => dataProvider.create('items', { data: lineAddPayload(kind, { ...values, orderId: order.id }) }), 'resources.orders.lines.added', onClose);
  return (
    <Dialog open onClose={guardedClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <Form onSubmit={save} noValidate>
        {tracker}
        <DialogTitle id={titleId}>{translate(`resources.orders.lines.add_${kind}`)}</DialogTitle>
        <DialogContent sx={{ pb: 0 }}>
          <Inputs />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <MuiButton onClick={guardedClose}>{translate('ra.action.cancel')}</MuiButton>
          <MuiButton variant="contained" type="submit" disabled={pending}>
            {translate('ra.action.save')}
          </MuiButton>
        </DialogActions>
      </Form>
    </Dialog>
  );
};
