import { Box, Divider, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { FunctionField, Labeled, TextField, useGetList, useRecordContext, useTranslate } from 'react-admin';
import type { OrderStatusChange } from '../api/contracts';
import { LANGUAGE_NAMES } from '../shared/choices';
import { ReferenceName } from '../shared/ReferenceName';
import { SectionHeading } from '../shared/SectionHeading';
import { ShowSection } from '../shared/ShowSection';
import { DateText, DateValueField, labeledFields, MoneyText, QuantityField, QuantityText, recordDates, StatusChip } from '../shared/values';
import { OrderRecord } from './order-record';
import { OrderPage } from './OrderPage';

/** docs/api-orders.md "Totals": each figure as money in the order's own currency. */
const MONEY_TOTALS = ['totalPrice', 'discountAmount', 'valueOfGoods', 'commission', 'subtotal', 'vatAmount', 'totalWithVat'] as const;

const OrderMoney = ({ source }: { source: (typeof MONEY_TOTALS)[number]; label?: string }) => {
  const order = useRecordContext<OrderRecord>();
  return <MoneyText value={order?.[source]} currency={order?.currency} />;
};

/** Every change of status, oldest first: from, to, who, when (the first line is the creation). */
const StatusHistory = () => {
  const order = useRecordContext<OrderRecord>();
  const translate = useTranslate();
  const { data } = useGetList<OrderStatusChange>(
    'order-status-changes',
    { filter: { orderId: order?.id }, pagination: { page: 1, perPage: 100 }, sort: { field: 'changedAt', order: 'ASC' } },
    { enabled: Boolean(order?.id) },
  );
  const title = translate('resources.orders.history.title');
  return (
    <Box component="section" aria-label={title} sx={{ p: 2 }} data-testid="order-history">
      <SectionHeading title={title} />
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate('resources.orders.history.from')}</TableCell>
            <TableCell>{translate('resources.orders.history.to')}</TableCell>
            <TableCell>{translate('resources.orders.history.by')}</TableCell>
            <TableCell>{translate('resources.orders.history.at')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(data ?? []).map((change) => (
            <TableRow key={change.id}>
              <TableCell>
                {change.fromStatus ? (
                  <StatusChip kind="order" status={change.fromStatus} />
                ) : (
                  <Typography variant="body2">{translate('resources.orders.history.created')}</Typography>
                )}
              </TableCell>
              <TableCell>
                <StatusChip kind="order" status={change.toStatus} />
              </TableCell>
              <TableCell>
                <Typography variant="body2">{change.changedByName ?? '--'}</Typography>
              </TableCell>
              <TableCell>
                <DateText value={change.changedAt} withTime />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
};

/** /orders/:id/view: the header, the status, the totals and the status history. */
export const OrderShow = () => (
  <OrderPage>
    <Stack direction={{ xs: 'column', md: 'row' }}>
      <ShowSection title="resources.orders.sections.order">
        <TextField source="number" />
        <TextField source="name" />
        <FunctionField<OrderRecord> source="status" render={(record) => <StatusChip kind="order" status={record.status} data-testid="order-status" />} />
        <Labeled source="customerId">
          <ReferenceName source="customerId" reference="customers" />
        </Labeled>
        <TextField source="requestNumber" emptyText="--" />
        <TextField source="description" emptyText="--" />
        {labeledFields(['validUntil', 'shippingDate'], (source) => (
          <DateValueField source={source} />
        ))}
        <TextField source="contactName" emptyText="--" />
        <TextField source="contactPhone" emptyText="--" />
        <TextField source="contactEmail" emptyText="--" />
        <TextField source="paymentTerms" emptyText="--" />
        <TextField source="shippingTerms" emptyText="--" />
        <TextField source="shippingMethod" emptyText="--" />
        <QuantityField source="shippingDays" />
        <FunctionField<OrderRecord> source="language" render={(record) => LANGUAGE_NAMES[record.language] ?? record.language} />
        <TextField source="createdByName" emptyText="--" />
        {recordDates()}
      </ShowSection>
      <ShowSection title="resources.orders.sections.totals">
        <TextField source="currency" />
        {labeledFields(MONEY_TOTALS, (source) => (
          <OrderMoney source={source as (typeof MONEY_TOTALS)[number]} />
        ))}
        <FunctionField<OrderRecord> source="commissionPercent" render={(record) => <QuantityText value={record.commissionPercent} unit="%" fractionDigits={2} />} />
        <FunctionField<OrderRecord> source="vatRate" render={(record) => <QuantityText value={record.vatRate} unit="%" fractionDigits={2} />} />
        {labeledFields(['itemsCount', 'totalQuantity'], (source) => (
          <QuantityField source={source} />
        ))}
      </ShowSection>
    </Stack>
    <Divider />
    <StatusHistory />
  </OrderPage>
);
