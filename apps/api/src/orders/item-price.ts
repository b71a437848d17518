import { Decimal } from '@fabquote/pricing';

/**
 * Where an item's unit price was taken from; `manual`: the product had none, so staff gave one (with a reason);
 * `free`: a free line's price, given by staff (free lines only).
 */
export const PRICE_SOURCES = ['calculation', 'bulk_price', 'manual', 'free'] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];

/** An order line: a product, a free line (text, quantity, unit, price) or a text line (heading or note, no amount). */
export const ORDER_LINE_KINDS = ['product', 'free', 'text'] as const;
export type OrderLineKind = (typeof ORDER_LINE_KINDS)[number];

/** A tier of a calculation as stored (`calculations.result.tiers[]`): pieces and the price per piece to the cent. */
export interface CalculationTier {
  quantity: number;
  unitPrice: string;
}

/** A band of the product's bulk prices (`product_bulk_prices`); no maximum: open upwards. */
export interface BulkBand {
  minQuantity: string;
  maxQuantity: string | null;
  unitPrice: string;
}

export interface TakenPrice {
  source: Exclude<PriceSource, 'manual' | 'free'>;
  unitPrice: string;
  /** The tier's quantity, or the band's minimum: what the price was quoted at. */
  atQuantity: string;
}

/**
 * The tier that applies to `quantity`: the one with the largest quantity not above it (its setup is
 * spread over no more pieces than are ordered, so the price per piece is safe), else the smallest
 * (fewer pieces than any tier: the dearest price).
 */
export function tierFor(tiers: CalculationTier[], quantity: string): CalculationTier | null {
  const wanted = Decimal.from(quantity);
  const sorted = [...tiers].sort((a, b) => a.quantity - b.quantity);
  return sorted.filter((tier) => Decimal.from(tier.quantity).lte(wanted)).at(-1) ?? sorted[0] ?? null;
}

/** The band holding `quantity` (min ≤ quantity ≤ max, or no max); none: the product has no price there. */
export function bandFor(bands: BulkBand[], quantity: string): BulkBand | null {
  const wanted = Decimal.from(quantity);
  return bands.find((band) => Decimal.from(band.minQuantity).lte(wanted) && (band.maxQuantity === null || wanted.lte(Decimal.from(band.maxQuantity)))) ?? null;
}

/**
 * The unit price an item takes (docs/api-orders.md "Unit prices"): the product's latest calculation at
 * the tier for the quantity; without a calculation, the bulk price band holding the quantity; else none.
 * The calculation comes first because it is what the product costs today at this quantity; bulk
 * prices are the price list of a product never calculated (or agreed before it was).
 */
export function takenPrice(calculationTiers: CalculationTier[] | null, bands: BulkBand[], quantity: string): TakenPrice | null {
  const tier = calculationTiers && calculationTiers.length > 0 ? tierFor(calculationTiers, quantity) : null;
  if (tier) return { source: 'calculation', unitPrice: tier.unitPrice, atQuantity: String(tier.quantity) };
  const band = bandFor(bands, quantity);
  if (band) return { source: 'bulk_price', unitPrice: band.unitPrice, atQuantity: band.minQuantity };
  return null;
}
