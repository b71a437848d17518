import { Alert, Box } from '@mui/material';
import { ReactNode } from 'react';
import { AutocompleteInput, DataTable, ReferenceInput, ReferenceManyField, required, TextInput, useRecordContext, useTranslate } from 'react-admin';
import { ChildPagination, ChildRecords, PER_PAGE } from '../shared/ChildRecords';
import { SectionHeading } from '../shared/SectionHeading';
import { InputRow } from '../shared/InputRow';
import { chosen, maxText, nonNegativeNumber, positiveNumber } from '../shared/validators';
import { MoneyText, QuantityText } from '../shared/values';
import { isDraft, itemAddPayload, itemEditPayload, OrderRecord } from './order-record';
import { OrderPage } from './OrderPage';
import { NumberInput } from '../shared/NumberInput';

const selectProduct = chosen('resources.orders.validation.select_product');

/** Quantity, a price of its own with its reason, and a discount: what a Draft's item changes. */
const PriceInputs = () => (
  <>
    <NumberInput source="quantity" validate={[required(), positiveNumber()]} fullWidth />
    <InputRow>
      <NumberInput source="unitPrice" money validate={nonNegativeNumber()} helperText="resources.items.helpers.unitPrice" />
      <NumberInput source="discountPercent" validate={nonNegativeNumber()} />
    </InputRow>
    <TextInput source="unitPriceReason" validate={maxText()} fullWidth helperText="resources.items.helpers.unitPriceReason" />
  </>
);

const AddInputs = () => (
  <>
    <ReferenceInput source="productId" reference="products" sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteInput validate={selectProduct} fullWidth label="resources.items.fields.productId" />
    </ReferenceInput>
    <PriceInputs />
  </>
);

const ReadOnlyItems = ({ children }: { children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box component="section" sx={{ mt: 2 }} data-testid="child-records-items">
      <SectionHeading title={translate('resources.items.name', { smart_count: 2 })} />
      <ReferenceManyField reference="items" target="orderId" sort={{ field: 'position', order: 'ASC' }} perPage={PER_PAGE} pagination={<ChildPagination />}>
        <DataTable bulkActionButtons={false} rowClick={false} size="small">
          {children}
        </DataTable>
      </ReferenceManyField>
    </Box>
  );
};

const Items = () => {
  const order = useRecordContext<OrderRecord>();
  const translate = useTranslate();
  if (!order) return null;
  const currency = order.currency;
  const columns = (
    <>
      <DataTable.Col source="position" />
      <DataTable.Col source="productName" />
      <DataTable.Col source="quantity" align="right" render={(item) => <QuantityText value={item.quantity} />} />
      <DataTable.Col source="unitPrice" align="right" render={(item) => <MoneyText value={item.unitPrice} currency={currency} unitPrice />} />
      <DataTable.Col source="unitPriceReason" />
      <DataTable.Col source="discountPercent" align="right" render={(item) => <QuantityText value={item.discountPercent} unit="%" fractionDigits={2} />} />
      <DataTable.Col source="lineTotal" align="right" render={(item) => <MoneyText value={item.lineTotal} currency={currency} />} />
    </>
  );
  return (
    <Box sx={{ px: 2, pb: 2 }} data-testid="order-items">
      {isDraft(order) ? null : (
        <Alert severity="info" sx={{ mt: 2 }}>
          {translate('resources.orders.items_locked')}
        </Alert>
      )}
      {isDraft(order) ? (
        <ChildRecords
          reference="items"
          target="orderId"
          sort={{ field: 'position', order: 'ASC' }}
          inputs={<AddInputs />}
          transform={itemAddPayload}
          editInputs={<PriceInputs />}
          editTransform={itemEditPayload}
          rowName={(row) => translate('resources.items.row', { name: String(row.productName ?? '') })}
        >
          {columns}
        </ChildRecords>
      ) : (
        <ReadOnlyItems>{columns}</ReadOnlyItems>
      )}
    </Box>
  );
};

/** /orders/:id/items: the order's products; changed only while it is a Draft. */
export const OrderItems = () => (
  <OrderPage>
    <Items />
  </OrderPage>
);
