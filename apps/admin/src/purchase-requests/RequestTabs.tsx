import ReplayIcon from '@mui/icons-material/Replay';
import { Typography } from '@mui/material';
import { useState } from 'react';
import {
  AutocompleteInput,
  Button,
  DataTable,
  RaRecord,
  ReferenceInput,
  SelectInput,
  useCanAccess,
  useGetList,
  useRecordContext,
  useTranslate,
  Validator,
} from 'react-admin';
import { ReferenceName } from '../shared/ReferenceName';
import { DateText, QuantityText } from '../shared/values';
import { ConfirmDialog, PurchaseRequestPage, usePostAction } from './PurchaseRequestPage';
import { MESSAGE, parseQuantities, PurchaseRequestRecord, quantitiesText, RequestSupplierRecord } from './purchase-request-record';
import { QuantitiesInput, RequestProductInputs } from './PurchaseRequestInputs';
import { RequestRows } from './RequestRows';
import { ProductLine, useProductLines } from './useProductLines';

/** The API takes the quantities as numbers; the input holds them as typed. */
const withQuantities = (data: Record<string, unknown>) => ({ ...data, quantities: parseQuantities(data.quantities).quantities ?? [] });

const Quantities = ({ row }: { row: Record<string, unknown> }) => (
  <Typography component="span" variant="body2">
    {quantitiesText(row.quantities)}
  </Typography>
);

const ProductRows = () => {
  const translate = useTranslate();
  return (
    <RequestRows
      reference="purchase-request-products"
      sort={{ field: 'createdAt', order: 'ASC' }}
      attach={{
        label: 'resources.purchase-request-products.attach',
        attached: 'resources.purchase-requests.messages.product_attached',
        inputs: <RequestProductInputs />,
        transform: withQuantities,
      }}
      editInputs={<QuantitiesInput />}
      editTransform={(data: Record<string, unknown>) => ({ quantities: parseQuantities(data.quantities).quantities ?? [] })}
      rowName={(row) => translate('resources.purchase-request-products.row', { name: String(row.productName ?? '') })}
    >
      <DataTable.Col source="productNumber" disableSort />
      <DataTable.Col source="productId" disableSort>
        <ReferenceName source="productId" reference="products" />
      </DataTable.Col>
      <DataTable.Col source="quantities" disableSort render={(row) => <Quantities row={row} />} />
    </RequestRows>
  );
};

/** /purchase-requests/:id/products */
export const PurchaseRequestProducts = () => (
  <PurchaseRequestPage>
    <ProductRows />
  </PurchaseRequestPage>
);

const selectSupplier: Validator = (value: unknown) => (value ? undefined : MESSAGE.selectSupplier);

/** Mails this one supplier again: a new link replaces its old one. */
const ResendButton = ({ row }: { row: RaRecord }) => {
  const request = useRecordContext<PurchaseRequestRecord>();
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: 'purchase-requests', action: 'send' });
  const [open, setOpen] = useState(false);
  const { run, pending } = usePostAction('resources.purchase-requests.messages.sent');
  const supplier = row as unknown as RequestSupplierRecord;
  if (!request || !canAccess || request.status === 'closed') return null;
  return (
    <>
      <Button label={supplier.invitedAt ? 'resources.purchase-request-suppliers.resend' : 'resources.purchase-request-suppliers.send'} onClick={() => setOpen(true)}>
        <ReplayIcon />
      </Button>
      <ConfirmDialog
        open={open}
        title={translate('resources.purchase-request-suppliers.resend_title', { name: supplier.supplierName })}
        content={translate('resources.purchase-request-suppliers.resend_content', { email: supplier.supplierEmail })}
        confirmLabel="resources.purchase-requests.send.confirm"
        pending={pending}
        onClose={() => setOpen(false)}
        onConfirm={async () => {
          if (await run(`/purchase-requests/${encodeURIComponent(request.id)}/send`, { supplierIds: [supplier.supplierId] })) setOpen(false);
        }}
      />
    </>
  );
};

const SupplierRows = () => {
  const translate = useTranslate();
  return (
    <RequestRows
      reference="purchase-request-suppliers"
      sort={{ field: 'createdAt', order: 'ASC' }}
      attach={{
        label: 'resources.purchase-request-suppliers.attach',
        attached: 'resources.purchase-requests.messages.supplier_attached',
        inputs: (
          <ReferenceInput source="supplierId" reference="suppliers" sort={{ field: 'name', order: 'ASC' }}>
            <AutocompleteInput validate={selectSupplier} fullWidth label="resources.purchase-request-suppliers.fields.supplierId" />
          </ReferenceInput>
        ),
      }}
      rowName={(row) => translate('resources.purchase-request-suppliers.row', { name: String(row.supplierName ?? '') })}
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
};

/** /purchase-requests/:id/suppliers */
export const PurchaseRequestSuppliers = () => (
  <PurchaseRequestPage>
    <SupplierRows />
  </PurchaseRequestPage>
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

/** The request's products' lines not attached yet, as choices named "product – operation". */
const LineInput = ({ kind, source, validate }: { kind: 'operations' | 'parts'; source: string; validate: Validator }) => {
  // Inside the attach dialog the record is the new row, which names its request.
  const requestId = useRecordContext()?.purchaseRequestId as string | undefined;
  const lines = useProductLines(useRequestProductIds(requestId));
  const reference = kind === 'operations' ? 'purchase-request-operations' : 'purchase-request-parts';
  const { data: attached } = useGetList(reference, { filter: { purchaseRequestId: requestId }, pagination: { page: 1, perPage: 1000 } }, { enabled: Boolean(requestId) });
  const taken = new Set((attached ?? []).map((row) => String(row[source])));
  const choices = (lines[kind] as ProductLine[])
    .filter((line) => !taken.has(line.id))
    .map((line) => ({ id: line.id, name: `${line.productName} – ${line.name}${line.number ? ` (${line.number})` : ''}` }));
  return <SelectInput source={source} choices={choices} validate={validate} fullWidth label={`resources.${reference}.fields.${source}`} isPending={lines.isPending} />;
};

const selectOperation: Validator = (value: unknown) => (value ? undefined : MESSAGE.selectProductOperation);
const selectPart: Validator = (value: unknown) => (value ? undefined : MESSAGE.selectProductPart);

const OperationRows = () => {
  const translate = useTranslate();
  return (
    <RequestRows
      reference="purchase-request-operations"
      sort={{ field: 'createdAt', order: 'ASC' }}
      attach={{
        label: 'resources.purchase-request-operations.attach',
        attached: 'resources.purchase-requests.messages.product_operation_attached',
        inputs: <LineInput kind="operations" source="productOperationId" validate={selectOperation} />,
      }}
      rowName={(row) => translate('resources.purchase-request-operations.row', { name: String(row.operationName ?? '') })}
    >
      <DataTable.Col source="productName" disableSort />
      <DataTable.Col source="sorting" align="right" disableSort render={(row) => <QuantityText value={row.sorting} />} />
      <DataTable.Col source="operationName" disableSort />
    </RequestRows>
  );
};

/** /purchase-requests/:id/product-operations */
export const PurchaseRequestOperations = () => (
  <PurchaseRequestPage>
    <OperationRows />
  </PurchaseRequestPage>
);

const PartRows = () => {
  const translate = useTranslate();
  return (
    <RequestRows
      reference="purchase-request-parts"
      sort={{ field: 'createdAt', order: 'ASC' }}
      attach={{
        label: 'resources.purchase-request-parts.attach',
        attached: 'resources.purchase-requests.messages.product_part_attached',
        inputs: <LineInput kind="parts" source="productPartId" validate={selectPart} />,
      }}
      rowName={(row) => translate('resources.purchase-request-parts.row', { name: String(row.partName ?? '') })}
    >
      <DataTable.Col source="productName" disableSort />
      <DataTable.Col source="partNumber" disableSort />
      <DataTable.Col source="partName" disableSort />
      <DataTable.Col source="quantity" align="right" disableSort render={(row) => <QuantityText value={row.quantity} />} />
    </RequestRows>
  );
};

/** /purchase-requests/:id/product-parts */
export const PurchaseRequestParts = () => (
  <PurchaseRequestPage>
    <PartRows />
  </PurchaseRequestPage>
);
