import { Decimal } from '@fabquote/pricing';

/**
 * What an award writes into a supplier's suppliable (docs/api-procurement.md, "Procurement II: award"):
 * bulk price bands at landed cost. Pure and exact: decimals of the pricing engine, one rounding.
 */

/** A decimal as a numeric column gives it (a string) or a number. */
type DecimalInput = string | number;

/** A line's unit price at one quantity of the offer (pieces of the part or operation). */
export interface OfferTier {
  quantity: DecimalInput;
  unitPrice: DecimalInput;
}

/** The offer's costs for the whole delivery, once per order. */
export interface SharedCosts {
  packaging: DecimalInput;
  shipping: DecimalInput;
  customs: DecimalInput;
}

/** A tier at landed cost: the unit price plus the line's share of the shared costs per piece. */
export interface LandedTier {
  quantity: string;
  unitPrice: string;
}

/** A suppliable bulk price band as `suppliable_bulk_prices` holds it; both ends inclusive, `null` open. */
export interface Band {
  minQuantity: string;
  maxQuantity: string | null;
  unitPrice: string;
}

/** The places of the unit price column, numeric(14, 4); the one rounding, half-up. */
export const UNIT_PRICE_PLACES = 4;

/** The smallest step numeric(14, 4) holds: a band ends one step below the next band's start. */
const QUANTITY_STEP = Decimal.from('0.0001');

const decimal = (value: DecimalInput) => Decimal.from(typeof value === 'number' ? String(value) : value);

/**
 * Landed unit price of one line at quantity q: unit price + shared ÷ (lines × q), where shared =
 * packaging + shipping + customs and lines = how many lines the offer prices. The shared costs are
 * split equally over the lines the offer prices (whichever of them are awarded), then over the pieces.
 * Computed as one fraction (unit price × lines × q + shared) ÷ (lines × q) and rounded once, half-up,
 * to 4 decimals (the column's): the rating's landed price of the cell (libs/rating), rounded.
 */
export function landedUnitPrice(unitPrice: DecimalInput, costs: SharedCosts, linesPriced: number, quantity: DecimalInput): string {
  if (!Number.isInteger(linesPriced) || linesPriced < 1) throw new RangeError('An offer prices at least one line');
  const q = decimal(quantity);
  if (q.comparedTo(0) <= 0) throw new RangeError('A quantity is above zero');
  const shared = decimal(costs.packaging).plus(decimal(costs.shipping)).plus(decimal(costs.customs));
  const pieces = q.times(linesPriced);
  return decimal(unitPrice).times(pieces).plus(shared).divToPlaces(pieces, UNIT_PRICE_PLACES).toFixed();
}

/** A line's tiers at landed cost, ascending by quantity. */
export function landedTiers(tiers: readonly OfferTier[], costs: SharedCosts, linesPriced: number): LandedTier[] {
  return [...tiers]
    .sort((a, b) => decimal(a.quantity).comparedTo(decimal(b.quantity)))
    .map((tier) => ({ quantity: decimal(tier.quantity).toFixed(), unitPrice: landedUnitPrice(tier.unitPrice, costs, linesPriced, tier.quantity) }));
}

/**
 * Tiers of several lines that go to one suppliable (the same part in two products of a request): every
 * quantity of any of them; where two price the same quantity, the lower landed price.
 */
export function mergedTiers(lines: ReadonlyArray<readonly LandedTier[]>): LandedTier[] {
  const byQuantity = new Map<string, LandedTier>();
  for (const tier of lines.flat()) {
    const key = decimal(tier.quantity).toFixed();
    const known = byQuantity.get(key);
    if (!known || decimal(tier.unitPrice).lt(decimal(known.unitPrice))) byQuantity.set(key, { quantity: key, unitPrice: tier.unitPrice });
  }
  return [...byQuantity.values()].sort((a, b) => decimal(a.quantity).comparedTo(decimal(b.quantity)));
}

/**
 * Bulk price bands from tiers q1 < q2 < …: band i holds from q_i up to one step (0.0001) below q_(i+1),
 * at the landed price at q_i; the last is open. The suppliable's bands never overlap (the rule of
 * `suppliable-bulk-prices`, master-data.rules.ts), as the column holds no quantity between the end of one
 * band and the start of the next.
 */
export function bandsOf(tiers: readonly LandedTier[]): Band[] {
  const sorted = mergedTiers([tiers]);
  return sorted.map((tier, index) => {
    const next = sorted[index + 1];
    return {
      minQuantity: tier.quantity,
      maxQuantity: next ? decimal(next.quantity).plus(QUANTITY_STEP.times(-1)).toFixed() : null,
      unitPrice: tier.unitPrice,
    };
  });
}

/**
 * The suppliable's own cost: the landed price at the lowest quantity. The pricing engine takes a
 * suppliable's cost where none of its bands covers the pieces (below the lowest tier, or a fraction of
 * a piece inside a band's last step), so the awarded supplier prices those too rather than another.
 */
export function costBelowBands(bands: readonly Band[]): string {
  if (bands.length === 0) throw new RangeError('An award writes at least one band');
  return bands[0].unitPrice;
}

/** Whether two bands share a quantity (both ends inclusive, `null` open): never true of `bandsOf`. */
export function bandsOverlap(a: Band, b: Band): boolean {
  const aMax = a.maxQuantity === null ? null : decimal(a.maxQuantity);
  const bMax = b.maxQuantity === null ? null : decimal(b.maxQuantity);
  return (aMax === null || decimal(b.minQuantity).lte(aMax)) && (bMax === null || decimal(a.minQuantity).lte(bMax));
}

/**
 * The offer's prices that count: only those at a quantity the request asks for that line, as the
 * rating reads them (libs/rating); a line priced only at unasked quantities is not priced at all, so the shared
 * costs are split over the same lines in the award and in the rating, and bands come only from asked quantities.
 * `asked`: line key → the line's asked quantities (pieces); `priced`: line key → the offer's tiers.
 */
export function askedTiers(priced: ReadonlyMap<string, readonly OfferTier[]>, asked: ReadonlyMap<string, readonly DecimalInput[]>): Map<string, OfferTier[]> {
  const result = new Map<string, OfferTier[]>();
  for (const [key, tiers] of priced) {
    const quantities = new Set((asked.get(key) ?? []).map((quantity) => decimal(quantity).toFixed()));
    const kept = tiers.filter((tier) => quantities.has(decimal(tier.quantity).toFixed()));
    if (kept.length > 0) result.set(key, kept);
  }
  return result;
}
