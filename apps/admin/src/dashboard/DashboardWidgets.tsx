import { Box, Card, CardContent, Link, Skeleton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography, useTheme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useLocaleState, useTranslate } from 'react-admin';
import type { Dashboard } from '../api/contracts';
import { EMPTY_VALUE, formatDate, formatMoney } from '../shared/format';
import type { StatusColor } from '../shared/statuses';
import { StatusChip } from '../shared/values';
import { conversionText, nothingCounted, StatusBar, statusBars } from './dashboard-figures';

const CHART_HEIGHT = 260;

/** A widget's frame: its title, and a skeleton of its height while the figures load. */
export const Widget = ({ title, loading, height = 72, testId, children }: { title: string; loading: boolean; height?: number; testId: string; children: ReactNode }) => (
  <Card variant="outlined" sx={{ height: '100%' }} data-testid={testId} aria-busy={loading}>
    <CardContent>
      <Typography variant="subtitle2" color="text.secondary" component="h2" gutterBottom>
        {title}
      </Typography>
      {loading ? <Skeleton variant="rounded" height={height} /> : children}
    </CardContent>
  </Card>
);

const Empty = ({ text }: { text: string }) => (
  <Typography color="text.secondary" sx={{ py: 3 }} data-testid="widget-empty">
    {text}
  </Typography>
);

const Figure = ({ value, note }: { value: ReactNode; note?: ReactNode }) => (
  <>
    <Typography variant="h4" component="p" data-testid="widget-figure">
      {value}
    </Typography>
    {note ? <Typography variant="body2" color="text.secondary">{note}</Typography> : null}
  </>
);

function useStatusColor() {
  const theme = useTheme();
  return (color: StatusColor) => (color === 'default' ? theme.palette.grey[500] : theme.palette[color].main);
}

export const NumberOfOrders = ({ figures }: { figures: Dashboard }) => <Figure value={figures.numberOfOrders} />;
export const NumberOfProducts = ({ figures }: { figures: Dashboard }) => {
  const translate = useTranslate();
  return <Figure value={figures.numberOfProducts} note={<span data-testid="dashboard-quote-requests">{translate('fabquote.dashboard.quote_requests', { count: figures.quoteRequests })}</span>} />;
};

export const ConversionRate = ({ figures }: { figures: Dashboard }) => {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const { offered, ordered, rate } = figures.conversion;
  return (
    <Figure
      value={conversionText(rate, locale)}
      note={
        <>
          {offered ? translate('fabquote.dashboard.conversion_note', { ordered, offered, smart_count: offered }) : translate('fabquote.dashboard.none_offered')}
          <br />
          <span data-testid="dashboard-accepted-online">{translate('fabquote.dashboard.accepted_online', { count: figures.onlineAcceptances })}</span>
        </>
      }
    />
  );
};

/** Σ value of goods of the orders that became Ordered, one line per currency (never added across currencies). */
export const OrderVolume = ({ figures }: { figures: Dashboard }) => {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  if (!figures.orderVolume.length) return <Figure value={EMPTY_VALUE} note={translate('fabquote.dashboard.none_ordered')} />;
  return (
    <Stack spacing={0.5}>
      {figures.orderVolume.map((volume) => (
        <Figure
          key={volume.currency}
          value={formatMoney(volume.valueOfGoods, locale, volume.currency)}
          note={translate('fabquote.dashboard.volume_note', { smart_count: volume.orders, total: formatMoney(volume.totalWithVat, locale, volume.currency) })}
        />
      ))}
    </Stack>
  );
};

const useBars = (bars: StatusBar[]) => {
  const translate = useTranslate();
  const colorOf = useStatusColor();
  return bars.map((bar) => ({ ...bar, label: translate(bar.label), fill: colorOf(bar.color) }));
};

export const OrdersByStatus = ({ figures }: { figures: Dashboard }) => {
  const translate = useTranslate();
  const bars = useBars(statusBars('order', figures.ordersByStatus));
  if (nothingCounted(bars)) return <Empty text={translate('fabquote.dashboard.no_orders')} />;
  const labels = bars.map((bar) => bar.label);
  return (
    <BarChart
      height={CHART_HEIGHT}
      hideLegend
      xAxis={[{ scaleType: 'band', data: labels, colorMap: { type: 'ordinal', values: labels, colors: bars.map((bar) => bar.fill) } }]}
      yAxis={[{ tickMinStep: 1 }]}
      series={[{ data: bars.map((bar) => bar.count), label: translate('fabquote.dashboard.widget.orders_by_status') }]}
    />
  );
};

export const ProductsByStatus = ({ figures }: { figures: Dashboard }) => {
  const translate = useTranslate();
  const bars = useBars(statusBars('product', figures.productsByStatus));
  if (nothingCounted(bars)) return <Empty text={translate('fabquote.dashboard.no_products')} />;
  const data = bars.filter((bar) => bar.count > 0).map((bar) => ({ id: bar.status, value: bar.count, label: bar.label, color: bar.fill }));
  return <PieChart height={CHART_HEIGHT} series={[{ data, innerRadius: 50, paddingAngle: 1, cornerRadius: 3 }]} />;
};

const Cell = ({ children, align }: { children: ReactNode; align?: 'right' }) => (
  <TableCell align={align} sx={{ px: 1 }}>
    {children}
  </TableCell>
);

interface Column<Row> {
  /** The key of its heading under `fabquote.dashboard.column`. */
  label: string;
  align?: 'right';
  cell: (row: Row) => ReactNode;
}

/** A list widget: a heading per column and a row per entry, or `empty` when there is none. */
function RecentTable<Row extends { id: string }>({ rows, empty, columns }: { rows: Row[]; empty: string; columns: Array<Column<Row>> }) {
  const translate = useTranslate();
  if (!rows.length) return <Empty text={translate(empty)} />;
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <Cell key={column.label} align={column.align}>
              {translate(`fabquote.dashboard.column.${column.label}`)}
            </Cell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            {columns.map((column) => (
              <Cell key={column.label} align={column.align}>
                {column.cell(row)}
              </Cell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export const RecentOrders = ({ figures }: { figures: Dashboard }) => {
  const [locale = 'en'] = useLocaleState();
  return (
    <RecentTable
      rows={figures.recentOrders}
      empty="fabquote.dashboard.no_orders"
      columns={[
        {
          label: 'number',
          cell: (order) => (
            <Link component={RouterLink} to={`/orders/${order.id}`} title={order.name}>
              {order.number}
            </Link>
          ),
        },
        { label: 'customer', cell: (order) => order.customerName ?? EMPTY_VALUE },
        { label: 'status', cell: (order) => <StatusChip kind="order" status={order.status} /> },
        { label: 'total', align: 'right', cell: (order) => formatMoney(order.totalWithVat, locale, order.currency) },
        { label: 'created', cell: (order) => formatDate(order.createdAt, locale, figures.timeZone) },
      ]}
    />
  );
};

export const RecentProducts = ({ figures }: { figures: Dashboard }) => {
  const [locale = 'en'] = useLocaleState();
  return (
    <RecentTable
      rows={figures.recentProducts}
      empty="fabquote.dashboard.no_products"
      columns={[
        {
          label: 'number',
          cell: (product) => (
            <Link component={RouterLink} to={`/products/${product.id}`}>
              {product.number}
            </Link>
          ),
        },
        { label: 'name', cell: (product) => product.name },
        { label: 'status', cell: (product) => <StatusChip kind="product" status={product.status} /> },
        { label: 'created', cell: (product) => formatDate(product.createdAt, locale, figures.timeZone) },
      ]}
    />
  );
};

/** The widgets in rows: four figures, two charts, two lists. */
export const WidgetGrid = ({ columns, children }: { columns: { xs: number; md: number; lg?: number }; children: ReactNode }) => (
  <Box
    sx={{
      display: 'grid',
      gap: 2,
      gridTemplateColumns: {
        xs: `repeat(${columns.xs}, minmax(0, 1fr))`,
        md: `repeat(${columns.md}, minmax(0, 1fr))`,
        lg: `repeat(${columns.lg ?? columns.md}, minmax(0, 1fr))`,
      },
    }}
  >
    {children}
  </Box>
);
