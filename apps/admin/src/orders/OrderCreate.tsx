import { Alert, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useCallback, useId, useState } from 'react';
import {
  ArrayInput,
  AutocompleteInput,
  Button,
  Form,
  ReferenceInput,
  required,
  SimpleFormIterator,
  TextInput,
  useDataProvider,
  useNotify,
  useTranslate,
} from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { submissionErrors } from '../api/http-client';
import { recordPath } from '../routing/route-table';
import { InputRow } from '../shared/InputRow';
import { useNotifyError } from '../shared/useErrorNotice';
import { useGuardedClose } from '../shared/useGuardedClose';
import { chosen, maxText, positiveNumber } from '../shared/validators';
import { createPayload, createRefusal, CreateValues } from './order-record';
import { CustomerInputs } from './OrderInputs';
import { OrderList } from './OrderList';
import { NumberInput } from '../shared/NumberInput';

const RESOURCE = 'orders';
const DEFAULTS: CreateValues = { items: [{ productId: null, quantity: null }] };
const selectProduct = chosen('resources.orders.validation.select_product');
const quantityValidators = [required(), positiveNumber()];

/** A product and how many: one row of the dialog's product list. */
const ProductLine = () => (
  <InputRow>
    <ReferenceInput source="productId" reference="products" sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteInput validate={selectProduct} label="resources.items.fields.productId" />
    </ReferenceInput>
    <NumberInput source="quantity" validate={quantityValidators} label="resources.items.fields.quantity" />
  </InputRow>
);

const CreateBody = ({ onCancel }: { onCancel: () => void }) => {
  const navigate = useNavigate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { handleSubmit, setError, getValues, reset } = useFormContext<CreateValues>();

  const save = async (values: CreateValues) => {
    const refused = createRefusal(values);
    setRefusal(refused);
    if (refused) return;
    setSaving(true);
    try {
      const { data } = await dataProvider.create(RESOURCE, { data: createPayload(values) });
      notify('resources.orders.messages.created', { type: 'success' });
      // Saved: nothing is unsaved any more, so the form's guard lets the view open without asking.
      reset(values);
      navigate(recordPath.view(RESOURCE, data.id));
    } catch (error) {
      notifyError(error, 'fabquote.errors.save_failed');
      const errors = submissionErrors(error) ?? {};
      if (typeof errors.items === 'string') setRefusal(errors.items);
      for (const [field, message] of Object.entries(errors)) {
        if (field !== 'root' && field !== 'items' && typeof message === 'string') setError(field as never, { type: 'server', message });
      }
    } finally {
      setSaving(false);
    }
  };
  // The refusal is checked before the inputs' own rules, so an empty list says what is missing.
  const submit = () => {
    const refused = createRefusal(getValues());
    setRefusal(refused);
    if (!refused) void handleSubmit(save)();
  };

  return (
    <>
      <DialogContent sx={{ pb: 0 }}>
        <CustomerInputs />
        <TextInput source="name" validate={maxText()} fullWidth helperText="resources.orders.helpers.name" />
        <Typography variant="subtitle2" sx={{ mt: 1 }}>
          {translate('resources.orders.create.products')}
        </Typography>
        {refusal ? (
          <Alert severity="error" sx={{ my: 1 }} role="alert" data-testid="order-create-refusal">
            {translate(refusal, { _: refusal })}
          </Alert>
        ) : null}
        <ArrayInput source="items" label={false}>
          <SimpleFormIterator inline disableReordering fullWidth>
            <ProductLine />
          </SimpleFormIterator>
        </ArrayInput>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button label="ra.action.cancel" onClick={onCancel} />
        <Button label="ra.action.save" variant="contained" disabled={saving} onClick={submit} />
      </DialogActions>
    </>
  );
};

/**
 * /orders/create (docs/product.md §2): the customer, the contact and the products with their quantities
 * in one dialog over the list, one POST; the order starts as a Draft priced from the products.
 */
const CreateOrderDialog = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const titleId = useId();
  const close = useCallback(() => navigate(recordPath.list(RESOURCE)), [navigate]);
  // Escape, a click beside it and Cancel ask before typed input is thrown away (the one dialog guard).
  const { tracker, guardedClose } = useGuardedClose(close);
  return (
    <Dialog open onClose={guardedClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{translate('ra.page.create', { name: translate(`resources.${RESOURCE}.name`, { smart_count: 1 }) })}</DialogTitle>
      <Form defaultValues={DEFAULTS} onSubmit={() => undefined} noValidate warnWhenUnsavedChanges>
        {tracker}
        <CreateBody onCancel={guardedClose} />
      </Form>
    </Dialog>
  );
};

export const OrderCreate = () => (
  <>
    <OrderList />
    <CreateOrderDialog />
  </>
);
