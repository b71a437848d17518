import { PRICE_COMPONENTS, PriceComponent } from '../product-record';
import { TierSummary } from './calculation-record';

/**
 * What the calculation's stacked bar chart draws (drawn by @mui/x-charts, the console's one chart
 * library): one bar per tier, stacked from the bottom in the order of PRICE_COMPONENTS, values per
 * piece. The unit price is marked on each bar: it is the components times the factors on the
 * total, rounded, so it may stand above (or below) the stack.
 */

/**
 * `amount`: the components per piece on one scale, so the bars show how the price falls with
 * the quantity. `share`: each bar scaled to 100 %, so the make-up of even the cheapest tier shows.
 */
export type ChartMode = 'amount' | 'share';

export interface ComponentSeries {
  component: PriceComponent;
  /** What each bar's segment draws: the amount per piece, or its share of the stack in percent. */
  heights: number[];
  /** The amounts as the calculation gave them, for labels. */
  values: string[];
  /** Each amount's part of its stack in percent (0 when the stack is empty). */
  shares: number[];
}

export interface StackedSeries {
  quantities: number[];
  components: ComponentSeries[];
  /** Per tier: the unit price to mark, or null (unreadable, or in share mode). */
  unitPrices: Array<number | null>;
}

/** Amounts for drawing only; a figure that does not read as a number, or is below zero, draws as nothing. */
export const drawn = (value: string | undefined | null): number => {
  const number = Number(value);
  return value !== undefined && value !== null && value.trim() !== '' && Number.isFinite(number) && number > 0 ? number : 0;
};

export function stackedSeries(tiers: readonly TierSummary[], mode: ChartMode = 'amount'): StackedSeries {
  const stacks = tiers.map((tier) => PRICE_COMPONENTS.reduce((sum, component) => sum + drawn(tier[component]), 0));
  const components = PRICE_COMPONENTS.map((component): ComponentSeries => {
    const shares = tiers.map((tier, index) => (stacks[index] > 0 ? (drawn(tier[component]) / stacks[index]) * 100 : 0));
    return {
      component,
      values: tiers.map((tier) => tier[component]),
      shares,
      heights: mode === 'share' ? shares : tiers.map((tier) => drawn(tier[component])),
    };
  });
  const unitPrices = tiers.map((tier) => {
    const price = tier.unitPrice;
    const readable = mode === 'amount' && price !== undefined && price !== null && price.trim() !== '' && Number.isFinite(Number(price));
    return readable ? drawn(price) : null;
  });
  return { quantities: tiers.map((tier) => tier.quantity), components, unitPrices };
}
