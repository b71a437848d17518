import { Decimal, formatAmount, formatMeasure } from '@fabquote/pricing';
import {
  bandScore,
  checkWeights,
  COMPLETENESS_POINTS,
  DEFAULT_WEIGHTS,
  deliveryBandOf,
  priceBandOf,
  priceBandOfScore,
  STAR_THRESHOLDS,
  starsOf,
  TROPHY_PERCENT,
} from './bands';
import { RatingError } from './errors';
import { cutDown, Ratio, roundedUp } from './ratio';
import {
  BestCell,
  BreakdownGiven,
  CellRating,
  CompletenessRating,
  DecimalInput,
  OfferRating,
  QuantityRating,
  RatingInput,
  RatingOptions,
  RatingResult,
  RatingWeights,
} from './types';
import { RatingWords, ratingWords } from './words';

/** One (line, quantity) the request asks. */
interface AskedCell {
  key: string;
  lineId: string;
  quantity: Decimal;
  quantityText: string;
}

/** An offer's price of an asked cell. */
interface PricedCell {
  unitPrice: Decimal;
  /** (unit price × lines × q + packaging + shipping + customs) ÷ (lines × q), lines = how many lines the offer prices. */
  landed: Ratio;
}

interface ParsedOffer {
  id: string;
  packaging: Decimal;
  shipping: Decimal;
  customs: Decimal;
  breakdown: BreakdownGiven;
  leadTimeDays: number | null;
  /** How many of the asked lines the offer prices: the shared costs are split over them. */
  lines: number;
  cells: Map<string, PricedCell>;
}

interface Best {
  landed: Ratio;
  offerIds: string[];
  /** The landed price's exact text and how the explanations show it, written once for all offers. */
  exact: string;
  shown: string;
}

const ZERO = Decimal.from(0);
const HUNDRED = Decimal.from(100);
const TROPHY_SHARE = Decimal.from(TROPHY_PERCENT);

/**
 * Rates the latest offers of one purchase request: per cell (line, quantity), per asked
 * quantity, and per offer (price, delivery and completeness bands, stars, the trophy). Pure and
 * deterministic: the same offers in any order give the same result. The rules: README.md.
 */
export function rateOffers(input: RatingInput, weights: RatingWeights = DEFAULT_WEIGHTS, options: RatingOptions = {}): RatingResult {
  const words = ratingWords(options.language);
  const weight = parsedWeights(weights);
  const asked = askedCells(input);
  const askedByKey = new Map(asked.map((cell) => [cell.key, cell]));
  const offers = input.offers.map((offer) => parsedOffer(offer, askedByKey)).sort((a, b) => compareText(a.id, b.id));
  const ids = new Set<string>();
  for (const offer of offers) {
    if (ids.has(offer.id)) throw new RatingError('invalid-input', `Offer ${offer.id} is given twice`);
    ids.add(offer.id);
  }

  const best = new Map<string, Best>();
  for (const offer of offers) {
    for (const [key, cell] of offer.cells) {
      const current = best.get(key);
      const order = current === undefined ? -1 : cell.landed.comparedTo(current.landed);
      if (current === undefined || order < 0) best.set(key, { landed: cell.landed, offerIds: [offer.id], exact: '', shown: '' });
      else if (order === 0) current.offerIds.push(offer.id);
    }
  }
  for (const cell of best.values()) {
    const value = cell.landed.toDecimal();
    cell.exact = value.toFixed();
    cell.shown = words.number(formatAmount(value, cell.exact));
  }
  const shownQuantities = new Map(asked.map((cell) => [cell.quantityText, words.number(formatMeasure(cell.quantity))]));
  const leadTimes = offers.map((offer) => offer.leadTimeDays).filter((days): days is number => days !== null);
  const shortest = leadTimes.length === 0 ? null : Math.min(...leadTimes);

  // An offer no other offer competes with on any asked cell has nothing to be compared with (README, "Few offers").
  const pricedBy = new Map<string, number>();
  for (const offer of offers) for (const key of offer.cells.keys()) pricedBy.set(key, (pricedBy.get(key) ?? 0) + 1);
  const alone = new Set(offers.filter((offer) => offer.cells.size > 0 && [...offer.cells.keys()].every((key) => pricedBy.get(key) === 1)).map((offer) => offer.id));
  const context: Context = { asked, best, shownQuantities, shortest, weight, words, alone };
  const rated = offers.map((offer) => rateOffer(offer, context));
  rated.sort((a, b) => b.total.comparedTo(a.total) || compareText(a.rating.id, b.rating.id));
  for (const offer of rated) offer.rating.rank = 1 + rated.filter((other) => other.total.comparedTo(offer.total) > 0).length;

  return {
    offers: rated.map((offer) => offer.rating),
    cells: asked.map(
      (cell): BestCell => ({
        lineId: cell.lineId,
        quantity: cell.quantityText,
        bestLandedUnitPrice: best.get(cell.key)?.exact ?? null,
        offerIds: best.get(cell.key)?.offerIds ?? [],
      }),
    ),
    shortestLeadTimeDays: shortest,
    weights: { price: weight.price.toFixed(), delivery: weight.delivery.toFixed(), completeness: weight.completeness.toFixed() },
  };
}

interface Context {
  asked: AskedCell[];
  best: Map<string, Best>;
  /** Each asked quantity as the explanations write it. */
  shownQuantities: Map<string, string>;
  shortest: number | null;
  weight: { price: Decimal; delivery: Decimal; completeness: Decimal };
  words: RatingWords;
  /** Offers no other offer prices an asked cell of: rated against their own goods, never a trophy. */
  alone: Set<string>;
}

function rateOffer(offer: ParsedOffer, { asked, best, shownQuantities, shortest, weight, words, alone }: Context): { rating: OfferRating; total: Ratio } {
  const isAlone = alone.has(offer.id);
  const amount = (value: Decimal, exact?: string) => words.number(formatAmount(value, exact));
  const count = (value: Decimal) => words.number(formatMeasure(value));
  const [packaging, shipping, customs] = [amount(offer.packaging), amount(offer.shipping), amount(offer.customs)];

  const cells: CellRating[] = [];
  const byQuantity = new Map<string, { quantity: Decimal; text: string; asked: number; landed: Ratio[]; best: Ratio[]; goods: Decimal[] }>();
  for (const cell of asked) {
    const quantity = byQuantity.get(cell.quantityText) ?? { quantity: cell.quantity, text: cell.quantityText, asked: 0, landed: [], best: [], goods: [] };
    byQuantity.set(cell.quantityText, quantity);
    quantity.asked++;
    const priced = offer.cells.get(cell.key);
    if (priced === undefined) continue;
    const bestOfCell = best.get(cell.key)!;
    quantity.landed.push(priced.landed);
    quantity.best.push(bestOfCell.landed);
    quantity.goods.push(priced.unitPrice);
    const isBest = priced.landed.eq(bestOfCell.landed);
    const band = isBest ? 1 : priceBandOf(priced.landed, bestOfCell.landed);
    const percent = isBest ? ZERO : percentAbove(priced.landed, bestOfCell.landed);
    const landed = priced.landed.toDecimal();
    const landedExact = landed.toFixed();
    const q = shownQuantities.get(cell.quantityText)!;
    cells.push({
      lineId: cell.lineId,
      quantity: cell.quantityText,
      unitPrice: priced.unitPrice.toFixed(),
      landedUnitPrice: landedExact,
      bestLandedUnitPrice: bestOfCell.exact,
      best: isBest,
      percentAboveBest: percent === null ? null : percent.toFixed(),
      band,
      explanations: {
        landed: words.landed(amount(landed, landedExact), q, amount(priced.unitPrice), packaging, shipping, customs, offer.lines),
        band: isBest
          ? (bestOfCell.offerIds.length > 1 ? words.tiedAt : words.bestAt)(q, words.priceBand[band])
          : percent === null
            ? words.aboveZero(words.priceBand[band])
            : words.aboveBest(shownPercent(percent, words), bestOfCell.shown, words.priceBand[band]),
      },
    });
  }

  const quantities = [...byQuantity.values()].sort((a, b) => a.quantity.comparedTo(b.quantity));
  const perQuantity: QuantityRating[] = [];
  /** Each rated quantity's best share of this offer's landed price, for the trophy's explanation. */
  const shares: Decimal[] = [];
  for (const quantity of quantities) {
    if (quantity.landed.length === 0) continue;
    const landed = quantity.landed.reduce((sum, value) => sum.plus(value));
    const bestSum = quantity.best.reduce((sum, value) => sum.plus(value));
    // Alone, the offer is its own best: its band is its landed price against its goods without the shared costs, so
    // costs out of proportion to the goods lower it (1,250 of packaging on 500 of parts is 250 % above: band 5).
    const goods = Ratio.of(quantity.goods.reduce((sum, value) => sum.plus(value), ZERO));
    const aloneBand = isAlone ? priceBandOf(landed, goods) : null;
    const band = aloneBand ?? priceBandOf(landed, bestSum);
    const isBest = landed.eq(bestSum);
    const percent = percentAbove(landed, bestSum);
    const text = count(quantity.quantity);
    shares.push(landed.isZero() ? HUNDRED : bestSum.shareOf(landed, 1));
    perQuantity.push({
      quantity: quantity.text,
      linesAsked: quantity.asked,
      linesPriced: quantity.landed.length,
      landedUnitPrice: landed.toDecimal().toFixed(),
      bestLandedUnitPrice: bestSum.toDecimal().toFixed(),
      best: isBest,
      percentAboveBest: percent === null ? null : percent.toFixed(),
      band,
      competitive: bestSum.times(HUNDRED).gte(landed.times(TROPHY_SHARE)),
      explanation: words.quantity(
        text,
        quantity.landed.length,
        quantity.asked,
        aloneBand !== null
          ? words.againstGoods(amount(landed.toDecimal()), amount(goods.toDecimal()), shownPercentOrNone(percentAbove(landed, goods), words), words.priceBand[aloneBand])
          : isBest
          ? words.bestInEach(quantity.landed.length, words.priceBand[band])
          : percent === null
            ? words.aboveZero(words.priceBand[band])
            : words.againstBest(amount(landed.toDecimal()), amount(bestSum.toDecimal()), shownPercent(percent, words), words.priceBand[band]),
      ),
    });
  }

  // Price: the mean of the band scores at the quantities it prices, each quantity counting once.
  const priceScores = perQuantity.map((quantity) => bandScore(quantity.band));
  const price = priceScores.length === 0 ? Ratio.of(0) : new Ratio(Decimal.from(priceScores.reduce((sum, score) => sum + score, 0)), Decimal.from(priceScores.length));
  const priceBand = priceScores.length === 0 ? null : priceBandOfScore(price);
  const priceText =
    priceBand === null
      ? words.noPrice
      : words.price(
          shownScore(price, words),
          priceScores.map(String),
          perQuantity.map((quantity) => count(Decimal.from(quantity.quantity))),
          words.priceBand[priceBand],
        );
  const priceExplanation = isAlone ? `${words.alone} ${priceText}` : priceText;

  // Delivery.
  const deliveryBand = deliveryBandOf(offer.leadTimeDays, shortest);
  const delivery = bandScore(deliveryBand);
  const deliveryExplanation =
    offer.leadTimeDays === null || shortest === null
      ? words.noLeadTime(words.deliveryBand[deliveryBand], delivery)
      : offer.leadTimeDays === shortest
        ? words.delivery(offer.leadTimeDays, words.deliveryBand[deliveryBand], delivery)
        : words.deliveryLonger(offer.leadTimeDays, offer.leadTimeDays - shortest, shortest, words.deliveryBand[deliveryBand], delivery);

  // Completeness.
  const pricedPerLine = new Map<string, number>();
  const askedPerLine = new Map<string, number>();
  for (const cell of asked) {
    askedPerLine.set(cell.lineId, (askedPerLine.get(cell.lineId) ?? 0) + 1);
    if (offer.cells.has(cell.key)) pricedPerLine.set(cell.lineId, (pricedPerLine.get(cell.lineId) ?? 0) + 1);
  }
  const tiersAsked = [...askedPerLine.values()].some((quantities) => quantities > 1);
  const multipleTiers = tiersAsked ? [...pricedPerLine.values()].some((quantities) => quantities > 1) : cells.length > 0;
  const costs = (['packaging', 'shipping', 'customs'] as const).filter((cost) => offer.breakdown[cost]);
  const missing = (['packaging', 'shipping', 'customs'] as const).filter((cost) => !offer.breakdown[cost]);
  const tierPoints = multipleTiers ? COMPLETENESS_POINTS.multipleTiers : 0;
  const breakdownPoints = costs.length * COMPLETENESS_POINTS.perCostGiven;
  const coverage = asked.length === 0 ? Ratio.of(0) : new Ratio(Decimal.from(COMPLETENESS_POINTS.coverage * cells.length), Decimal.from(asked.length));
  const completenessScore = Ratio.of(tierPoints + breakdownPoints).plus(coverage);
  const completeness: CompletenessRating = {
    multipleTiers,
    breakdown: { ...offer.breakdown },
    pricesAsked: asked.length,
    pricesGiven: cells.length,
    score: cutDown(completenessScore.toDecimal(), 2).toFixed(),
  };
  const completenessExplanation = words.completeness({
    tiers: multipleTiers,
    tierPoints: String(tierPoints),
    given: costs.map((cost) => words.cost[cost]),
    missing: missing.map((cost) => words.cost[cost]),
    breakdownPoints: String(breakdownPoints),
    pricesGiven: cells.length,
    pricesAsked: asked.length,
    coveragePoints: shownScore(coverage, words),
    score: shownScore(completenessScore, words),
  });

  // Stars: the weighted mean of the three scores.
  const weightSum = weight.price.plus(weight.delivery).plus(weight.completeness);
  const total = price.times(weight.price).plus(Ratio.of(weight.delivery.times(delivery))).plus(completenessScore.times(weight.completeness)).over(weightSum);
  const stars = starsOf(total);
  const terms = [
    `${count(weight.price)} × ${shownScore(price, words)}`,
    `${count(weight.delivery)} × ${delivery}`,
    `${count(weight.completeness)} × ${shownScore(completenessScore, words)}`,
  ].join(' + ');
  const formula = weightSum.eq(1) ? terms : `(${terms}) / ${count(weightSum)}`;
  const lowest = STAR_THRESHOLDS[STAR_THRESHOLDS.length - 1].from;
  const starsExplanation = words.stars(formula, shownScore(total, words), stars.stars, words.starLabel[stars.label], stars.from, lowest);

  // The trophy: every asked cell priced, and competitive at every asked quantity.
  // …and another offer to compare with: a lone offer is never "the best" (README, "Few offers").
  const { trophy, trophyExplanation } = isAlone ? { trophy: false, trophyExplanation: words.noTrophyAlone } : trophyOf(perQuantity, shares, cells.length, asked.length, words);

  return {
    total,
    rating: {
      id: offer.id,
      rank: 0,
      stars: stars.stars,
      label: stars.label,
      labelText: words.starLabel[stars.label],
      score: cutDown(total.toDecimal(), 2).toFixed(),
      trophy,
      priceBand,
      deliveryBand,
      leadTimeDays: offer.leadTimeDays,
      completeness,
      scores: { price: cutDown(price.toDecimal(), 2).toFixed(), delivery: String(delivery), completeness: completeness.score },
      perQuantity,
      cells,
      explanations: { price: priceExplanation, delivery: deliveryExplanation, completeness: completenessExplanation, stars: starsExplanation, trophy: trophyExplanation },
    },
  };
}

function trophyOf(perQuantity: QuantityRating[], shares: Decimal[], priced: number, asked: number, words: RatingWords): { trophy: boolean; trophyExplanation: string } {
  if (asked === 0) return { trophy: false, trophyExplanation: words.noTrophyNothingAsked };
  if (priced < asked) return { trophy: false, trophyExplanation: words.noTrophyMissing(asked - priced, asked) };
  // The least competitive quantity, the first of equals.
  let lowest = 0;
  shares.forEach((share, index) => {
    if (share.lt(shares[lowest])) lowest = index;
  });
  const at = words.number(formatMeasure(Decimal.from(perQuantity[lowest].quantity)));
  const share = words.number(shares[lowest].toFixed());
  return perQuantity.every((quantity) => quantity.competitive)
    ? { trophy: true, trophyExplanation: words.trophy(perQuantity.length, share, at) }
    : { trophy: false, trophyExplanation: words.noTrophyAt(at, share) };
}

/** (landed − best) ÷ best × 100 rounded up to 2 places, or null when the best is 0 (and so no percentage of it). */
function percentAbove(landed: Ratio, best: Ratio): Decimal | null {
  if (best.isZero()) return landed.isZero() ? ZERO : null;
  return landed.percentAbove(best, 2);
}

/** The percentage shown, or a dash above goods of 0. */
function shownPercentOrNone(percent: Decimal | null, words: RatingWords): string {
  return percent === null ? '–' : shownPercent(percent, words);
}

/** One decimal, rounded up: "5.1" for 5.04 %, which is not within 5 %. */
function shownPercent(percent: Decimal, words: RatingWords): string {
  const text = roundedUp(percent, 1).toFixed();
  return words.number(text.includes('.') ? text : `${text}.0`);
}

/** Two decimals at most, cut down: 89.999 shows 89.99, not the 90 that five stars need. */
function shownScore(score: Ratio, words: RatingWords): string {
  return words.number(cutDown(score.toDecimal(), 2).toFixed());
}

function askedCells(input: RatingInput): AskedCell[] {
  const cells: AskedCell[] = [];
  const lines = new Set<string>();
  for (const line of input.lines) {
    if (lines.has(line.lineId)) throw new RatingError('invalid-input', `Line ${line.lineId} is asked twice`);
    lines.add(line.lineId);
    const quantities = line.quantities.map((quantity) => positiveQuantity(quantity, `A quantity of line ${line.lineId}`)).sort((a, b) => a.comparedTo(b));
    quantities.forEach((quantity, index) => {
      if (index > 0 && quantity.eq(quantities[index - 1])) throw new RatingError('invalid-input', `Line ${line.lineId} asks quantity ${quantity.toFixed()} twice`);
      cells.push({ key: cellKey(line.lineId, quantity), lineId: line.lineId, quantity, quantityText: quantity.toFixed() });
    });
  }
  return cells;
}

function parsedOffer(offer: RatingInput['offers'][number], askedByKey: Map<string, AskedCell>): ParsedOffer {
  if (typeof offer.id !== 'string' || offer.id === '') throw new RatingError('invalid-input', 'An offer has no id');
  const cost = (value: DecimalInput | null | undefined, what: string) => {
    const parsed = optionalDecimal(value, `The ${what} of offer ${offer.id}`) ?? ZERO;
    if (parsed.lt(0)) throw new RatingError('invalid-input', `The ${what} of offer ${offer.id} is negative: ${parsed.toFixed()}`);
    return parsed;
  };
  const packaging = cost(offer.packaging, 'packaging');
  const shipping = cost(offer.shipping, 'shipping');
  const customs = cost(offer.customs, 'customs');
  const given = (value: DecimalInput | null | undefined) => value !== null && value !== undefined && !(typeof value === 'string' && value.trim() === '');
  const breakdown = offer.breakdownGiven ?? { packaging: given(offer.packaging), shipping: given(offer.shipping), customs: given(offer.customs) };
  const { leadTimeDays } = offer;
  if (leadTimeDays !== null && leadTimeDays !== undefined && !(Number.isInteger(leadTimeDays) && leadTimeDays >= 0)) {
    throw new RatingError('invalid-input', `The lead time of offer ${offer.id} is not a whole number of days: ${String(leadTimeDays)}`);
  }

  const extras = packaging.plus(shipping).plus(customs);
  const priced = new Map<string, { unitPrice: Decimal; cell: AskedCell }>();
  const seen = new Set<string>();
  for (const price of offer.prices) {
    const unitPrice = optionalDecimal(price.unitPrice, `A unit price of offer ${offer.id}`);
    if (unitPrice === null) continue;
    if (unitPrice.lt(0)) throw new RatingError('invalid-input', `A unit price of offer ${offer.id} is negative: ${unitPrice.toFixed()}`);
    const quantity = positiveQuantity(price.quantity, `A quantity of offer ${offer.id}`);
    const key = cellKey(price.lineId, quantity);
    if (seen.has(key)) throw new RatingError('invalid-input', `Offer ${offer.id} prices line ${price.lineId} at ${quantity.toFixed()} twice`);
    seen.add(key);
    const cell = askedByKey.get(key);
    // A price of a line or quantity the request does not ask is not rated.
    if (cell !== undefined) priced.set(key, { unitPrice, cell });
  }
  // The shared costs are split equally over the lines the offer prices, then over the pieces (README).
  const lines = new Set([...priced.values()].map(({ cell }) => cell.lineId)).size;
  const cells = new Map<string, PricedCell>();
  for (const [key, { unitPrice, cell }] of priced) {
    const pieces = cell.quantity.times(lines);
    cells.set(key, { unitPrice, landed: new Ratio(unitPrice.times(pieces).plus(extras), pieces) });
  }
  return { id: offer.id, packaging, shipping, customs, breakdown, leadTimeDays: leadTimeDays ?? null, lines, cells };
}

function parsedWeights(weights: RatingWeights): Context['weight'] {
  const problem = checkWeights(weights);
  if (problem !== null) {
    throw new RatingError('invalid-weights', problem.weight === null ? 'The rating weights are all 0' : `The ${problem.weight} weight is ${problem.problem === 'negative' ? 'negative' : 'not a number'}: ${String(weights[problem.weight])}`);
  }
  const parse = (value: DecimalInput) => Decimal.from(typeof value === 'string' ? value.trim() : value);
  return { price: parse(weights.price), delivery: parse(weights.delivery), completeness: parse(weights.completeness) };
}

function positiveQuantity(value: DecimalInput, what: string): Decimal {
  const quantity = optionalDecimal(value, what);
  if (quantity === null || !quantity.gte(0) || quantity.isZero()) throw new RatingError('invalid-input', `${what} is not above 0: ${String(value)}`);
  return quantity;
}

function optionalDecimal(value: DecimalInput | null | undefined, what: string): Decimal | null {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
  if (typeof value === 'number' && !Number.isFinite(value)) throw new RatingError('invalid-input', `${what} is not a finite number: ${String(value)}`);
  try {
    return Decimal.from(typeof value === 'string' ? value.trim() : value);
  } catch {
    throw new RatingError('invalid-input', `${what} is not a number: ${String(value)}`);
  }
}

/** The quantity in plain notation, so "50", "50.0" and 50 are one cell. */
function cellKey(lineId: string, quantity: Decimal): string {
  return `${lineId}\u0000${quantity.toFixed()}`;
}

/** Code-unit order, the same on every machine (localeCompare is not). */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
