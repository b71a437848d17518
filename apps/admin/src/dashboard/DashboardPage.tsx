import { Alert, Box, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import type { ComponentType } from 'react';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { Dashboard } from '../api/contracts';
import { formatDate } from '../shared/format';
import { INTERVALS, intervalOf } from './dashboard-figures';
import { useDashboard } from './useDashboard';
import {
  ConversionRate, NumberOfOrders, NumberOfProducts, OrdersByStatus, OrderVolume, ProductsByStatus, RecentOrders, RecentProducts, Widget, WidgetGrid,
} from './DashboardWidgets';

type WidgetName = 'orders_by_status' | 'conversion_rate' | 'number_of_orders' | 'order_volume' | 'products_by_status' | 'number_of_products' | 'recent_orders' | 'recent_products';
type Row = { columns: { xs: number; md: number; lg?: number }; height: number; widgets: Array<[WidgetName, ComponentType<{ figures: Dashboard }>]> };

/** The eight widgets of docs/product.md §9 (docs/api-dashboard.md says what each counts). */
const ROWS: Row[] = [
  {
    columns: { xs: 1, md: 2, lg: 4 },
    height: 72,
    widgets: [['number_of_orders', NumberOfOrders], ['conversion_rate', ConversionRate], ['order_volume', OrderVolume], ['number_of_products', NumberOfProducts]],
  },
  { columns: { xs: 1, md: 2 }, height: 260, widgets: [['orders_by_status', OrdersByStatus], ['products_by_status', ProductsByStatus]] },
  { columns: { xs: 1, md: 2 }, height: 200, widgets: [['recent_orders', RecentOrders], ['recent_products', RecentProducts]] },
];

/** The page staff open first: the widgets for an interval chosen above them (kept in the address, `?interval=`). */
export const DashboardPage = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [search, setSearch] = useSearchParams();
  const interval = intervalOf(search.get('interval'));
  const { figures, loading, error } = useDashboard(interval, translate('fabquote.dashboard.failed'));

  return (
    <Box sx={{ mt: 2, mb: 4 }} data-testid="dashboard">
      <Title title={translate('resources.dashboard.name')} />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'center' }, justifyContent: 'space-between' }}>
        <Box>
          <Typography variant="h5" component="h1">
            {translate('resources.dashboard.name')}
          </Typography>
          {figures ? (
            <Typography variant="body2" color="text.secondary" data-testid="dashboard-period">
              {translate('fabquote.dashboard.period', {
                // The interval's days on the organization's calendar, whatever the browser's zone.
                from: formatDate(figures.from, locale, figures.timeZone),
                to: formatDate(new Date(new Date(figures.to).getTime() - 1), locale, figures.timeZone),
                zone: figures.timeZone,
              })}
            </Typography>
          ) : null}
        </Box>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={interval}
          onChange={(_, value: string | null) => value && setSearch({ interval: value }, { replace: true })}
          aria-label={translate('fabquote.dashboard.intervals')}
          sx={{ flexWrap: 'wrap' }}
        >
          {INTERVALS.map((each) => (
            <ToggleButton key={each.value} value={each.value} data-testid={`interval-${each.value}`}>
              {translate(`fabquote.dashboard.interval.${each.label}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      ) : null}
      <Stack spacing={2}>
        {ROWS.map((row, index) => (
          <WidgetGrid key={index} columns={row.columns}>
            {row.widgets.map(([name, Content]) => (
              <Widget key={name} title={translate(`fabquote.dashboard.widget.${name}`)} loading={loading || (!figures && !error)} height={row.height} testId={`widget-${name}`}>
                {figures ? <Content figures={figures} /> : null}
              </Widget>
            ))}
          </WidgetGrid>
        ))}
      </Stack>
    </Box>
  );
};
