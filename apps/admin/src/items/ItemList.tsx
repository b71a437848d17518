import { DataTable, SelectInput } from 'react-admin';
import type { OrderItem } from '../api/contracts';
import { ORDER_STATUS_PREFIX, ORDER_STATUSES } from '../orders/order-record';
import { choicesOf } from '../shared/choices';
import { CsvColumn } from '../shared/csv-export';
import { RecordList } from '../shared/RecordList';
import { referenceFilter } from '../shared/referenceFilter';
import { Parts, SmallRows, StatusText } from '../shared/SmallList';
import { MoneyText, QuantityText, StatusChip } from '../shared/values';

const filters = [
  <SelectInput key="orderStatus" source="orderStatus" choices={choicesOf(ORDER_STATUSES, ORDER_STATUS_PREFIX)} />,
  referenceFilter('productId', 'products'),
  referenceFilter('orderId', 'orders', { field: 'createdAt', order: 'DESC' }),
];

const exportColumns: CsvColumn[] = [
  { source: 'orderNumber' },
  { source: 'productName' },
  { source: 'quantity' },
  { source: 'unitPrice' },
  { source: 'lineTotal' },
  { source: 'currency' },
];

/** The item columns /items and a product's items tab share. */
export const itemColumns = (withProduct: boolean) => [
  <DataTable.Col<OrderItem> key="orderNumber" source="orderNumber" />,
  <DataTable.Col<OrderItem> key="orderStatus" source="orderStatus" render={(item) => <StatusChip kind="order" status={item.orderStatus} />} />,
  ...(withProduct ? [<DataTable.Col<OrderItem> key="productName" source="productName" render={(item) => item.productName ?? item.text} />] : []),
  <DataTable.Col<OrderItem> key="quantity" source="quantity" align="right" render={(item) => <QuantityText value={item.quantity} />} />,
  <DataTable.Col<OrderItem> key="unitPrice" source="unitPrice" align="right" render={(item) => <MoneyText value={item.unitPrice} currency={item.currency} unitPrice />} />,
  <DataTable.Col<OrderItem> key="lineTotal" source="lineTotal" align="right" render={(item) => <MoneyText value={item.lineTotal} currency={item.currency} />} />,
];

/** What is sold: product and free lines (a free line named by its text); text lines are headings and notes of their order. */
const SOLD = { kind: ['product', 'free'] };

/**
 * docs/product.md §2 /items: every order's items (order-items), newest first. They are added and
 * changed on their order's items tab, where a Draft allows it.
 */
const small: SmallRows<OrderItem> = {
  primaryText: (item) => item.productName ?? item.text,
  secondaryText: (item) => <Parts>{[item.orderNumber, <StatusText key="status" kind="order" status={item.orderStatus} />]}</Parts>,
  tertiaryText: (item) => <MoneyText value={item.lineTotal} currency={item.currency} />,
};

export const ItemList = () => (
  <RecordList<OrderItem> sort={{ field: 'createdAt', order: 'DESC' }} filter={SOLD} filters={filters} exportColumns={exportColumns} small={small}>
    {itemColumns(true)}
  </RecordList>
);
