import type { Dashboard } from '../api/contracts';
import { intlLocale } from '../i18n/locales';
import { EMPTY_VALUE } from '../shared/format';
import { STATUSES, StatusColor } from '../shared/statuses';

export type DashboardInterval = Dashboard['interval'];

/** The intervals of docs/product.md §9 in the selector's order, with their label keys under fabquote.dashboard.interval. */
export const INTERVALS: ReadonlyArray<{ value: DashboardInterval; label: string }> = [
  { value: '30d', label: 'days_30' },
  { value: '60d', label: 'days_60' },
  { value: '365d', label: 'days_365' },
  { value: 'today', label: 'today' },
  { value: 'mtd', label: 'month_to_date' },
  { value: 'qtd', label: 'quarter_to_date' },
  { value: 'ytd', label: 'year_to_date' },
];

/** The API's default: what the page shows without `?interval=` or with one it does not know. */
export const DEFAULT_INTERVAL: DashboardInterval = '30d';

export function intervalOf(value: string | null | undefined): DashboardInterval {
  return INTERVALS.find((interval) => interval.value === value)?.value ?? DEFAULT_INTERVAL;
}

export interface StatusBar {
  status: string;
  /** fabquote.status.<kind>.<status> */
  label: string;
  count: number;
  color: StatusColor;
}

/** A by-status widget's bars, every status in the API's order, with the colour its chip has elsewhere. */
export function statusBars(kind: 'order' | 'product', rows: ReadonlyArray<{ status: string; count: number }>): StatusBar[] {
  const colors = STATUSES[kind] as Record<string, StatusColor>;
  return rows.map(({ status, count }) => ({ status, label: `fabquote.status.${kind}.${status}`, count, color: colors[status] ?? 'default' }));
}

/** Nothing to chart: every bar is 0 (a chart of zeros would read as a broken chart). */
export const nothingCounted = (bars: ReadonlyArray<{ count: number }>) => bars.every((bar) => bar.count === 0);

/** The conversion rate as the reader's language writes a percentage ("33.3 %", "33,3 %"); `--` when nothing was offered. */
export function conversionText(rate: number | null, locale: string): string {
  if (rate === null || !Number.isFinite(rate)) return EMPTY_VALUE;
  return new Intl.NumberFormat(intlLocale(locale), { style: 'percent', maximumFractionDigits: 1 }).format(rate);
}
