import { Factor, PricingRequest, priceProduct } from './index';

/**
 * A product whose every component is a round figure at 10 pieces:
 * material 2.00 (one piece at 2.00), labor 6.00 (6 min at 60 €/h), purchase 1.00 (a 1.00 part),
 * setup 30.00 per order ÷ 10 = 3.00, program 12 min at 50 €/h = 10.00 per order ÷ 10 = 1.00.
 */
function priceWithFactors(factors: Factor[], date = '2026-03-15') {
  const request: PricingRequest = {
    date,
    quantities: [10],
    product: {
      id: 'lid',
      name: 'Lid',
      materials: [{ materialId: 'sheet', usagePerUnit: 1 }],
      operations: [{ name: 'Laser cutting', assetId: 'laser', timePerUnit: 6, hourlyRate: 60, programTime: 12, programRate: 50 }],
      parts: [{ kind: 'part', partId: 'hinge', quantity: 1 }],
    },
    prices: {
      materials: [{ id: 'sheet', name: 'Blank', priceUnit: 'piece', pricePerUnit: '2.00' }],
      assets: [{ id: 'laser', name: 'Laser', calculateByTime: true, prices: [{ quantity: 1, inputCost: 0, setupCost: 30, programCost: 0, price: 0 }] }],
      parts: [{ id: 'hinge', name: 'Hinge', ownCost: '1.00' }],
      factors,
    },
  };
  return priceProduct(request).tiers[0];
}

describe('factors', () => {
  it('without factors the unit price is the sum of the components', () => {
    // 2.00 + 6.00 + 1.00 + 3.00 + 1.00 = 13.00
    expect(priceWithFactors([]).unitPrice.value).toBe('13.00');
  });

  it('each factor multiplies its own scope', () => {
    const tier = priceWithFactors([
      { name: 'Steel surcharge', value: '1.10', scope: 'material' },
      { name: 'Wage agreement', value: '1.05', scope: 'labor' },
      { name: 'Handling', value: '1.20', scope: 'purchase' },
      { name: 'Setup', value: '2', scope: 'setup' },
      { name: 'Program', value: '0.5', scope: 'program' },
    ]);
    // material 2.00 × 1.10 = 2.20; labor 6.00 × 1.05 = 6.30; purchase 1.00 × 1.20 = 1.20;
    // setup 30.00 × 2 = 60.00 ÷ 10 = 6.00; program 10.00 × 0.5 = 5.00 ÷ 10 = 0.50
    expect([tier.material, tier.labor, tier.purchase, tier.setup, tier.program].map((component) => component.unit.value)).toEqual(['2.20', '6.30', '1.20', '6.00', '0.50']);
    // 2.20 + 6.30 + 1.20 + 6.00 + 0.50 = 16.20
    expect(tier.unitPrice.value).toBe('16.20');
    expect(tier.material.unit).toMatchObject({ formula: '2.00 × 1.1 Steel surcharge', inputs: { base: { formula: 'Σ 2.00' } } });
  });

  it('a total factor, or one without a scope, multiplies the sum before rounding', () => {
    // 13.00 × 1.18 × 1.5 = 23.01
    const tier = priceWithFactors([
      { name: 'Margin', value: '1.18', scope: 'total' },
      { name: 'Rush order', value: '1.5' },
    ]);
    expect(tier.unitPrice.value).toBe('23.01');
    expect(tier.totalPrice.value).toBe('230.10');
  });

  it('refuses a scope it does not know', () => {
    expect(() => priceWithFactors([{ name: 'Typo', value: 2, scope: 'Material' as 'material' }])).toThrow('Factor Typo has an unknown scope: Material');
  });

  describe('validity, first and last day included', () => {
    const march: Factor = { name: 'March surcharge', value: '2', validFrom: '2026-03-01', validUntil: '2026-03-31', scope: 'material' };
    // Valid: material 2.00 × 2 = 4.00 → 13.00 + 2.00 = 15.00; not valid: 13.00.
    it.each([
      ['2026-02-28', '13.00', 'the day before'],
      ['2026-03-01', '15.00', 'the first day'],
      ['2026-03-31', '15.00', 'the last day'],
      ['2026-04-01', '13.00', 'the day after'],
    ])('on %s (%s: %s)', (date, unitPrice) => {
      expect(priceWithFactors([march], date).unitPrice.value).toBe(unitPrice);
    });

    it('an open end is valid for ever', () => {
      const fromMarch: Factor = { ...march, validUntil: null };
      expect(priceWithFactors([fromMarch], '2099-12-31').unitPrice.value).toBe('15.00');
      expect(priceWithFactors([fromMarch], '2026-02-28').unitPrice.value).toBe('13.00');
    });
  });
});
