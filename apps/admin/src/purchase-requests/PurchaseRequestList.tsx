import { DataTable, SelectInput } from 'react-admin';
import { LocalizedDateTimeInput } from '../shared/DateInputs';
import { choicesOf } from '../shared/choices';
import { CsvColumn } from '../shared/csv-export';
import { RecordList } from '../shared/RecordList';
import { referenceFilter } from '../shared/referenceFilter';
import { Parts, SmallRows, StatusText } from '../shared/SmallList';
import { DateText, QuantityText, StatusChip } from '../shared/values';
import { PURCHASE_REQUEST_STATUS_PREFIX, PURCHASE_REQUEST_STATUSES, PurchaseRequestRecord } from './purchase-request-record';

const filters = [
  <SelectInput key="status" source="status" choices={choicesOf(PURCHASE_REQUEST_STATUSES, PURCHASE_REQUEST_STATUS_PREFIX)} />,
  <LocalizedDateTimeInput key="closeSubmissionDeadline_gte" source="closeSubmissionDeadline_gte" />,
  <LocalizedDateTimeInput key="closeSubmissionDeadline_lte" source="closeSubmissionDeadline_lte" />,
  referenceFilter('supplierId', 'suppliers'),
  referenceFilter('productId', 'products'),
];

const exportColumns: CsvColumn[] = [
  { source: 'number' },
  { source: 'name' },
  { source: 'status', choices: PURCHASE_REQUEST_STATUS_PREFIX },
  { source: 'closeSubmissionDeadline' },
  { source: 'supplierCount' },
  { source: 'offerCount' },
  { source: 'sentAt' },
  { source: 'createdByName' },
];

/** docs/product.md §2 /purchase-requests: open ones read "Active Request", closed ones "Closed" (it was "Posted"). */
const small: SmallRows<PurchaseRequestRecord> = {
  primaryText: (request) => request.name,
  secondaryText: (request) => <Parts>{[request.number, <StatusText key="status" kind="purchase_request" status={request.status} />]}</Parts>,
  tertiaryText: (request) => <DateText value={request.closeSubmissionDeadline} />,
};

export const PurchaseRequestList = () => (
  <RecordList<PurchaseRequestRecord> sort={{ field: 'createdAt', order: 'DESC' }} filters={filters} exportColumns={exportColumns} small={small}>
    <DataTable.Col source="number" />
    <DataTable.Col source="name" />
    <DataTable.Col source="status" render={(record) => <StatusChip kind="purchase_request" status={record.status} />} />
    <DataTable.Col source="closeSubmissionDeadline" render={(record) => <DateText value={record.closeSubmissionDeadline} withTime />} />
    <DataTable.Col source="supplierCount" align="right" disableSort render={(record) => <QuantityText value={record.supplierCount} />} />
    <DataTable.Col source="offerCount" align="right" disableSort render={(record) => <QuantityText value={record.offerCount} />} />
    <DataTable.Col source="sentAt" render={(record) => <DateText value={record.sentAt} withTime />} />
  </RecordList>
);
