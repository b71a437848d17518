import { Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';

/** The widgets and intervals of docs/product.md §9, named, until the dashboard issue fills them with figures. */
const WIDGETS = [
  'orders_by_status',
  'conversion_rate',
  'number_of_orders',
  'order_volume',
  'products_by_status',
  'number_of_products',
  'recent_orders',
  'recent_products',
] as const;
const INTERVALS = ['days_30', 'days_60', 'days_365', 'today', 'month_to_date', 'quarter_to_date', 'year_to_date'] as const;

export const DashboardPage = () => {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }} data-testid="dashboard">
      <Title title={translate('resources.dashboard.name')} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {translate('resources.dashboard.name')}
        </Typography>
        <Typography gutterBottom>{translate('fabquote.planned.not_built')}</Typography>
        <Typography color="text.secondary" gutterBottom>
          {translate('resources.dashboard.planned')}
        </Typography>
        <Typography variant="subtitle2" sx={{ mt: 2 }}>
          {translate('fabquote.dashboard.widgets')}
        </Typography>
        <Stack component="ul" sx={{ pl: 3, my: 1 }}>
          {WIDGETS.map((widget) => (
            <Typography component="li" key={widget}>
              {translate(`fabquote.dashboard.widget.${widget}`)}
            </Typography>
          ))}
        </Stack>
        <Typography variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
          {translate('fabquote.dashboard.intervals')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          {INTERVALS.map((interval) => (
            <Chip key={interval} label={translate(`fabquote.dashboard.interval.${interval}`)} variant="outlined" size="small" />
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
};
