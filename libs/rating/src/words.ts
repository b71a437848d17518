import { formatNumber, type Locale } from '@fabquote/i18n';
import { DeliveryBand, PriceBand, StarLabel } from './types';

/**
 * Every word of a rating's explanations, in one language, as the pricing engine keeps its own
 * (libs/pricing/src/words.ts). Numbers arrive in machine notation ("4.35") and `number` writes
 * them as the language does (libs/i18n's `formatNumber`, the notation of every server text: en
 * "1,234.5", de "1.234,5"). Amounts carry no currency: an offer is in the request's.
 */
export interface RatingWords {
  number(text: string): string;
  priceBand: Record<PriceBand, string>;
  deliveryBand: Record<DeliveryBand, string>;
  starLabel: Record<StarLabel, string>;
  /** `lines`: how many lines share the offer's packaging, shipping and customs. */
  landed(landed: string, quantity: string, unitPrice: string, packaging: string, shipping: string, customs: string, lines: number): string;
  bestAt(quantity: string, band: string): string;
  tiedAt(quantity: string, band: string): string;
  aboveBest(percent: string, best: string, band: string): string;
  aboveZero(band: string): string;
  quantity(quantity: string, priced: number, asked: number, rest: string): string;
  bestInEach(lines: number, band: string): string;
  againstBest(sum: string, best: string, percent: string, band: string): string;
  price(score: string, scores: string[], quantities: string[], band: string): string;
  noPrice: string;
  delivery(days: number, band: string, score: number): string;
  deliveryLonger(days: number, longer: number, shortest: number, band: string, score: number): string;
  noLeadTime(band: string, score: number): string;
  completeness(parts: { tiers: boolean; tierPoints: string; given: string[]; missing: string[]; breakdownPoints: string; pricesGiven: number; pricesAsked: number; coveragePoints: string; score: string }): string;
  cost: { packaging: string; shipping: string; customs: string };
  stars(formula: string, score: string, stars: number, label: string, from: number | null, lowest: number): string;
  trophy(quantities: number, lowest: string, at: string): string;
  noTrophyMissing(missing: number, asked: number): string;
  noTrophyAt(at: string, share: string): string;
  noTrophyNothingAsked: string;
  /** A lone offer (no other offer prices what it prices): said before its price score. */
  alone: string;
  /** A lone offer at one quantity: its landed sum against its goods alone (unit prices without the shared costs). */
  againstGoods(landed: string, goods: string, percent: string, band: string): string;
  noTrophyAlone: string;
}

/** "1 piece", "5 pieces": the count said as English says it. */
const piecesEn = (quantity: string | number) => (String(quantity) === '1' ? '1 piece' : `${quantity} pieces`);

const ENGLISH: RatingWords = {
  number: (text) => formatNumber('en', text),
  priceBand: { 1: 'within 5 %', 2: 'within 15 %', 3: 'within 30 %', 4: 'within 50 %', 5: 'more than 50 % above' },
  deliveryBand: { 1: 'best or tied', 2: 'within 2 days', 3: 'within 5 days', 4: 'within 10 days', 5: 'more than 10 days longer' },
  starLabel: { excellent: 'Excellent', good: 'Good', average: 'Average', 'below-average': 'Below Average', poor: 'Poor' },
  landed: (landed, quantity, unitPrice, packaging, shipping, customs, lines) =>
    `Landed unit price ${landed} at ${piecesEn(quantity)}: ${unitPrice} + (${packaging} + ${shipping} + ${customs}) / ${lines === 1 ? quantity : `(${lines} lines × ${quantity})`}`,
  bestAt: (quantity, band) => `The best price at ${piecesEn(quantity)} (${band})`,
  tiedAt: (quantity, band) => `Tied for the best price at ${piecesEn(quantity)} (${band})`,
  aboveBest: (percent, best, band) => `${percent} % above the best ${best} (${band})`,
  aboveZero: (band) => `Above the best of 0 (${band})`,
  quantity: (quantity, priced, asked, rest) => (asked === 1 ? `At ${piecesEn(quantity)}: ${rest}` : `At ${piecesEn(quantity)} ${priced} of ${asked} lines priced: ${rest}`),
  bestInEach: (lines, band) => (lines === 1 ? `the best price (${band})` : `the best price in each (${band})`),
  againstBest: (sum, best, percent, band) => `${sum} against the best ${best}, ${percent} % above (${band})`,
  price: (score, scores, quantities, band) =>
    `Price score ${score}: (${scores.join(' + ')}) / ${scores.length} at ${quantities.join(', ')} pieces; nearest band ${band}`,
  noPrice: 'No asked quantity priced: price score 0',
  delivery: (days, band, score) => `Lead time ${daysEn(days)}, the shortest: ${band} (score ${score})`,
  deliveryLonger: (days, longer, shortest, band, score) => `Lead time ${daysEn(days)}, ${daysEn(longer)} longer than the shortest (${daysEn(shortest)}): ${band} (score ${score})`,
  noLeadTime: (band, score) => `No lead time given: ${band} (score ${score})`,
  completeness: (parts) =>
    [
      `Quantity tiers: ${parts.tiers ? 'yes' : 'no'}, ${parts.tierPoints} of 20`,
      `breakdown: ${[parts.given.length ? `${parts.given.join(', ')} given` : 'nothing given', ...(parts.missing.length && parts.given.length ? [`${parts.missing.join(', ')} missing`] : [])].join(', ')}, ${parts.breakdownPoints} of 30`,
      `${parts.pricesGiven} of ${parts.pricesAsked} asked prices given, ${parts.coveragePoints} of 50`,
      `${parts.score} of 100`,
    ].join('; '),
  cost: { packaging: 'packaging', shipping: 'shipping', customs: 'customs' },
  stars: (formula, score, stars, label, from, lowest) =>
    `${formula} = ${score}: ${stars} ${stars === 1 ? 'star' : 'stars'}, ${label} (${from === null ? `below ${lowest}` : `${from} or more`})`,
  trophy: (quantities, lowest, at) =>
    `Trophy: at ${quantities === 1 ? 'the asked quantity' : `each of the ${quantities} asked quantities`} the best is at least 95 % of this offer's landed price (lowest ${lowest} % at ${at} pieces)`,
  noTrophyMissing: (missing, asked) => `No trophy: ${missing} of ${asked} asked prices missing`,
  noTrophyAt: (at, share) => `No trophy: at ${at} pieces the best is ${share} % of this offer's landed price, below 95 %`,
  noTrophyNothingAsked: 'No trophy: nothing asked',
  alone: 'No other offer prices these lines, so there is nothing to compare with: each quantity is rated against the offer\'s own goods without the shared costs (packaging, shipping, customs).',
  againstGoods: (landed, goods, percent, band) => `nothing to compare with; ${landed} landed against ${goods} for the goods alone: the shared costs add ${percent} % (${band})`,
  noTrophyAlone: 'No trophy: a trophy needs at least two offers to compare',
};

const GERMAN: RatingWords = {
  number: (text) => formatNumber('de', text),
  priceBand: { 1: 'innerhalb 5 %', 2: 'innerhalb 15 %', 3: 'innerhalb 30 %', 4: 'innerhalb 50 %', 5: 'mehr als 50 % darüber' },
  deliveryBand: { 1: 'am schnellsten oder gleichauf', 2: 'innerhalb von 2 Tagen', 3: 'innerhalb von 5 Tagen', 4: 'innerhalb von 10 Tagen', 5: 'mehr als 10 Tage länger' },
  starLabel: { excellent: 'Ausgezeichnet', good: 'Gut', average: 'Durchschnittlich', 'below-average': 'Unterdurchschnittlich', poor: 'Mangelhaft' },
  landed: (landed, quantity, unitPrice, packaging, shipping, customs, lines) =>
    `Einstandspreis pro Stück ${landed} bei ${quantity} Stück: ${unitPrice} + (${packaging} + ${shipping} + ${customs}) / ${lines === 1 ? quantity : `(${lines} Positionen × ${quantity})`}`,
  bestAt: (quantity, band) => `Der Bestpreis bei ${quantity} Stück (${band})`,
  tiedAt: (quantity, band) => `Gleichauf mit dem Bestpreis bei ${quantity} Stück (${band})`,
  aboveBest: (percent, best, band) => `${percent} % über dem Bestpreis ${best} (${band})`,
  aboveZero: (band) => `Über dem Bestpreis von 0 (${band})`,
  quantity: (quantity, priced, asked, rest) => (asked === 1 ? `Bei ${quantity} Stück: ${rest}` : `Bei ${quantity} Stück ${priced} von ${asked} Positionen bepreist: ${rest}`),
  bestInEach: (lines, band) => (lines === 1 ? `der Bestpreis (${band})` : `jeweils der Bestpreis (${band})`),
  againstBest: (sum, best, percent, band) => `${sum} gegenüber dem Bestpreis ${best}, ${percent} % darüber (${band})`,
  price: (score, scores, quantities, band) =>
    `Preispunkte ${score}: (${scores.join(' + ')}) / ${scores.length} bei ${quantities.join(', ')} Stück; nächste Stufe ${band}`,
  noPrice: 'Keine angefragte Menge bepreist: 0 Preispunkte',
  delivery: (days, band, score) => `Lieferzeit ${daysDe(days)}, die kürzeste: ${band} (${score} Punkte)`,
  deliveryLonger: (days, longer, shortest, band, score) => `Lieferzeit ${daysDe(days)}, ${daysDe(longer)} länger als die kürzeste (${daysDe(shortest)}): ${band} (${score} Punkte)`,
  noLeadTime: (band, score) => `Keine Lieferzeit angegeben: ${band} (${score} Punkte)`,
  completeness: (parts) =>
    [
      `Mengenstaffeln: ${parts.tiers ? 'ja' : 'nein'}, ${parts.tierPoints} von 20`,
      `Aufschlüsselung: ${[parts.given.length ? `${parts.given.join(', ')} angegeben` : 'nichts angegeben', ...(parts.missing.length && parts.given.length ? [`${parts.missing.join(', ')} fehlt`] : [])].join(', ')}, ${parts.breakdownPoints} von 30`,
      `${parts.pricesGiven} von ${parts.pricesAsked} angefragten Preisen angegeben, ${parts.coveragePoints} von 50`,
      `${parts.score} von 100`,
    ].join('; '),
  cost: { packaging: 'Verpackung', shipping: 'Versand', customs: 'Zoll' },
  stars: (formula, score, stars, label, from, lowest) =>
    `${formula} = ${score}: ${stars} ${stars === 1 ? 'Stern' : 'Sterne'}, ${label} (${from === null ? `unter ${lowest}` : `ab ${from}`})`,
  trophy: (quantities, lowest, at) =>
    `Pokal: bei ${quantities === 1 ? 'der angefragten Menge' : `allen ${quantities} angefragten Mengen`} liegt der Bestpreis bei mindestens 95 % des Einstandspreises dieses Angebots (am niedrigsten ${lowest} % bei ${at} Stück)`,
  noTrophyMissing: (missing, asked) => `Kein Pokal: ${missing} von ${asked} angefragten Preisen fehlen`,
  noTrophyAt: (at, share) => `Kein Pokal: bei ${at} Stück liegt der Bestpreis bei ${share} % des Einstandspreises dieses Angebots, unter 95 %`,
  noTrophyNothingAsked: 'Kein Pokal: nichts angefragt',
  alone: 'Kein anderes Angebot bepreist diese Positionen, es gibt also nichts zu vergleichen: Jede Menge wird an den eigenen Warenpreisen des Angebots ohne die Nebenkosten (Verpackung, Versand, Zoll) gemessen.',
  againstGoods: (landed, goods, percent, band) => `nichts zum Vergleich; ${landed} Einstandspreis gegenüber ${goods} für die Ware allein: die Nebenkosten schlagen ${percent} % auf (${band})`,
  noTrophyAlone: 'Kein Pokal: Ein Pokal braucht mindestens zwei Angebote zum Vergleich',
};

function daysEn(days: number): string {
  return days === 1 ? '1 day' : `${days} days`;
}

function daysDe(days: number): string {
  return days === 1 ? '1 Tag' : `${days} Tage`;
}

const WORDS: Record<Locale, RatingWords> = { en: ENGLISH, de: GERMAN };

export function ratingWords(language: Locale | undefined): RatingWords {
  return WORDS[language ?? 'en'];
}
