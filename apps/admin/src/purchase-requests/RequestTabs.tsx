import ReplayIcon from '@mui/icons-material/Replay';
import { Typography } from '@mui/material';
import { AutocompleteInput, DataTable, RaRecord, ReferenceInput, SelectInput, useGetList, useLocaleState, useRecordContext, useShowContext, useTranslate } from 'react-admin';
import { formatQuantity } from '../shared/format';
import { ReferenceName } from '../shared/ReferenceName';
import { chosen } from '../shared/validators';
import { DateText, QuantityText } from '../shared/values';
import { PostActionButton, requestPath } from './PurchaseRequestPage';
import { MESSAGE, parseQuantities, PurchaseRequestRecord, quantitiesText, RequestSupplierRecord } from './purchase-request-record';
import { QuantitiesInput, RequestProductInputs } from './PurchaseRequestInputs';
import { RequestRows } from './RequestRows';
import { ProductLine, useProductLines } from './useProductLines';

/** The API takes the quantities as numbers; the input holds them as typed, in the chosen language. Editing changes only them. */
const quantitiesOf = (data: Record<string, unknown>, locale: string) => parseQuantities(data.quantities, locale).quantities ?? [];

/** The asked quantities grouped like every other number of the page (1,000 / 5,000; 1.000 / 5.000). */
const Quantities = ({ row }: { row: Record<string, unknown> }) => {
  const [locale] = useLocaleState();
  return (
    <Typography component="span" variant="body2">
      {Array.isArray(row.quantities) ? row.quantities.map((quantity) => formatQuantity(quantity, locale)).join(' / ') : quantitiesText(row.quantities, locale)}
    </Typography>
  );
};

/** /purchase-requests/:id/products */
export const PurchaseRequestProducts = () => {
  const [locale] = useLocaleState();
  return (
    <RequestRows
      reference="purchase-request-products"
      named="productName"
      attached="resources.purchase-requests.messages.product_attached"
      inputs={<RequestProductInputs />}
      transform={(data: Record<string, unknown>) => ({ ...data, quantities: quantitiesOf(data, locale) })}
      editInputs={<QuantitiesInput />}
      editTransform={(data: Record<string, unknown>) => ({ quantities: quantitiesOf(data, locale) })}
    >
      <DataTable.Col source="productNumber" disableSort />
      <DataTable.Col source="productId" disableSort>
        <ReferenceName source="productId" reference="products" />
      </DataTable.Col>
      <DataTable.Col source="quantities" disableSort render={(row) => <Quantities row={row} />} />
    </RequestRows>
  );
};

const selectSupplier = chosen(MESSAGE.selectSupplier);

/** Mails this one supplier again: a new link replaces its old one. */
const ResendButton = ({ row }: { row: RaRecord }) => {
  // The show's record: inside the table the record context is the row, not the request.
  const { record: request } = useShowContext<PurchaseRequestRecord>();
  const translate = useTranslate();
  const supplier = row as unknown as RequestSupplierRecord;
  if (!request || request.status === 'closed') return null;
  return (
    <PostActionButton
      label={supplier.invitedAt ? 'resources.purchase-request-suppliers.resend' : 'resources.purchase-request-suppliers.send'}
      icon={<ReplayIcon />}
      action="send"
      title={translate('resources.purchase-request-suppliers.resend_title', { name: supplier.supplierName })}
      content={translate('resources.purchase-request-suppliers.resend_content', { email: supplier.supplierEmail })}
      confirmLabel="resources.purchase-requests.send.confirm"
      done="resources.purchase-requests.messages.sent"
      path={requestPath(request, 'send')}
      body={{ supplierIds: [supplier.supplierId] }}
    />
  );
};

/** /purchase-requests/:id/suppliers */
export const PurchaseRequestSuppliers = () => (
  <RequestRows
    reference="purchase-request-suppliers"
    named="supplierName"
    attached="resources.purchase-requests.messages.supplier_attached"
    inputs={
      <ReferenceInput source="supplierId" reference="suppliers" sort={{ field: 'name', order: 'ASC' }}>
        <AutocompleteInput validate={selectSupplier} fullWidth label="resources.purchase-request-suppliers.fields.supplierId" />
      </ReferenceInput>
    }
    rowActions={(row) => <ResendButton row={row} />}
  >
    <DataTable.Col source="supplierId" disableSort>
      <ReferenceName source="supplierId" reference="suppliers" />
    </DataTable.Col>
    <DataTable.Col source="supplierEmail" disableSort />
    <DataTable.Col source="language" disableSort render={(row) => String(row.language ?? '--').toUpperCase()} />
    <DataTable.Col source="invitedAt" disableSort render={(row) => <DateText value={row.invitedAt} withTime />} />
    <DataTable.Col source="offerSubmittedAt" disableSort render={(row) => <DateText value={row.offerSubmittedAt} withTime />} />
    <DataTable.Col source="revisions" align="right" disableSort render={(row) => <QuantityText value={row.revisions} />} />
  </RequestRows>
);

/** The request's products, for the lines that may be attached. */
function useRequestProductIds(requestId: string | undefined): string[] {
  const { data } = useGetList(
    'purchase-request-products',
    { filter: { purchaseRequestId: requestId }, pagination: { page: 1, perPage: 100 }, sort: { field: 'createdAt', order: 'ASC' } },
    { enabled: Boolean(requestId) },
  );
  return (data ?? []).map((row) => String(row.productId));
}

/** Per kind of line: the request's rows, and the field naming the product's line. */
const LINES = {
  operations: { reference: 'purchase-request-operations', source: 'productOperationId', validate: chosen(MESSAGE.selectProductOperation) },
  parts: { reference: 'purchase-request-parts', source: 'productPartId', validate: chosen(MESSAGE.selectProductPart) },
} as const;

/** The request's products' lines not attached yet, as choices named "product – operation". */
const LineInput = ({ kind }: { kind: keyof typeof LINES }) => {
  // Inside the attach dialog the record is the new row, which names its request.
  const requestId = useRecordContext()?.purchaseRequestId as string | undefined;
  const lines = useProductLines(useRequestProductIds(requestId));
  const { reference, source, validate } = LINES[kind];
  const { data: attached } = useGetList(reference, { filter: { purchaseRequestId: requestId }, pagination: { page: 1, perPage: 1000 } }, { enabled: Boolean(requestId) });
  const taken = new Set((attached ?? []).map((row) => String(row[source])));
  const choices = (lines[kind] as ProductLine[])
    .filter((line) => !taken.has(line.id))
    .map((line) => ({ id: line.id, name: `${line.productName} – ${line.name}${line.number ? ` (${line.number})` : ''}` }));
  return <SelectInput source={source} choices={choices} validate={validate} fullWidth label={`resources.${reference}.fields.${source}`} isPending={lines.isPending} />;
};

/** /purchase-requests/:id/product-operations */
export const PurchaseRequestOperations = () => (
  <RequestRows
    reference="purchase-request-operations"
    named="operationName"
    attached="resources.purchase-requests.messages.product_operation_attached"
    inputs={<LineInput kind="operations" />}
  >
    <DataTable.Col source="productName" disableSort />
    <DataTable.Col source="sorting" align="right" disableSort render={(row) => <QuantityText value={row.sorting} />} />
    <DataTable.Col source="operationName" disableSort />
  </RequestRows>
);

/** /purchase-requests/:id/product-parts */
export const PurchaseRequestParts = () => (
  <RequestRows
    reference="purchase-request-parts"
    named="partName"
    attached="resources.purchase-requests.messages.product_part_attached"
    inputs={<LineInput kind="parts" />}
  >
    <DataTable.Col source="productName" disableSort />
    <DataTable.Col source="partNumber" disableSort />
    <DataTable.Col source="partName" disableSort />
    <DataTable.Col source="quantity" align="right" disableSort render={(row) => <QuantityText value={row.quantity} />} />
  </RequestRows>
);
