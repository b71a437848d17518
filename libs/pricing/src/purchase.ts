import { covers, parseRange, Range, rangeText } from './ranges';
import { Decimal, optionalDecimal, toDecimal } from './decimal';
import { applyFactors, factorsValidOn, ValidFactor } from './factors';
import { amount, Explained } from './figure';
import { ByQuantity, Pieces } from './quantity';
import { IsoDate, Suppliable } from './types';
import { Words } from './words';

/** What one active suppliable asks per piece: in a bulk price band, or its own cost. */
interface Offer {
  name: string;
  /** The band's quantities; null for the suppliable's own cost. */
  range: Range | null;
  /** A suppliable's own cost where it has bulk prices: it applies only where none of them covers the quantity. */
  outsideBands: boolean;
  unitPrice: Decimal;
  factors: ValidFactor[];
  /** Unit price times the suppliable's own factors: what the shop pays, and what is compared. */
  cost: Decimal;
  /** Its figure, made once however many tiers it wins. */
  figure: Explained | null;
}

/** One active suppliable: its bulk price bands, and its own cost where none covers the quantity (null if it has none). */
interface SuppliableOffers {
  bands: Offer[];
  cost: Offer | null;
}

/** The active suppliables of one part or operation, with the cheapest looked up once per quantity. */
export interface Offerings {
  suppliables: SuppliableOffers[];
  cheapestByQuantity: ByQuantity<Offer | null>;
}

/**
 * Each suppliable's offers. Without bulk prices its cost holds at any quantity; with them, its
 * bands hold where they cover the quantity and its cost, if it has one (above zero: a cost of
 * zero is the empty default), everywhere else.
 */
export function offeringsOf(suppliables: readonly Suppliable[], date: IsoDate, words: Words): Offerings {
  const offerings: SuppliableOffers[] = [];
  for (const suppliable of suppliables) {
    const number = suppliable.number ?? suppliable.id;
    const name = suppliable.supplierName ? `${number} (${suppliable.supplierName})` : number;
    const what = `Suppliable ${name}`;
    const factors = factorsValidOn(suppliable.factors ?? [], date, what, words, () => words.suppliableFactor(suppliable.supplierName ?? null, number));
    const offer = (range: Range | null, unitPrice: Decimal, outsideBands = false): Offer => ({
      name,
      range,
      outsideBands,
      unitPrice,
      factors,
      cost: factors.reduce((cost, factor) => cost.times(factor.value), unitPrice),
      figure: null,
    });
    const bulkPrices = suppliable.bulkPrices ?? [];
    if (bulkPrices.length === 0) {
      offerings.push({ bands: [], cost: offer(null, toDecimal(suppliable.cost, `${what}: cost`)) });
      continue;
    }
    const bands = bulkPrices.map((band) =>
      offer(parseRange(band.minQuantity, band.maxQuantity, `${what}: bulk price`), toDecimal(band.unitPrice, `${what}: bulk unit price`)),
    );
    const cost = optionalDecimal(suppliable.cost, `${what}: cost`);
    offerings.push({ bands, cost: cost === null || cost.isZero() ? null : offer(null, cost, true) });
  }
  return { suppliables: offerings, cheapestByQuantity: [] };
}

/** What a suppliable asks for the pieces: the band covering them, else its own cost; null if it offers nothing. */
function offerFor(suppliable: SuppliableOffers, needed: Pieces): Offer | null {
  for (const band of suppliable.bands) if (band.range !== null && covers(band.range, needed.count)) return band;
  return suppliable.cost;
}

/**
 * Unit cost of the cheapest active suppliable for the pieces needed (its band covering them,
 * else its own cost), compared after each one's own factors, as that is what the shop pays; on
 * a tie the first listed wins. Null when no suppliable offers the quantity.
 */
export function cheapestSuppliable(offerings: Offerings, needed: Pieces, words: Words): Explained | null {
  let best = offerings.cheapestByQuantity[needed.index];
  if (best === undefined) {
    let cheapest: Offer | null = null;
    for (const suppliable of offerings.suppliables) {
      const offer = offerFor(suppliable, needed);
      if (offer !== null && (cheapest === null || offer.cost.lt(cheapest.cost))) cheapest = offer;
    }
    best = offerings.cheapestByQuantity[needed.index] = cheapest;
  }
  if (best === null) return null;
  best.figure ??= explainOffer(best, words);
  return best.figure;
}

function explainOffer(offer: Offer, words: Words): Explained {
  const source = offer.range ? words.bulkPriceOf(offer.name, rangeText(offer.range, words)) : offer.outsideBands ? words.costOutsideBands(offer.name) : words.costOf(offer.name);
  const base = amount(offer.unitPrice, words.currency, words.cheapest(source));
  return applyFactors(base, offer.factors, words);
}
