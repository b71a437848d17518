import { AutocompleteInput, DataTable, ReferenceInput, SelectInput } from 'react-admin';
import { LocalizedDateInput } from '../shared/DateInputs';
import { choicesOf } from '../shared/choices';
import { CsvColumn } from '../shared/csv-export';
import { RecordList } from '../shared/RecordList';
import { Parts, SmallRows, StatusText } from '../shared/SmallList';
import { DateText, MoneyText, StatusChip } from '../shared/values';
import { ORDER_STATUS_PREFIX, ORDER_STATUSES, OrderRecord } from './order-record';

const filters = [
  <SelectInput key="status" source="status" choices={choicesOf(ORDER_STATUSES, ORDER_STATUS_PREFIX)} />,
  <ReferenceInput key="customerId" source="customerId" reference="customers" sort={{ field: 'name', order: 'ASC' }}>
    <AutocompleteInput />
  </ReferenceInput>,
  <LocalizedDateInput key="createdAt_gte" source="createdAt_gte" />,
  <LocalizedDateInput key="createdAt_lte" source="createdAt_lte" />,
];

const exportColumns: CsvColumn[] = [
  { source: 'number' },
  { source: 'name' },
  { source: 'customerName' },
  { source: 'status', choices: ORDER_STATUS_PREFIX },
  { source: 'totalWithVat' },
  { source: 'currency' },
  { source: 'validUntil' },
  { source: 'createdAt' },
];

/** docs/product.md §2 /orders: offers and orders alike, newest first, the total in the order's own currency. */
const small: SmallRows<OrderRecord> = {
  primaryText: (order) => order.name || order.number,
  secondaryText: (order) => <Parts>{[order.name ? order.number : null, order.customerName, <StatusText key="status" kind="order" status={order.status} />]}</Parts>,
  tertiaryText: (order) => <MoneyText value={order.totalWithVat} currency={order.currency} />,
};

export const OrderList = () => (
  <RecordList<OrderRecord> sort={{ field: 'createdAt', order: 'DESC' }} filters={filters} exportColumns={exportColumns} small={small}>
    <DataTable.Col source="number" />
    <DataTable.Col source="name" />
    <DataTable.Col source="customerName" />
    <DataTable.Col source="status" render={(record) => <StatusChip kind="order" status={record.status} />} />
    <DataTable.Col source="totalWithVat" align="right" render={(record) => <MoneyText value={record.totalWithVat} currency={record.currency} />} />
    <DataTable.Col source="validUntil" render={(record) => <DateText value={record.validUntil} />} />
    <DataTable.Col source="createdAt" render={(record) => <DateText value={record.createdAt} withTime />} />
  </RecordList>
);
