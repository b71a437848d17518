import { PRICE_COMPONENTS } from '../product-record';
import { BreakdownColumn, centsToDecimal, TierSummary, toCents } from './calculation-record';

/** What a comparison shows per tier: the five components per piece, the unit price and the total. */
export const COMPARED_COLUMNS: readonly BreakdownColumn[] = [...PRICE_COMPONENTS, 'unitPrice', 'totalPrice'];

export interface ComparedValue {
  /** Decimal strings to the cent; null where that calculation has no such tier. */
  before: string | null;
  after: string | null;
  /** after − before, to the cent; null unless both exist. */
  difference: string | null;
  /** The change in percent of `before`, to two decimals; null unless both exist and `before` is not zero. */
  percent: number | null;
}

export interface ComparedTier {
  quantity: number;
  values: Record<BreakdownColumn, ComparedValue>;
}

function compare(before: string | undefined, after: string | undefined): ComparedValue {
  const from = toCents(before);
  const to = toCents(after);
  if (from === null || to === null) {
    return { before: from === null ? null : centsToDecimal(from), after: to === null ? null : centsToDecimal(to), difference: null, percent: null };
  }
  const difference = to - from;
  return {
    before: centsToDecimal(from),
    after: centsToDecimal(to),
    difference: centsToDecimal(difference),
    percent: from === 0 ? null : Math.round((difference / from) * 10000) / 100,
  };
}

/**
 * Two calculations side by side, tier by tier: every quantity either one priced, in ascending
 * order, with each figure before and after and the difference in cents (exact) and percent.
 */
export function compareTiers(before: readonly TierSummary[], after: readonly TierSummary[]): ComparedTier[] {
  const quantities = [...new Set([...before, ...after].map((tier) => tier.quantity))].sort((a, b) => a - b);
  return quantities.map((quantity) => {
    const from = before.find((tier) => tier.quantity === quantity);
    const to = after.find((tier) => tier.quantity === quantity);
    const values = Object.fromEntries(COMPARED_COLUMNS.map((column) => [column, compare(from?.[column], to?.[column])])) as Record<BreakdownColumn, ComparedValue>;
    return { quantity, values };
  });
}

/** up, down or same: which way a figure moved, for its colour. */
export function direction(value: ComparedValue): 'up' | 'down' | 'same' | null {
  const cents = toCents(value.difference);
  if (cents === null) return null;
  return cents > 0 ? 'up' : cents < 0 ? 'down' : 'same';
}
