import { checkWeights, DEFAULT_WEIGHTS, OfferRating, OfferToRate, rateOffers, RatingError, RatingInput } from './index';

/** One line asked at `quantities`. */
function oneLine(quantities: Array<string | number>, offers: OfferToRate[]): RatingInput {
  return { lines: [{ lineId: 'L', quantities }], offers };
}

/** An offer of line L: unit prices by quantity, no extra costs unless given. */
function offer(id: string, prices: Record<string, string | null>, rest: Partial<OfferToRate> = {}): OfferToRate {
  return { id, prices: Object.entries(prices).map(([quantity, unitPrice]) => ({ lineId: 'L', quantity, unitPrice })), leadTimeDays: 10, ...rest };
}

function byId(offers: OfferRating[], id: string): OfferRating {
  const found = offers.find((rated) => rated.id === id);
  if (!found) throw new Error(`no offer ${id}`);
  return found;
}

describe('the landed unit price', () => {
  it('is the unit price plus packaging, shipping and customs spread over the quantity', () => {
    const input = oneLine([50], [offer('a', { 50: '4.20' }, { packaging: '5.00', shipping: '2.50', customs: '0' })]);
    const [cell] = rateOffers(input).offers[0].cells;
    expect(cell).toMatchObject({ lineId: 'L', quantity: '50', unitPrice: '4.2', landedUnitPrice: '4.35', best: true, band: 1 });
    expect(cell.explanations.landed).toBe('Landed unit price 4.35 at 50 pieces: 4.20 + (5.00 + 2.50 + 0.00) / 50');
    const [german] = rateOffers(input, DEFAULT_WEIGHTS, { language: 'de' }).offers[0].cells;
    expect(german.explanations.landed).toBe('Einstandspreis pro Stück 4,35 bei 50 Stück: 4,20 + (5,00 + 2,50 + 0,00) / 50');
  });

  it('lets a supplier with dearer pieces but no freight win at a small quantity and lose at a large one', () => {
    const input = oneLine(
      [10, 1000],
      [offer('freight', { 10: '4.00', 1000: '4.00' }, { shipping: '20' }), offer('free', { 10: '5.00', 1000: '5.00' })],
    );
    const result = rateOffers(input);
    expect(result.cells).toEqual([
      { lineId: 'L', quantity: '10', bestLandedUnitPrice: '5', offerIds: ['free'] },
      { lineId: 'L', quantity: '1000', bestLandedUnitPrice: '4.02', offerIds: ['freight'] },
    ]);
    expect(byId(result.offers, 'freight').perQuantity.map((quantity) => [quantity.landedUnitPrice, quantity.percentAboveBest, quantity.band])).toEqual([
      ['6', '20', 3],
      ['4.02', '0', 1],
    ]);
  });

  it('splits the shared costs equally over the lines the offer prices, so the per-quantity sum carries them once', () => {
    const input: RatingInput = {
      lines: [
        { lineId: 'A', quantities: [10] },
        { lineId: 'B', quantities: [10] },
      ],
      offers: [
        {
          id: 'both',
          prices: [
            { lineId: 'A', quantity: 10, unitPrice: '3.00' },
            { lineId: 'B', quantity: 10, unitPrice: '1.00' },
          ],
          shipping: '20',
          leadTimeDays: 5,
        },
        { id: 'only-b', prices: [{ lineId: 'B', quantity: 10, unitPrice: '1.50' }], shipping: '10', leadTimeDays: 5 },
      ],
    };
    const result = rateOffers(input);
    const both = byId(result.offers, 'both');
    // 20 / (2 lines × 10 pieces) = 1 per piece on each line; the offer's landed price at 10 is 3 + 1 + 20 / 10 = 6.
    expect(both.cells.map((cell) => [cell.lineId, cell.landedUnitPrice])).toEqual([
      ['A', '4'],
      ['B', '2'],
    ]);
    expect(both.perQuantity[0].landedUnitPrice).toBe('6');
    expect(both.cells[1].explanations.landed).toBe('Landed unit price 2.00 at 10 pieces: 1.00 + (0.00 + 20.00 + 0.00) / (2 lines × 10)');
    // Pricing B alone, its supplier carries its whole freight on it: 1.50 + 10 / 10 = 2.50.
    expect(byId(result.offers, 'only-b').cells[0].landedUnitPrice).toBe('2.5');
    expect(result.cells.find((cell) => cell.lineId === 'B')?.offerIds).toEqual(['both']);
  });

  it('keeps a repeating quotient exact: 1 + 1.20 / 3 is exactly 5 % above 1 + 1 / 3', () => {
    // 4/3 = 1.333… and 1.4; a 30-place quotient would put 1.4 a hair above 105 %.
    const result = rateOffers(oneLine([3], [offer('best', { 3: '1' }, { shipping: '1' }), offer('edge', { 3: '1' }, { shipping: '1.20' }), offer('over', { 3: '1' }, { shipping: '1.2001' })]));
    expect(byId(result.offers, 'best').cells[0].landedUnitPrice).toBe('1.333333333333333333333333333333');
    expect(byId(result.offers, 'edge').cells[0]).toMatchObject({ landedUnitPrice: '1.4', percentAboveBest: '5', band: 1 });
    expect(byId(result.offers, 'over').cells[0]).toMatchObject({ percentAboveBest: '5.01', band: 2 });
  });
});

describe('the price band', () => {
  // The best is 100.00 at one piece; each offer is a given percentage above it.
  const prices = { best: '100', at5: '105', over5: '105.01', at15: '115', over15: '115.01', at30: '130', over30: '130.01', at50: '150', over50: '150.01' };
  const result = rateOffers(oneLine([1], Object.entries(prices).map(([id, price]) => offer(id, { 1: price }))));
  const cell = (id: string) => byId(result.offers, id).cells[0];

  it.each([
    ['best', '0', 1],
    ['at5', '5', 1],
    ['over5', '5.01', 2],
    ['at15', '15', 2],
    ['over15', '15.01', 3],
    ['at30', '30', 3],
    ['over30', '30.01', 4],
    ['at50', '50', 4],
    ['over50', '50.01', 5],
  ])('puts %s (%s %% above the best) in band %d, the edge itself in the better band', (id, percent, band) => {
    expect(cell(id)).toMatchObject({ percentAboveBest: percent, band, bestLandedUnitPrice: '100' });
    expect(byId(result.offers, id).perQuantity[0]).toMatchObject({ percentAboveBest: percent, band });
  });

  it('explains the band with the distance, rounded up so 5.01 % does not read as 5.0 %', () => {
    expect(cell('over5').explanations.band).toBe('5.1 % above the best 100.00 (within 15 %)');
    expect(cell('at15').explanations.band).toBe('15.0 % above the best 100.00 (within 15 %)');
    expect(cell('over50').explanations.band).toBe('50.1 % above the best 100.00 (more than 50 % above)');
    expect(cell('best').explanations.band).toBe('The best price at 1 piece (within 5 %)');
    const german = rateOffers(oneLine([1], [offer('a', { 1: '100' }), offer('b', { 1: '112.34' })]), DEFAULT_WEIGHTS, { language: 'de' });
    expect(byId(german.offers, 'b').cells[0].explanations.band).toBe('12,4 % über dem Bestpreis 100,00 (innerhalb 15 %)');
  });

  it('puts ties in the first band, both marked best', () => {
    const tied = rateOffers(oneLine([1], [offer('b', { 1: '7.50' }), offer('a', { 1: '7.5' }), offer('c', { 1: '8' })]));
    expect(tied.cells[0]).toEqual({ lineId: 'L', quantity: '1', bestLandedUnitPrice: '7.5', offerIds: ['a', 'b'] });
    for (const id of ['a', 'b']) {
      expect(byId(tied.offers, id).cells[0]).toMatchObject({ best: true, band: 1, percentAboveBest: '0' });
      expect(byId(tied.offers, id).cells[0].explanations.band).toBe('Tied for the best price at 1 piece (within 5 %)');
    }
    expect(byId(tied.offers, 'a').rank).toBe(1);
    expect(byId(tied.offers, 'b').rank).toBe(1);
    expect(byId(tied.offers, 'c').rank).toBe(3);
  });

  it('rates a single offer against its own goods, without a trophy (few offers)', () => {
    // 3.00 at 10 with 6 of shared costs lands at 3.60, 20 % above its goods (band 3, 60); at 50 2.62, 4.8 % (band 1, 100).
    const [only] = rateOffers(oneLine([10, 50], [offer('only', { 10: '3', 50: '2.5' }, { packaging: '1', shipping: '2', customs: '3' })])).offers;
    expect(only).toMatchObject({ rank: 1, priceBand: 2, deliveryBand: 1, trophy: false, stars: 4, label: 'good', score: '88' });
    expect(only.perQuantity.map((quantity) => quantity.band)).toEqual([3, 1]);
    expect(only.perQuantity[0].explanation).toBe('At 10 pieces: nothing to compare with; 3.60 landed against 3.00 for the goods alone: the shared costs add 20.0 % (within 30 %)');
    expect(only.explanations.price).toMatch(/^No other offer prices these lines, so there is nothing to compare with: .* Price score 80: \(60 \+ 100\) \/ 2/);
    expect(only.explanations.trophy).toBe('No trophy: a trophy needs at least two offers to compare');
    expect(only.explanations.delivery).toBe('Lead time 10 days, the shortest: best or tied (score 100)');
    const [german] = rateOffers(oneLine([10, 50], [offer('only', { 10: '3', 50: '2.5' })]), DEFAULT_WEIGHTS, { language: 'de' }).offers;
    expect(german.explanations.trophy).toBe('Kein Pokal: Ein Pokal braucht mindestens zwei Angebote zum Vergleich');
  });

  it('lowers a lone offer visibly for costs out of proportion to the goods: 1,250 of packaging on 500 of parts', () => {
    // 100 pieces at 5.00 = 500 of goods; + 1,250 packaging: 17.50 landed, 250 % above the goods: band 5 (20).
    const [only] = rateOffers(oneLine([100], [offer('only', { 100: '5' }, { packaging: '1250', shipping: '0', customs: '0' })])).offers;
    expect(only).toMatchObject({ priceBand: 5, trophy: false, scores: { price: '20' } });
    expect(only.label).not.toBe('excellent');
    // The same offer beside a second one is compared with it, as always: a best offer keeps band 1.
    const two = rateOffers(oneLine([100], [offer('only', { 100: '5' }, { packaging: '1250' }), offer('other', { 100: '20' })]));
    expect(byId(two.offers, 'only')).toMatchObject({ priceBand: 1 });
    expect(byId(two.offers, 'only').explanations.trophy).not.toBe('No trophy: a trophy needs at least two offers to compare');
  });

  it('has no percentage above a best of 0: any price above a free one is in the last band', () => {
    const result = rateOffers(oneLine([1], [offer('free', { 1: '0' }), offer('paid', { 1: '0.01' })]));
    expect(byId(result.offers, 'free').cells[0]).toMatchObject({ best: true, band: 1, percentAboveBest: '0' });
    expect(byId(result.offers, 'paid').cells[0]).toMatchObject({ best: false, band: 5, percentAboveBest: null });
    expect(byId(result.offers, 'paid').cells[0].explanations.band).toBe('Above the best of 0 (more than 50 % above)');
  });
});

describe('a missing quantity', () => {
  const result = rateOffers(oneLine([10, 50], [offer('both', { 10: '5', 50: '4' }), offer('ten', { 10: '5.2', 50: null })]));
  const ten = byId(result.offers, 'ten');

  it('is not rated, nor in the price score, but lowers the coverage and costs the trophy', () => {
    expect(ten.perQuantity.map((quantity) => quantity.quantity)).toEqual(['10']);
    expect(ten.cells).toHaveLength(1);
    expect(ten.scores.price).toBe('100');
    expect(ten.completeness).toEqual({ multipleTiers: false, breakdown: { packaging: false, shipping: false, customs: false }, pricesAsked: 2, pricesGiven: 1, score: '25' });
    expect(ten.trophy).toBe(false);
    expect(ten.explanations.trophy).toBe('No trophy: 1 of 2 asked prices missing');
    expect(result.cells[1]).toEqual({ lineId: 'L', quantity: '50', bestLandedUnitPrice: '4', offerIds: ['both'] });
  });

  it('leaves a cell no offer prices without a best', () => {
    const none = rateOffers(oneLine([10, 20], [offer('a', { 10: '1' })]));
    expect(none.cells[1]).toEqual({ lineId: 'L', quantity: '20', bestLandedUnitPrice: null, offerIds: [] });
  });

  it('gives an offer that prices nothing asked no price band and a price score of 0', () => {
    const nothing = byId(rateOffers(oneLine([10], [offer('a', { 10: '1' }), offer('b', { 99: '1' })])).offers, 'b');
    expect(nothing).toMatchObject({ priceBand: null, perQuantity: [], cells: [], scores: { price: '0', delivery: '100', completeness: '0' }, trophy: false });
    expect(nothing.explanations.price).toBe('No asked quantity priced: price score 0');
  });
});

describe('data completeness', () => {
  it('adds 20 for several tiers, 10 per extra cost given and 50 × the share of asked prices', () => {
    const input: RatingInput = {
      lines: [
        { lineId: 'A', quantities: [10, 50, 200] },
        { lineId: 'B', quantities: [10, 50, 200] },
      ],
      offers: [
        {
          id: 'x',
          prices: [
            { lineId: 'A', quantity: 10, unitPrice: '2' },
            { lineId: 'A', quantity: 50, unitPrice: '1.8' },
            { lineId: 'A', quantity: 200, unitPrice: '1.5' },
            { lineId: 'B', quantity: 10, unitPrice: '3' },
            { lineId: 'B', quantity: 50, unitPrice: '2.7' },
          ],
          packaging: '10',
          shipping: '0',
          customs: '0',
          breakdownGiven: { packaging: true, shipping: true, customs: false },
          leadTimeDays: 5,
        },
      ],
    };
    const [x] = rateOffers(input).offers;
    // 20 + 20 + 50 × 5/6 = 81.666…, shown cut down.
    expect(x.completeness).toEqual({ multipleTiers: true, breakdown: { packaging: true, shipping: true, customs: false }, pricesAsked: 6, pricesGiven: 5, score: '81.66' });
    expect(x.explanations.completeness).toBe('Quantity tiers: yes, 20 of 20; breakdown: packaging, shipping given, customs missing, 20 of 30; 5 of 6 asked prices given, 41.66 of 50; 81.66 of 100');
    expect(rateOffers(input, DEFAULT_WEIGHTS, { language: 'de' }).offers[0].explanations.completeness).toBe(
      'Mengenstaffeln: ja, 20 von 20; Aufschlüsselung: Verpackung, Versand angegeben, Zoll fehlt, 20 von 30; 5 von 6 angefragten Preisen angegeben, 41,66 von 50; 81,66 von 100',
    );
  });

  it('counts a cost as given when it is not empty, unless the offer says which were given', () => {
    const [rated] = rateOffers(oneLine([1, 2], [offer('a', { 1: '1', 2: '1' }, { packaging: '0', shipping: null, customs: '' })])).offers;
    expect(rated.completeness.breakdown).toEqual({ packaging: true, shipping: false, customs: false });
    expect(rated.completeness.score).toBe('80');
  });

  it('grants the tiers where every line asks one quantity and the offer prices it', () => {
    const [rated] = rateOffers(oneLine([100], [offer('a', { 100: '1' })])).offers;
    expect(rated.completeness.multipleTiers).toBe(true);
    expect(rated.explanations.completeness).toBe('Quantity tiers: yes, 20 of 20; breakdown: nothing given, 0 of 30; 1 of 1 asked prices given, 50 of 50; 70 of 100');
  });
});

describe('the trophy', () => {
  it('goes to an offer whose best is exactly 95 % of it at every asked quantity, not to one just below', () => {
    const input = oneLine(
      [10, 50],
      [offer('best', { 10: '95', 50: '9.5' }), offer('at95', { 10: '100', 50: '10' }), offer('below', { 10: '100', 50: '10.0001' })],
    );
    const result = rateOffers(input);
    expect(byId(result.offers, 'best').trophy).toBe(true);
    const at95 = byId(result.offers, 'at95');
    expect(at95.trophy).toBe(true);
    expect(at95.perQuantity.map((quantity) => quantity.competitive)).toEqual([true, true]);
    expect(at95.explanations.trophy).toBe("Trophy: at each of the 2 asked quantities the best is at least 95 % of this offer's landed price (lowest 95 % at 10 pieces)");
    const below = byId(result.offers, 'below');
    expect(below.trophy).toBe(false);
    expect(below.perQuantity.map((quantity) => quantity.competitive)).toEqual([true, false]);
    expect(below.explanations.trophy).toBe("No trophy: at 50 pieces the best is 94.9 % of this offer's landed price, below 95 %");
    expect(rateOffers(input, DEFAULT_WEIGHTS, { language: 'de' }).offers.find((rated) => rated.id === 'below')!.explanations.trophy).toBe(
      'Kein Pokal: bei 50 Stück liegt der Bestpreis bei 94,9 % des Einstandspreises dieses Angebots, unter 95 %',
    );
  });

  it('compares exactly where the landed prices repeat: 3.80 / 3 is exactly 95 % of 4 / 3', () => {
    const result = rateOffers(oneLine([3], [offer('best', { 3: '0.95' }, { shipping: '0.95' }), offer('edge', { 3: '1' }, { shipping: '1' })]));
    const edge = byId(result.offers, 'edge');
    expect(edge.cells[0].landedUnitPrice).toBe('1.333333333333333333333333333333');
    expect(edge.trophy).toBe(true);
    expect(edge.explanations.trophy).toBe("Trophy: at the asked quantity the best is at least 95 % of this offer's landed price (lowest 95 % at 3 pieces)");
    expect(edge.cells[0]).toMatchObject({ percentAboveBest: '5.27', band: 2 });
  });

  it('compares landed prices, so freight can cost it', () => {
    const result = rateOffers(oneLine([10], [offer('a', { 10: '9.5' }), offer('b', { 10: '9' }, { shipping: '10.01' })]));
    // b: 9 + 10.01 / 10 = 10.001; 9.5 / 10.001 < 95 %.
    expect(byId(result.offers, 'b').trophy).toBe(false);
    expect(byId(rateOffers(oneLine([10], [offer('a', { 10: '9.5' }), offer('b', { 10: '9' }, { shipping: '10' })])).offers, 'b').trophy).toBe(true);
  });
});

describe('the delivery band', () => {
  const leadTimes: Record<string, number | null> = { d10: 10, d12: 12, d13: 13, d15: 15, d16: 16, d20: 20, d21: 21, none: null };
  const result = rateOffers(oneLine([1], Object.entries(leadTimes).map(([id, leadTimeDays]) => offer(id, { 1: '1' }, { leadTimeDays }))));

  it.each([
    ['d10', 1],
    ['d12', 2],
    ['d13', 3],
    ['d15', 3],
    ['d16', 4],
    ['d20', 4],
    ['d21', 5],
    ['none', 5],
  ])('puts %s in band %d: 0, ≤ 2, ≤ 5, ≤ 10 or more days longer than the shortest, no lead time the worst', (id, band) => {
    expect(byId(result.offers, id).deliveryBand).toBe(band);
  });

  it('explains the band in days', () => {
    expect(result.shortestLeadTimeDays).toBe(10);
    expect(byId(result.offers, 'd12').explanations.delivery).toBe('Lead time 12 days, 2 days longer than the shortest (10 days): within 2 days (score 80)');
    expect(byId(result.offers, 'none').explanations.delivery).toBe('No lead time given: more than 10 days longer (score 20)');
    const german = rateOffers(oneLine([1], [offer('a', { 1: '1' }, { leadTimeDays: 1 }), offer('b', { 1: '1' }, { leadTimeDays: 2 })]), DEFAULT_WEIGHTS, { language: 'de' });
    expect(byId(german.offers, 'b').explanations.delivery).toBe('Lieferzeit 2 Tage, 1 Tag länger als die kürzeste (1 Tag): innerhalb von 2 Tagen (80 Punkte)');
  });

  it('gives every offer the worst band when none gives a lead time', () => {
    const none = rateOffers(oneLine([1], [offer('a', { 1: '1' }, { leadTimeDays: null }), offer('b', { 1: '2' }, { leadTimeDays: null })]));
    expect(none.shortestLeadTimeDays).toBeNull();
    expect(none.offers.map((rated) => rated.deliveryBand)).toEqual([5, 5]);
  });
});

describe('the stars', () => {
  it('weigh price 0.6, delivery 0.25 and completeness 0.15 by default', () => {
    // Price 80 (within 15 %), delivery 100, completeness 70: 48 + 25 + 10.5 = 83.5, Good.
    const [, second] = rateOffers(oneLine([1], [offer('a', { 1: '1' }, { leadTimeDays: 12 }), offer('b', { 1: '1.10' })])).offers;
    expect(second).toMatchObject({ id: 'b', rank: 2, score: '83.5', stars: 4, label: 'good', scores: { price: '80', delivery: '100', completeness: '70' } });
    expect(second.explanations.stars).toBe('0.6 × 80 + 0.25 × 100 + 0.15 × 70 = 83.5: 4 stars, Good (75 or more)');
  });

  it.each([
    [10, 5, 'excellent', 'Excellent'],
    [12, 4, 'good', 'Good'],
    [15, 3, 'average', 'Average'],
    [20, 2, 'below-average', 'Below Average'],
    [21, 1, 'poor', 'Poor'],
  ])('with delivery alone, a lead time of %d days against 10 gives %d star(s)', (days, stars, label, text) => {
    const result = rateOffers(oneLine([1], [offer('fast', { 1: '1' }), offer('x', { 1: '1' }, { leadTimeDays: days })]), { price: 0, delivery: 1, completeness: 0 });
    expect(byId(result.offers, 'x')).toMatchObject({ stars, label, labelText: text });
  });

  it('reach five at a score of exactly 90 and four just below', () => {
    // Price 100 and delivery 80 (2 days longer), half each: exactly 90.
    const input = oneLine([1], [offer('fast', { 1: '2' }, { leadTimeDays: 8 }), offer('x', { 1: '1' })]);
    const even = byId(rateOffers(input, { price: 1, delivery: 1, completeness: 0 }).offers, 'x');
    expect(even).toMatchObject({ score: '90', stars: 5 });
    expect(even.explanations.stars).toBe('(1 × 100 + 1 × 80 + 0 × 70) / 2 = 90: 5 stars, Excellent (90 or more)');
    const below = byId(rateOffers(input, { price: '0.4999', delivery: '0.5001', completeness: 0 }).offers, 'x');
    expect(below).toMatchObject({ score: '89.99', stars: 4 });
    expect(rateOffers(input, { price: 1, delivery: 1, completeness: 0 }, { language: 'de' }).offers.find((rated) => rated.id === 'x')!.explanations.stars).toBe(
      '(1 × 100 + 1 × 80 + 0 × 70) / 2 = 90: 5 Sterne, Ausgezeichnet (ab 90)',
    );
  });

  it('depend only on the ratio of the weights', () => {
    const input = oneLine([1, 2], [offer('a', { 1: '1', 2: '1' }, { leadTimeDays: 20 }), offer('b', { 1: '1.2', 2: '1.6' }, { shipping: '1' })]);
    const strip = (offers: OfferRating[]) => offers.map(({ id, score, stars, rank }) => ({ id, score, stars, rank }));
    expect(strip(rateOffers(input, { price: 2, delivery: 1, completeness: 1 }).offers)).toEqual(strip(rateOffers(input, { price: '0.5', delivery: '0.25', completeness: '0.25' }).offers));
    expect(rateOffers(input, { price: 2, delivery: 1, completeness: 1 }).weights).toEqual({ price: '2', delivery: '1', completeness: '1' });
  });

  it('change with the weights an organization sets: a fast dear offer wins on delivery alone', () => {
    const input = oneLine([1], [offer('cheap', { 1: '1' }, { leadTimeDays: 30 }), offer('fast', { 1: '2' }, { leadTimeDays: 2 })]);
    expect(rateOffers(input).offers.map((rated) => rated.id)).toEqual(['cheap', 'fast']);
    expect(rateOffers(input, { price: 0, delivery: 1, completeness: 0 }).offers.map((rated) => rated.id)).toEqual(['fast', 'cheap']);
  });

  it('refuse weights that are negative, not numbers or all zero', () => {
    expect(checkWeights(DEFAULT_WEIGHTS)).toBeNull();
    expect(checkWeights({ price: 0, delivery: 0, completeness: '0.1' })).toBeNull();
    expect(checkWeights({ price: -1, delivery: 1, completeness: 1 })).toEqual({ weight: 'price', problem: 'negative' });
    expect(checkWeights({ price: 1, delivery: 'fast', completeness: 1 })).toEqual({ weight: 'delivery', problem: 'not-a-number' });
    expect(checkWeights({ price: 1, delivery: 1, completeness: Number.NaN })).toEqual({ weight: 'completeness', problem: 'not-a-number' });
    expect(checkWeights({ price: 0, delivery: '0.00', completeness: 0 })).toEqual({ weight: null, problem: 'all-zero' });
    const input = oneLine([1], [offer('a', { 1: '1' })]);
    expect(() => rateOffers(input, { price: 0, delivery: 0, completeness: 0 })).toThrow(new RatingError('invalid-weights', 'The rating weights are all 0'));
    expect(() => rateOffers(input, { price: 1, delivery: -0.5, completeness: 0 })).toThrow('The delivery weight is negative: -0.5');
  });
});

describe('several lines', () => {
  // Laser cutting (A) at 10 and 50, powder coating (B) at 10; the coater prices only B.
  const input: RatingInput = {
    lines: [
      { lineId: 'A', quantities: [50, 10] },
      { lineId: 'B', quantities: [10] },
    ],
    offers: [
      {
        id: 'laser',
        prices: [
          { lineId: 'A', quantity: 10, unitPrice: '10' },
          { lineId: 'A', quantity: 50, unitPrice: '8' },
          { lineId: 'B', quantity: 10, unitPrice: '6' },
        ],
        leadTimeDays: 10,
      },
      { id: 'coater', prices: [{ lineId: 'B', quantity: 10, unitPrice: '4' }], leadTimeDays: 10 },
      {
        id: 'both',
        prices: [
          { lineId: 'A', quantity: 10, unitPrice: '11' },
          { lineId: 'A', quantity: 50, unitPrice: '8' },
          { lineId: 'B', quantity: 10, unitPrice: '4.4' },
        ],
        leadTimeDays: 10,
      },
    ],
  };
  const result = rateOffers(input);

  it('rates each (line, quantity) cell against the best of that cell', () => {
    expect(result.cells).toEqual([
      { lineId: 'A', quantity: '10', bestLandedUnitPrice: '10', offerIds: ['laser'] },
      { lineId: 'A', quantity: '50', bestLandedUnitPrice: '8', offerIds: ['both', 'laser'] },
      { lineId: 'B', quantity: '10', bestLandedUnitPrice: '4', offerIds: ['coater'] },
    ]);
    expect(byId(result.offers, 'laser').cells.map((cell) => [cell.lineId, cell.quantity, cell.band, cell.best])).toEqual([
      ['A', '10', 1, true],
      ['A', '50', 1, true],
      ['B', '10', 4, false],
    ]);
  });

  it('sums the cells an offer prices at a quantity against the best of the same cells', () => {
    // laser at 10: 10 + 6 = 16 against 10 + 4 = 14, 14.29 % above; both: 11 + 4.4 = 15.4, 10 % above.
    expect(byId(result.offers, 'laser').perQuantity[0]).toMatchObject({ quantity: '10', linesAsked: 2, linesPriced: 2, landedUnitPrice: '16', bestLandedUnitPrice: '14', percentAboveBest: '14.29', band: 2, best: false });
    expect(byId(result.offers, 'both').perQuantity[0]).toMatchObject({ landedUnitPrice: '15.4', percentAboveBest: '10', band: 2 });
    expect(byId(result.offers, 'laser').perQuantity[0].explanation).toBe('At 10 pieces 2 of 2 lines priced: 16.00 against the best 14.00, 14.3 % above (within 15 %)');
    // The coater is the best in the one line it prices.
    const coater = byId(result.offers, 'coater');
    expect(coater.perQuantity).toEqual([expect.objectContaining({ quantity: '10', linesAsked: 2, linesPriced: 1, best: true, band: 1 })]);
    expect(coater.perQuantity[0].explanation).toBe('At 10 pieces 1 of 2 lines priced: the best price (within 5 %)');
    expect(coater.completeness).toMatchObject({ pricesAsked: 3, pricesGiven: 1, multipleTiers: false });
    expect(coater.trophy).toBe(false);
  });

  it('averages the price score over the quantities, each counting once', () => {
    // laser: 80 at 10, 100 at 50 → 90, nearest band 1 (a tie goes to the better band).
    expect(byId(result.offers, 'laser')).toMatchObject({ scores: { price: '90' }, priceBand: 1 });
    expect(byId(result.offers, 'laser').explanations.price).toBe('Price score 90: (80 + 100) / 2 at 10, 50 pieces; nearest band within 5 %');
  });
});

describe('determinism', () => {
  const offers: OfferToRate[] = [
    offer('c', { 10: '5', 50: '4.5' }, { shipping: '12', leadTimeDays: 14 }),
    offer('a', { 50: '4.1', 10: '5.5' }, { packaging: '3', leadTimeDays: null }),
    offer('b', { 10: '5.2' }, { leadTimeDays: 9 }),
  ];

  it('gives the same result for the offers and their prices in any order', () => {
    const first = rateOffers(oneLine([10, 50], offers));
    const shuffled = rateOffers(oneLine(['50', '10.0'], [offers[2], { ...offers[0], prices: [...offers[0].prices].reverse() }, offers[1]]));
    expect(shuffled).toEqual(first);
    expect(rateOffers(oneLine([10, 50], offers))).toEqual(first);
    expect(first.offers.map((rated) => rated.rank)).toEqual([1, 2, 3]);
  });

  it('writes German without an English word, and the same ratings', () => {
    const english = rateOffers(oneLine([10, 50], offers));
    const german = rateOffers(oneLine([10, 50], offers), DEFAULT_WEIGHTS, { language: 'de' });
    const ratings = (result: typeof english) => result.offers.map(({ id, stars, score, trophy, priceBand, deliveryBand }) => ({ id, stars, score, trophy, priceBand, deliveryBand }));
    expect(ratings(german)).toEqual(ratings(english));
    const texts = german.offers.flatMap((rated) => [
      ...Object.values(rated.explanations),
      rated.labelText,
      ...rated.perQuantity.map((quantity) => quantity.explanation),
      ...rated.cells.flatMap((cell) => Object.values(cell.explanations)),
    ]);
    const ENGLISH = /\b(the|of|at|pieces|price|best|above|within|days|lead|time|score|given|missing|trophy|stars?|lines?|priced|landed|unit|tiers|yes|no)\b/i;
    expect(texts.filter((text) => ENGLISH.test(text))).toEqual([]);
    expect(texts.filter((text) => /\d\.\d/.test(text))).toEqual([]);
  });
});

describe('asked quantities only', () => {
  it('splits the freight over the lines priced at asked quantities: a third line priced only at 77 is not priced (8.02 / 4.02)', () => {
    const input: RatingInput = {
      lines: [
        { lineId: 'A', quantities: [100] },
        { lineId: 'B', quantities: [100] },
        { lineId: 'C', quantities: [100] },
      ],
      offers: [
        {
          id: 'o',
          prices: [
            { lineId: 'A', quantity: 100, unitPrice: '8' },
            { lineId: 'B', quantity: 100, unitPrice: '4' },
            { lineId: 'C', quantity: 77, unitPrice: '0.18' },
          ],
          shipping: '4',
          leadTimeDays: 5,
        },
        { id: 'p', prices: [{ lineId: 'A', quantity: 100, unitPrice: '9' }], leadTimeDays: 5 },
      ],
    };
    const rated = byId(rateOffers(input).offers, 'o');
    expect(rated.cells.map((cell) => [cell.lineId, cell.landedUnitPrice])).toEqual([
      ['A', '8.02'],
      ['B', '4.02'],
    ]);
    expect(rated.perQuantity[0]).toMatchObject({ linesPriced: 2, linesAsked: 3 });
  });
});

describe('bad input', () => {
  it.each([
    ['an offer given twice', oneLine([1], [offer('a', { 1: '1' }), offer('a', { 1: '2' })]), 'Offer a is given twice'],
    ['a cell priced twice', oneLine([1], [{ id: 'a', prices: [{ lineId: 'L', quantity: 1, unitPrice: 1 }, { lineId: 'L', quantity: '1.0', unitPrice: 2 }], leadTimeDays: null }]), 'Offer a prices line L at 1 twice'],
    ['a quantity asked twice', oneLine([5, '5.00'], []), 'Line L asks quantity 5 twice'],
    ['a quantity of 0', oneLine([0], []), 'A quantity of line L is not above 0: 0'],
    ['a price that is not a number', oneLine([1], [offer('a', { 1: 'cheap' })]), 'A unit price of offer a is not a number: cheap'],
    ['a negative price', oneLine([1], [offer('a', { 1: '-1' })]), 'A unit price of offer a is negative: -1'],
    ['a negative cost', oneLine([1], [offer('a', { 1: '1' }, { customs: '-2' })]), 'The customs of offer a is negative: -2'],
    ['a lead time of half a day', oneLine([1], [offer('a', { 1: '1' }, { leadTimeDays: 1.5 })]), 'The lead time of offer a is not a whole number of days: 1.5'],
  ])('refuses %s', (_, input, message) => {
    expect(() => rateOffers(input)).toThrow(new RatingError('invalid-input', message));
  });

  it('leaves out prices of lines or quantities the request does not ask', () => {
    const [rated] = rateOffers({ lines: [{ lineId: 'L', quantities: [1] }], offers: [{ id: 'a', prices: [{ lineId: 'L', quantity: 1, unitPrice: 1 }, { lineId: 'X', quantity: 1, unitPrice: 1 }, { lineId: 'L', quantity: 2, unitPrice: 1 }], leadTimeDays: 1 }] }).offers;
    expect(rated.cells.map((cell) => [cell.lineId, cell.quantity])).toEqual([['L', '1']]);
    expect(rated.completeness).toMatchObject({ pricesAsked: 1, pricesGiven: 1 });
  });
});
