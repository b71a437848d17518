import { PRICE_COMPONENTS, PriceComponent } from '../product-record';
import { TierSummary } from './calculation-record';

/**
 * The geometry of the stacked bar chart of a calculation: one bar per tier, stacked from the
 * bottom in the order of PRICE_COMPONENTS, on a linear scale with round ticks. Values are per
 * piece. The unit price is marked on each bar: it is the components times the factors on the
 * total, rounded, so it may stand above (or below) the stack.
 */
export interface ChartSize {
  width: number;
  height: number;
}

export interface ChartMargins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/**
 * `amount`: the components per piece on one scale, so the bars show how the price falls with
 * the quantity. `share`: each bar scaled to 100 %, so the make-up of even the cheapest tier shows.
 */
export type ChartMode = 'amount' | 'share';

export interface BarSegment {
  component: PriceComponent;
  /** The amount, as the calculation gave it. */
  value: string;
  /** Its part of the stack in percent (0 when the stack is empty). */
  share: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Bar {
  /** Position of the tier among the calculation's tiers. */
  index: number;
  quantity: number;
  x: number;
  width: number;
  /** Middle of the bar, for its label. */
  center: number;
  segments: BarSegment[];
  /** y of the stack's top. */
  stackTop: number;
  unitPrice: string;
  /** y of the unit price marker; null when the tier has no readable unit price, or in share mode. */
  unitPriceY: number | null;
}

export interface Tick {
  value: number;
  y: number;
}

export interface ChartLayout {
  size: ChartSize;
  plot: { left: number; top: number; right: number; bottom: number };
  bars: Bar[];
  ticks: Tick[];
  /** The top of the scale (the highest tick). */
  max: number;
  mode: ChartMode;
}

export const DEFAULT_MARGINS: ChartMargins = { top: 16, right: 16, bottom: 40, left: 72 };

/** Amounts for drawing only; a figure that does not read as a number, or is below zero, draws as nothing. */
const drawn = (value: string | undefined): number => {
  const number = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isFinite(number) && number > 0 ? number : 0;
};

/** A round step (1, 2 or 5 × 10ⁿ) giving about `targetTicks` steps up to `max`. */
export function niceStep(max: number, targetTicks = 5): number {
  if (!(max > 0) || !Number.isFinite(max)) return 1;
  const rough = max / Math.max(1, targetTicks);
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const normalized = rough / magnitude;
  const step = normalized <= 1 ? 1 : normalized <= 2 ? 2 : normalized <= 5 ? 5 : 10;
  return step * magnitude;
}

/** Multiples of the step from 0 up to the first at or above `max`; floating noise of the products is rounded away. */
export function scaleTicks(max: number, targetTicks = 5): number[] {
  const step = niceStep(max, targetTicks);
  const count = Math.max(1, Math.ceil(max / step - 1e-9));
  const decimals = Math.max(0, -Math.floor(Math.log10(step)));
  return Array.from({ length: count + 1 }, (_, position) => Number((position * step).toFixed(decimals)));
}

export function layoutStackedBars(tiers: readonly TierSummary[], size: ChartSize, mode: ChartMode = 'amount', margins: ChartMargins = DEFAULT_MARGINS): ChartLayout {
  const plot = { left: margins.left, top: margins.top, right: size.width - margins.right, bottom: size.height - margins.bottom };
  const plotWidth = Math.max(0, plot.right - plot.left);
  const plotHeight = Math.max(0, plot.bottom - plot.top);
  const stacks = tiers.map((tier) => PRICE_COMPONENTS.reduce((sum, component) => sum + drawn(tier[component]), 0));
  const highest = mode === 'share' ? 100 : tiers.reduce((max, tier, index) => Math.max(max, stacks[index], drawn(tier.unitPrice)), 0);
  const ticks = scaleTicks(highest);
  const max = ticks[ticks.length - 1];
  const y = (value: number) => plot.bottom - (value / max) * plotHeight;

  const slot = tiers.length > 0 ? plotWidth / tiers.length : 0;
  // Bars take 60 % of their slot, but never grow wider than 64 px on a chart with few tiers.
  const barWidth = Math.min(slot * 0.6, 64);
  const bars = tiers.map((tier, index): Bar => {
    const center = plot.left + slot * index + slot / 2;
    const x = center - barWidth / 2;
    const stack = stacks[index];
    let base = 0;
    const segments = PRICE_COMPONENTS.map((component): BarSegment => {
      const amount = drawn(tier[component]);
      const share = stack > 0 ? (amount / stack) * 100 : 0;
      const height = mode === 'share' ? share : amount;
      const top = y(base + height);
      const segment = { component, value: tier[component], share, x, y: top, width: barWidth, height: y(base) - top };
      base += height;
      return segment;
    });
    const unitPrice = tier.unitPrice;
    const readable = mode === 'amount' && unitPrice !== undefined && unitPrice !== null && unitPrice.trim() !== '' && Number.isFinite(Number(unitPrice));
    return { index, quantity: tier.quantity, x, width: barWidth, center, segments, stackTop: y(base), unitPrice, unitPriceY: readable ? y(drawn(unitPrice)) : null };
  });

  return { size, plot, bars, ticks: ticks.map((value) => ({ value, y: y(value) })), max, mode };
}
