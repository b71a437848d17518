import { askedTiers, bandsOf, bandsOverlap, costBelowBands, landedTiers, landedUnitPrice, mergedTiers } from './award.rules';

/** docs/api-procurement.md, "Procurement II: award": the worked examples of the landed bands. */
describe('award: landed bulk price bands', () => {
  // Packaging 10 + shipping 25 + customs 5 = 40 for the delivery; the offer prices two lines, so 20 each.
  const costs = { packaging: '10.0000', shipping: '25.0000', customs: '5.0000' };

  it('adds the line\'s equal share of the shared costs per piece: unit price + shared ÷ (lines × q)', () => {
    expect(landedUnitPrice('4.0000', costs, 2, '10.0000')).toBe('6');
    expect(landedUnitPrice('3.5', costs, 2, 50)).toBe('3.9');
    expect(landedUnitPrice(3, costs, 2, 200)).toBe('3.1');
    // One line: all of it, as the rating's landed price.
    expect(landedUnitPrice(3, costs, 1, 200)).toBe('3.2');
    // No shared costs: the offer's price.
    expect(landedUnitPrice('0.3333', { packaging: 0, shipping: 0, customs: 0 }, 3, 7)).toBe('0.3333');
  });

  it('rounds once, half-up, to 4 decimals, from the exact fraction', () => {
    // 1 + 10 ÷ 21 = 1.476190476…
    expect(landedUnitPrice(1, { packaging: 10, shipping: 0, customs: 0 }, 3, 7)).toBe('1.4762');
    // 1 ÷ 20000 = 0.00005 exactly: up.
    expect(landedUnitPrice(0, { packaging: 1, shipping: 0, customs: 0 }, 1, 20000)).toBe('0.0001');
    // 0.99999 ÷ 20000 = 0.0000499995: down.
    expect(landedUnitPrice(0, { packaging: '0.99999', shipping: 0, customs: 0 }, 1, 20000)).toBe('0');
    // 2 ÷ 3 per piece at 1 piece: 0.6667; three pieces of a third each add back up only after rounding.
    expect(landedUnitPrice('0.1', { packaging: 0, shipping: 2, customs: 0 }, 1, 3)).toBe('0.7667');
    // Fractional pieces (2.5 per product).
    expect(landedUnitPrice('1.2', { packaging: 0, shipping: 0, customs: 1 }, 1, '2.5')).toBe('1.6');
  });

  it('makes bands from the tiers: [q_i, q_(i+1) − 0.0001], the last open, at the landed price at q_i', () => {
    const operation = landedTiers(
      [
        { quantity: '200.0000', unitPrice: '3.0000' },
        { quantity: '10.0000', unitPrice: '4.0000' },
        { quantity: '50.0000', unitPrice: '3.5000' },
      ],
      costs,
      2,
    );
    expect(operation).toEqual([
      { quantity: '10', unitPrice: '6' },
      { quantity: '50', unitPrice: '3.9' },
      { quantity: '200', unitPrice: '3.1' },
    ]);
    expect(bandsOf(operation)).toEqual([
      { minQuantity: '10', maxQuantity: '49.9999', unitPrice: '6' },
      { minQuantity: '50', maxQuantity: '199.9999', unitPrice: '3.9' },
      { minQuantity: '200', maxQuantity: null, unitPrice: '3.1' },
    ]);
    // The part: 2 per product, so its quantities are 20, 100, 400 pieces.
    const part = bandsOf(landedTiers([{ quantity: 20, unitPrice: 0.5 }, { quantity: 100, unitPrice: 0.4 }, { quantity: 400, unitPrice: 0.3 }], costs, 2));
    expect(part).toEqual([
      { minQuantity: '20', maxQuantity: '99.9999', unitPrice: '1.5' },
      { minQuantity: '100', maxQuantity: '399.9999', unitPrice: '0.6' },
      { minQuantity: '400', maxQuantity: null, unitPrice: '0.35' },
    ]);
    expect(costBelowBands(part)).toBe('1.5');
    // One tier: one open band.
    expect(bandsOf([{ quantity: '12.5', unitPrice: '2' }])).toEqual([{ minQuantity: '12.5', maxQuantity: null, unitPrice: '2' }]);
    // Neighbouring quantities one step apart still make a band each.
    expect(bandsOf([{ quantity: '1', unitPrice: '2' }, { quantity: '1.0001', unitPrice: '1' }])).toEqual([
      { minQuantity: '1', maxQuantity: '1', unitPrice: '2' },
      { minQuantity: '1.0001', maxQuantity: null, unitPrice: '1' },
    ]);
  });

  it('never makes overlapping bands', () => {
    const quantities = ['1', '1.0001', '2', '10', '10.5', '99.9999', '100', '5000'];
    const bands = bandsOf(quantities.map((quantity, index) => ({ quantity, unitPrice: String(10 - index) })));
    for (const [i, a] of bands.entries()) {
      for (const [j, b] of bands.entries()) if (i !== j) expect(bandsOverlap(a, b)).toBe(false);
    }
    expect(bandsOverlap({ minQuantity: '10', maxQuantity: '50', unitPrice: '1' }, { minQuantity: '50', maxQuantity: null, unitPrice: '1' })).toBe(true);
    expect(bandsOverlap({ minQuantity: '10', maxQuantity: null, unitPrice: '1' }, { minQuantity: '1', maxQuantity: '9.9999', unitPrice: '1' })).toBe(false);
  });

  it('merges the lines of one suppliable: every quantity, the lower landed price where two meet', () => {
    const merged = mergedTiers([
      [
        { quantity: '10', unitPrice: '5' },
        { quantity: '50', unitPrice: '4' },
      ],
      [
        { quantity: '50.0000', unitPrice: '3.9' },
        { quantity: '20', unitPrice: '4.5' },
      ],
    ]);
    expect(merged).toEqual([
      { quantity: '10', unitPrice: '5' },
      { quantity: '20', unitPrice: '4.5' },
      { quantity: '50', unitPrice: '3.9' },
    ]);
  });

  it('refuses what no offer can be', () => {
    expect(() => landedUnitPrice(1, costs, 0, 10)).toThrow(RangeError);
    expect(() => landedUnitPrice(1, costs, 1, 0)).toThrow(RangeError);
    expect(() => costBelowBands([])).toThrow(RangeError);
  });
});

/** The award reads the rating's prices, only those at asked quantities, and splits the shared costs alike. */
describe('award: asked quantities only', () => {
  // Lines A, B, C asked at 100 pieces; the offer prices A 8.00 and B 4.00 at 100, C only at 77 (not asked); shipping 4.
  const asked = new Map([
    ['part:A', ['100.0000']],
    ['part:B', ['100.0000']],
    ['part:C', ['100.0000']],
  ]);
  const offer = new Map([
    ['part:A', [{ quantity: '100.0000', unitPrice: '8.0000' }]],
    ['part:B', [{ quantity: '100.0000', unitPrice: '4.0000' }, { quantity: '77.0000', unitPrice: '3.0000' }]],
    ['part:C', [{ quantity: '77.0000', unitPrice: '0.1800' }]],
  ]);
  const costs = { packaging: 0, shipping: '4.0000', customs: 0 };

  it('keeps only prices at asked quantities: the third line is not priced, so the freight is split over two lines (8.02 / 4.02, as the rating)', () => {
    const priced = askedTiers(offer, asked);
    expect([...priced.keys()]).toEqual(['part:A', 'part:B']);
    expect(landedTiers(priced.get('part:A')!, costs, priced.size)).toEqual([{ quantity: '100', unitPrice: '8.02' }]);
    expect(landedTiers(priced.get('part:B')!, costs, priced.size)).toEqual([{ quantity: '100', unitPrice: '4.02' }]);
    // Over three lines (what the award did before) it would have been 8.0133 / 4.0133.
    expect(landedUnitPrice(8, costs, 3, 100)).toBe('8.0133');
  });

  it('makes bands only from asked quantities: no band at 77', () => {
    const priced = askedTiers(offer, asked);
    expect(bandsOf(landedTiers(priced.get('part:B')!, costs, priced.size))).toEqual([{ minQuantity: '100', maxQuantity: null, unitPrice: '4.02' }]);
  });
});
