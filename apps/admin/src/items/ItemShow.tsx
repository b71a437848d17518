import { Stack } from '@mui/material';
import { FunctionField, Labeled, Link, TextField, useRecordContext, useTranslate } from 'react-admin';
import type { OrderItem } from '../api/contracts';
import { recordPath } from '../routing/route-table';
import { RecordShow } from '../shared/RecordPages';
import { ReferenceName } from '../shared/ReferenceName';
import { ShowSection } from '../shared/ShowSection';
import { MoneyText, QuantityField, QuantityText, recordDates, StatusChip } from '../shared/values';

const ItemMoney = ({ source, unitPrice }: { source: 'unitPrice' | 'takenUnitPrice' | 'amount' | 'discountAmount' | 'lineTotal'; unitPrice?: boolean; label?: string }) => {
  const item = useRecordContext<OrderItem>();
  return <MoneyText value={item?.[source]} currency={item?.currency} unitPrice={unitPrice} />;
};

const OrderLink = () => {
  const item = useRecordContext<OrderItem>();
  if (!item) return null;
  return (
    <Link to={recordPath.view('orders', item.orderId)}>
      {item.orderNumber} – {item.orderName}
    </Link>
  );
};

const PriceSource = ({ item }: { item: OrderItem }) => {
  const translate = useTranslate();
  return <>{translate(`resources.items.price_sources.${item.priceSource}`, { _: item.priceSource })}</>;
};

/** /items/:id/view: one item of an order, its price and where the price came from. */
export const ItemShow = () => (
  <RecordShow>
    <Stack direction={{ xs: 'column', md: 'row' }}>
      <ShowSection title="resources.items.sections.item">
        <Labeled source="orderId">
          <OrderLink />
        </Labeled>
        <FunctionField<OrderItem> source="orderStatus" render={(item) => <StatusChip kind="order" status={item.orderStatus} />} />
        <Labeled source="productId">
          <ReferenceName source="productId" reference="products" />
        </Labeled>
        <TextField source="text" emptyText="--" sx={{ whiteSpace: 'pre-line' }} />
        <TextField source="position" />
        <Labeled source="quantity">
          <QuantityField source="quantity" />
        </Labeled>
        {recordDates()}
      </ShowSection>
      <ShowSection title="resources.items.sections.price">
        <Labeled source="unitPrice">
          <ItemMoney source="unitPrice" unitPrice />
        </Labeled>
        <Labeled source="takenUnitPrice">
          <ItemMoney source="takenUnitPrice" unitPrice />
        </Labeled>
        <FunctionField<OrderItem> source="priceSource" render={(item) => <PriceSource item={item} />} />
        <TextField source="unitPriceReason" emptyText="--" />
        <FunctionField<OrderItem> source="discountPercent" render={(item) => <QuantityText value={item.discountPercent} unit="%" fractionDigits={2} />} />
        <Labeled source="amount">
          <ItemMoney source="amount" />
        </Labeled>
        <Labeled source="discountAmount">
          <ItemMoney source="discountAmount" />
        </Labeled>
        <Labeled source="lineTotal">
          <ItemMoney source="lineTotal" />
        </Labeled>
      </ShowSection>
    </Stack>
  </RecordShow>
);
