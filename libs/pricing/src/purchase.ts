import { covers, parseRange, Range, rangeText } from './bands';
import { Decimal, toDecimal } from './decimal';
import { applyFactors, factorsValidOn, ValidFactor } from './factors';
import { amount, Explained } from './figure';
import { memo } from './memo';
import { Pieces } from './quantity';
import { IsoDate, Suppliable } from './types';
import { Words } from './words';

/** What one active suppliable asks per piece in a quantity range (its whole range without bulk prices). */
interface Offer {
  suppliable: Suppliable;
  name: string;
  /** Null: the suppliable's cost, at any quantity. */
  range: Range | null;
  unitPrice: Decimal;
  factors: ValidFactor[];
  /** Unit price times the suppliable's own factors: what the shop pays, and what is compared. */
  cost: Decimal;
  /** Its figure, made once however many tiers it wins. */
  figure: Explained | null;
}

/** The active suppliables of one part or operation, with the cheapest looked up once per quantity. */
export interface Offerings {
  offers: Offer[];
  cheapestByQuantity: Map<string, Offer | null>;
}

export function offeringsOf(suppliables: readonly Suppliable[], date: IsoDate, words: Words): Offerings {
  const offers: Offer[] = [];
  for (const suppliable of suppliables) {
    const number = suppliable.number ?? suppliable.id;
    const name = suppliable.supplierName ? `${number} (${suppliable.supplierName})` : number;
    const what = `Suppliable ${name}`;
    const factors = factorsValidOn(suppliable.factors ?? [], date, what, words);
    const offer = (range: Range | null, unitPrice: Decimal): Offer => ({
      suppliable,
      name,
      range,
      unitPrice,
      factors,
      cost: factors.reduce((cost, factor) => cost.times(factor.value), unitPrice),
      figure: null,
    });
    const bands = suppliable.bulkPrices ?? [];
    if (bands.length === 0) offers.push(offer(null, toDecimal(suppliable.cost, `${what}: cost`)));
    for (const band of bands) {
      offers.push(offer(parseRange(band.minQuantity, band.maxQuantity, `${what}: bulk price`), toDecimal(band.unitPrice, `${what}: bulk unit price`)));
    }
  }
  return { offers, cheapestByQuantity: new Map() };
}

/**
 * Unit cost of the cheapest active suppliable whose bulk price band covers the pieces needed,
 * compared after each one's own factors, as that is what the shop pays; on a tie the first
 * listed wins. Null when none covers the quantity.
 */
export function cheapestSuppliable(offerings: Offerings, needed: Pieces, words: Words): Explained | null {
  const best = memo(offerings.cheapestByQuantity, needed.text, () => {
    let cheapest: Offer | null = null;
    for (const offer of offerings.offers) {
      if (offer.range !== null && !covers(offer.range, needed.count)) continue;
      if (cheapest === null || offer.cost.lt(cheapest.cost)) cheapest = offer;
    }
    return cheapest;
  });
  if (best === null) return null;
  best.figure ??= explainOffer(best, words);
  return best.figure;
}

function explainOffer(offer: Offer, words: Words): Explained {
  const source = offer.range ? words.bulkPriceOf(offer.name, rangeText(offer.range, words)) : words.costOf(offer.name);
  const base = amount(offer.unitPrice, words.currency, words.cheapest(source));
  return applyFactors(base, offer.factors, words);
}
