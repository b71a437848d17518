import { Box, Divider, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Fragment, ReactElement, useEffect } from 'react';
import { Labeled, TextField, useGetList, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import type { OrderStatusChange } from '../api/contracts';
import { LANGUAGE_NAMES } from '../shared/choices';
import { formatMoney, formatQuantity } from '../shared/format';
import { ReferenceName } from '../shared/ReferenceName';
import { SectionHeading } from '../shared/SectionHeading';
import { DateText, DateValueField, StatusChip } from '../shared/values';
import { OrderRecord } from './order-record';
import { CustomerQuestions, OnlineAnswer } from './OrderOnline';
import { OrderLines } from './OrderLines';
import { OrderPage } from './OrderPage';

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
  // A change without a user came from the customer on the offer page: "accepted online by Eva Müller".
  const changedBy = (change: OrderStatusChange) => {
    if (change.source !== 'customer-page') return change.changedByName ?? '--';
    if (change.toStatus === 'ordered') return translate('resources.orders.history.accepted_online_by', { name: change.note ?? '' });
    return change.note ? translate('resources.orders.history.declined_online', { reason: change.note }) : translate('resources.orders.history.declined_online_no_reason');
  };
  return (
    <Box component="section" aria-label={title} sx={{ p: 2, overflowX: 'auto' }} data-testid="order-history">
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
                <Typography variant="body2">{changedBy(change)}</Typography>
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

const Field = ({ source, children }: { source: string; children: ReactElement }) => (
  <Labeled source={source} resource="orders">
    {children}
  </Labeled>
);

const Text = ({ source }: { source: string }) => (
  <Field source={source}>
    <TextField source={source} emptyText="--" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} />
  </Field>
);

/**
 * The offer's header, as the document's top: who it is for and on what terms (changed on /orders/:id/edit).
 * A grid of four columns, two on a phone.
 */
const OrderHeader = () => {
  const order = useRecordContext<OrderRecord>();
  const translate = useTranslate();
  if (!order) return null;
  const title = translate('resources.orders.sections.order');
  return (
    <Box component="section" aria-label={title} sx={{ p: 2 }} data-testid="order-header">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {order.name && order.name !== order.number ? `${order.number} · ${order.name}` : order.number}
        </Typography>
        <StatusChip kind="order" status={order.status} data-testid="order-status" />
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' }, columnGap: 2 }}>
        <Field source="customerId">
          <ReferenceName source="customerId" reference="customers" />
        </Field>
        <Text source="contactName" />
        <Text source="contactEmail" />
        <Text source="contactPhone" />
        <Field source="validUntil">
          <DateValueField source="validUntil" />
        </Field>
        <Text source="paymentTerms" />
        <Text source="shippingTerms" />
        <Field source="language">
          <Typography variant="body2">{LANGUAGE_NAMES[order.language] ?? order.language}</Typography>
        </Field>
        <Text source="customerOrderNumber" />
        <Text source="requestNumber" />
        <Text source="shippingMethod" />
        <Field source="shippingDate">
          <DateValueField source="shippingDate" />
        </Field>
        <Text source="createdByName" />
        <Field source="createdAt">
          <DateValueField source="createdAt" withTime />
        </Field>
      </Box>
      {order.description ? (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line', mt: 1 }}>
          {order.description}
        </Typography>
      ) : null}
    </Box>
  );
};

/** docs/api-orders.md "Totals", beneath the lines and kept in view while they scroll; read again after every change of a line. */
const OrderTotals = () => {
  const order = useRecordContext<OrderRecord>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!order) return null;
  const money = (value: unknown) => formatMoney(value, locale, order.currency);
  const percent = (value: unknown) => formatQuantity(value, locale, '%', 2);
  const rows: Array<{ key: string; label: string; value: string; strong?: boolean }> = [
    ...(Number(order.discountAmount) > 0
      ? [
          { key: 'totalPrice', label: translate('resources.orders.fields.totalPrice'), value: money(order.totalPrice) },
          { key: 'discountAmount', label: translate('resources.orders.fields.discountAmount'), value: `− ${money(order.discountAmount)}` },
        ]
      : []),
    { key: 'valueOfGoods', label: translate('resources.orders.totals.net'), value: money(order.valueOfGoods) },
    { key: 'commission', label: translate('resources.orders.totals.commission', { percent: percent(order.commissionPercent) }), value: money(order.commission) },
    { key: 'vatAmount', label: translate('resources.orders.totals.vat', { percent: percent(order.vatRate) }), value: money(order.vatAmount) },
    { key: 'totalWithVat', label: translate('resources.orders.totals.gross'), value: money(order.totalWithVat), strong: true },
  ];
  const title = translate('resources.orders.sections.totals');
  return (
    <Box
      component="section"
      aria-label={title}
      data-testid="order-totals"
      sx={{ position: { md: 'sticky' }, bottom: 0, zIndex: 1, bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider', px: 2, py: 1 }}
    >
      <Box component="dl" sx={{ m: 0, ml: { sm: 'auto' }, maxWidth: { sm: 420 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', columnGap: 2, rowGap: 0.25 }}>
        {rows.map((row) => (
          <Fragment key={row.key}>
            <Typography component="dt" variant="body2" sx={{ fontWeight: row.strong ? 700 : undefined }}>
              {row.label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right', fontWeight: row.strong ? 700 : undefined, whiteSpace: 'nowrap' }} data-testid={`order-total-${row.key}`}>
              {row.value}
            </Typography>
          </Fragment>
        ))}
      </Box>
    </Box>
  );
};

/** The offer as one document: its header, its lines (edited in place while a draft), the totals beneath, the history. */
const OrderDocument = ({ focusLines = false }: { focusLines?: boolean }) => {
  const order = useRecordContext<OrderRecord>();
  const orderId = order?.id;
  // /orders/:id/items is the same document, opened at its lines.
  useEffect(() => {
    if (!focusLines || !orderId) return;
    const lines = document.getElementById('order-lines');
    lines?.scrollIntoView({ block: 'start' });
    lines?.focus({ preventScroll: true });
  }, [focusLines, orderId]);
  if (!order) return <LinearProgress />;
  return (
    <>
      <OrderHeader />
      <OnlineAnswer />
      <Divider />
      <OrderLines order={order} />
      <OrderTotals />
      <CustomerQuestions />
      <Divider />
      <StatusHistory />
    </>
  );
};

/** /orders/:id/view: the offer as one document. */
export const OrderShow = () => (
  <OrderPage>
    <OrderDocument />
  </OrderPage>
);

/** /orders/:id/items (docs/product.md §2): the same document, scrolled to its lines. */
export const OrderItems = () => (
  <OrderPage>
    <OrderDocument focusLines />
  </OrderPage>
);
