import { Box, Stack, ToggleButton, ToggleButtonGroup, Typography, useTheme } from '@mui/material';
import { KeyboardEvent, useId, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatMoney, formatQuantity } from '../../shared/format';
import { PRICE_COMPONENT_PREFIX, PRICE_COMPONENTS, PriceComponent } from '../product-record';
import { TierSummary } from './calculation-record';
import { ChartMode, layoutStackedBars, niceStep } from './stacked-bars';

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

/**
 * Material, labor, purchase, setup and program per piece at each quantity tier, stacked, with
 * the unit price marked: plain SVG, scaled by layoutStackedBars. The breakdown table beside it
 * holds the same figures for those who do not read charts.
 */
export const StackedBarChart = ({ tiers, currency, onSelect }: StackedBarChartProps) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { palette } = useTheme();
  const colors = COMPONENT_COLORS;
  const titleId = useId();
  const [mode, setMode] = useState<ChartMode>('amount');
  const layout = layoutStackedBars(tiers, SIZE, mode);
  const step = niceStep(layout.max);
  const tickText = (value: number) => (mode === 'share' ? formatQuantity(value, locale, '%', 0) : formatMoney(value, locale, currency, step < 1 ? 2 : 0));
  const money = (value: string) => formatMoney(value, locale, currency);
  const activate = (tierIndex: number, component: PriceComponent) => (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect?.(tierIndex, component);
    }
  };
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
      <Box component="svg" viewBox={`0 0 ${SIZE.width} ${SIZE.height}`} sx={{ width: '100%', maxWidth: SIZE.width, height: 'auto', display: 'block' }} role="group" aria-label={translate('resources.calculations.chart.label')}>
        {layout.ticks.map((tick) => (
          <g key={tick.value}>
            <line x1={layout.plot.left} x2={layout.plot.right} y1={tick.y} y2={tick.y} stroke={palette.divider} />
            <text x={layout.plot.left - 8} y={tick.y} textAnchor="end" dominantBaseline="middle" fontSize={12} fill={palette.text.secondary}>
              {tickText(tick.value)}
            </text>
          </g>
        ))}
        {layout.bars.map((bar) => (
          <g key={bar.quantity}>
            {bar.segments
              .filter((segment) => segment.height > 0)
              .map((segment) => {
                const label = translate('resources.calculations.chart.segment', {
                  component: translate(`${PRICE_COMPONENT_PREFIX}.${segment.component}`),
                  quantity: formatQuantity(bar.quantity, locale),
                  value: money(segment.value),
                  share: formatQuantity(segment.share, locale, '%', 1),
                });
                return (
                  <rect
                    key={segment.component}
                    x={segment.x}
                    y={segment.y}
                    width={segment.width}
                    height={segment.height}
                    fill={colors[segment.component]}
                    stroke={palette.background.paper}
                    strokeWidth={0.5}
                    style={{ cursor: onSelect ? 'pointer' : undefined }}
                    tabIndex={onSelect ? 0 : undefined}
                    role={onSelect ? 'button' : undefined}
                    aria-label={label}
                    onClick={() => onSelect?.(bar.index, segment.component)}
                    onKeyDown={activate(bar.index, segment.component)}
                  >
                    <title>{label}</title>
                  </rect>
                );
              })}
            {bar.unitPriceY !== null ? (
              <line x1={bar.x - 6} x2={bar.x + bar.width + 6} y1={bar.unitPriceY} y2={bar.unitPriceY} stroke={palette.text.primary} strokeWidth={2} strokeDasharray="4 2">
                <title>{`${translate('resources.calculations.chart.unit_price')}: ${money(bar.unitPrice)}`}</title>
              </line>
            ) : null}
            <text x={bar.center} y={layout.plot.bottom + 16} textAnchor="middle" fontSize={12} fill={palette.text.primary}>
              {formatQuantity(bar.quantity, locale)}
            </text>
          </g>
        ))}
        <line x1={layout.plot.left} x2={layout.plot.right} y1={layout.plot.bottom} y2={layout.plot.bottom} stroke={palette.text.secondary} />
        <text x={(layout.plot.left + layout.plot.right) / 2} y={SIZE.height - 4} textAnchor="middle" fontSize={12} fill={palette.text.secondary}>
          {translate('resources.calculations.chart.axis_quantity')}
        </text>
      </Box>
      <Stack direction="row" component="ul" sx={{ flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0, mt: 1 }}>
        {PRICE_COMPONENTS.map((component) => (
          <Typography key={component} component="li" variant="body2">
            <ComponentSwatch color={colors[component]} />
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
