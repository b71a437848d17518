import { Box, Stack, ToggleButton, ToggleButtonGroup, Typography, useTheme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useXScale, useYScale } from '@mui/x-charts/hooks';
import { useId, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatMoney, formatQuantity } from '../../shared/format';
import { PRICE_COMPONENT_PREFIX, PRICE_COMPONENTS, PriceComponent } from '../product-record';
import { TierSummary } from './calculation-record';
import { ChartMode, stackedSeries } from './stacked-bars';

const SIZE = { width: 720, height: 300 };

/**
 * One colour per component, the same in the chart, its legend and the breakdown table: the
 * Okabe–Ito colours, told apart with any colour vision and on a light or dark background.
 */
export const COMPONENT_COLORS: Record<PriceComponent, string> = {
  material: '#0072B2',
  labor: '#009E73',
  purchase: '#E69F00',
  setup: '#CC79A7',
  program: '#56B4E9',
};

export const ComponentSwatch = ({ color }: { color: string }) => (
  <Box component="span" aria-hidden sx={{ display: 'inline-block', width: 12, height: 12, borderRadius: 0.5, bgcolor: color, mr: 0.75, verticalAlign: 'middle' }} />
);

export interface StackedBarChartProps {
  tiers: readonly TierSummary[];
  currency: string;
  /** Clicking a segment explains it. */
  onSelect?: (tierIndex: number, component: PriceComponent) => void;
}

/** The unit price of each tier as a dashed mark across its bar (null: none), drawn inside the chart on its scales. */
const UnitPriceMarks = ({ prices, quantities, label }: { prices: Array<number | null>; quantities: string[]; label: (index: number) => string }) => {
  const x = useXScale<'band'>();
  const y = useYScale<'linear'>();
  const { palette } = useTheme();
  const width = x.bandwidth();
  return (
    <g data-testid="unit-price-marks">
      {prices.map((price, index) => {
        const left = x(quantities[index]);
        if (price === null || left === undefined) return null;
        const top = y(price);
        return (
          <line key={quantities[index]} x1={left + width * 0.1} x2={left + width * 0.9} y1={top} y2={top} stroke={palette.text.primary} strokeWidth={2} strokeDasharray="4 2">
            <title>{label(index)}</title>
          </line>
        );
      })}
    </g>
  );
};

/**
 * Material, labor, purchase, setup and program per piece at each quantity tier, stacked, with
 * the unit price marked (@mui/x-charts, as the dashboard). The breakdown table beside it holds
 * the same figures, with a button per figure, for those who do not read charts.
 */
export const StackedBarChart = ({ tiers, currency, onSelect }: StackedBarChartProps) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const titleId = useId();
  const [mode, setMode] = useState<ChartMode>('amount');
  const series = stackedSeries(tiers, mode);
  const quantities = series.quantities.map((quantity) => formatQuantity(quantity, locale));
  const money = (value: string | number) => formatMoney(value, locale, currency);
  const tickText = (value: number) => (mode === 'share' ? formatQuantity(value, locale, '%', 0) : formatMoney(value, locale, currency, Number.isInteger(value) ? 0 : 2));
  const componentName = (component: PriceComponent) => translate(`${PRICE_COMPONENT_PREFIX}.${component}`);
  return (
    <Box component="figure" sx={{ m: 0 }} aria-labelledby={titleId}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, maxWidth: SIZE.width, flexWrap: 'wrap' }}>
        <Typography id={titleId} variant="subtitle1" component="figcaption" sx={{ fontWeight: 600 }}>
          {translate(mode === 'share' ? 'resources.calculations.chart.title_share' : 'resources.calculations.chart.title')}
        </Typography>
        <ToggleButtonGroup size="small" exclusive value={mode} onChange={(_event, value: ChartMode | null) => value && setMode(value)} aria-label={translate('resources.calculations.chart.mode')}>
          <ToggleButton value="amount">{translate('resources.calculations.chart.amounts')}</ToggleButton>
          <ToggleButton value="share">{translate('resources.calculations.chart.shares')}</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      <Box sx={{ maxWidth: SIZE.width }} role="group" aria-label={translate('resources.calculations.chart.label')}>
        <BarChart
          height={SIZE.height}
          hideLegend
          skipAnimation
          xAxis={[{ scaleType: 'band', data: quantities, label: translate('resources.calculations.chart.axis_quantity') }]}
          yAxis={[{ valueFormatter: tickText, width: 72, ...(mode === 'share' ? { max: 100 } : {}) }]}
          series={series.components.map(({ component, heights, values, shares }) => ({
            id: component,
            data: heights,
            stack: 'price',
            color: COMPONENT_COLORS[component],
            label: componentName(component),
            valueFormatter: (_value: number | null, { dataIndex }: { dataIndex: number }) =>
              `${money(values[dataIndex])} (${formatQuantity(shares[dataIndex], locale, '%', 1)})`,
          }))}
          onItemClick={onSelect ? (_event, item) => onSelect(item.dataIndex, item.seriesId as PriceComponent) : undefined}
          sx={onSelect ? { '& .MuiBarElement-root': { cursor: 'pointer' } } : undefined}
        >
          {mode === 'amount' ? (
            <UnitPriceMarks
              prices={series.unitPrices}
              quantities={quantities}
              label={(index) => `${translate('resources.calculations.chart.unit_price')}: ${money(tiers[index].unitPrice)}`}
            />
          ) : null}
        </BarChart>
      </Box>
      <Stack direction="row" component="ul" sx={{ flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0, mt: 1 }}>
        {PRICE_COMPONENTS.map((component) => (
          <Typography key={component} component="li" variant="body2">
            <ComponentSwatch color={COMPONENT_COLORS[component]} />
            {translate(`${PRICE_COMPONENT_PREFIX}.${component}`)}
          </Typography>
        ))}
        {mode === 'amount' ? (
          <Typography component="li" variant="body2">
            <Box component="span" aria-hidden sx={{ display: 'inline-block', width: 16, borderTop: '2px dashed', borderColor: 'text.primary', mr: 0.75, verticalAlign: 'middle' }} />
            {translate('resources.calculations.chart.unit_price')}
          </Typography>
        ) : null}
      </Stack>
    </Box>
  );
};
