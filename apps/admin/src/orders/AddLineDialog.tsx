import { Dialog, DialogActions, DialogContent, DialogTitle, Button as MuiButton } from '@mui/material';
import { ComponentType, useId, useState } from 'react';
import { AutocompleteInput, Form, ReferenceInput, required, TextInput, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { submissionErrors } from '../api/http-client';
import { InputRow } from '../shared/InputRow';
import { NumberInput } from '../shared/NumberInput';
import { useNotifyError } from '../shared/useErrorNotice';
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
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const [saving, setSaving] = useState(false);
  const { tracker, guardedClose } = useGuardedClose(onClose);
  const Inputs = INPUTS[kind];
  const save = async (values: Record<string, unknown>) => {
    setSaving(true);
    try {
      await dataProvider.create('items', { data: lineAddPayload(kind, { ...values, orderId: order.id }) });
      notify('resources.orders.lines.added', { type: 'success' });
      onClose();
      refresh();
      return undefined;
    } catch (error) {
      notifyError(error, 'fabquote.errors.save_failed');
      return submissionErrors(error);
    } finally {
      setSaving(false);
    }
  };
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
          <MuiButton variant="contained" type="submit" disabled={saving}>
            {translate('ra.action.save')}
          </MuiButton>
        </DialogActions>
      </Form>
    </Dialog>
  );
};
