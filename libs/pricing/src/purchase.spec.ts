import { Part, PricingError, PricingRequest, priceProduct, Product, Suppliable } from './index';

const nut: Part = { id: 'nut', name: 'Press nut M5', ownCost: '0.15' };

const wurth: Suppliable = {
  id: 's1',
  type: 'part',
  partId: 'nut',
  number: 'W-100',
  supplierName: 'Würth',
  cost: '0.12',
  active: true,
  bulkPrices: [
    { minQuantity: 1, maxQuantity: 999, unitPrice: '0.10' },
    { minQuantity: 1000, maxQuantity: null, unitPrice: '0.07' },
  ],
  factors: [
    { name: 'Freight', value: '1.05', validFrom: '2026-01-01', validUntil: '2026-12-31' },
    { name: 'Old freight', value: '1.50', validFrom: '2025-01-01', validUntil: '2025-12-31' },
  ],
};
const bossard: Suppliable = {
  id: 's2',
  type: 'part',
  partId: 'nut',
  number: 'B-7',
  supplierName: 'Bossard',
  cost: '0.12',
  active: true,
  bulkPrices: [
    { minQuantity: 1, maxQuantity: 499, unitPrice: '0.11' },
    { minQuantity: 500, maxQuantity: 4999, unitPrice: '0.08' },
  ],
};
const inactive: Suppliable = { id: 's3', type: 'part', partId: 'nut', number: 'X-1', cost: '0.01', active: false };

function pricePurchase(product: Partial<Product>, suppliables: Suppliable[], quantities: number[], parts: Part[] = [nut]) {
  const request: PricingRequest = { date: '2026-05-15', quantities, product: { id: 'plate', name: 'Plate', ...product }, prices: { parts, suppliables } };
  return priceProduct(request).tiers;
}

describe('purchase per piece', () => {
  const fourNuts: Partial<Product> = { parts: [{ kind: 'part', partId: 'nut', quantity: 4 }] };

  it('takes the cheapest active suppliable whose bulk band covers pieces × quantity, after its factors', () => {
    const tiers = pricePurchase(fourNuts, [wurth, bossard, inactive], [100, 200, 250, 1250]);
    // 100 pieces → 400 nuts: Würth 0.10 × 1.05 = 0.105, Bossard 0.11 → Würth; 4 × 0.105 = 0.42
    // (the inactive 0.01 never counts; the 2025 freight factor is not valid on the date)
    expect(tiers[0].purchase.unit.exact).toBe('0.42');
    const line = tiers[0].purchase.unit.inputs['part line 1: Press nut M5'];
    expect(line).toMatchObject({ formula: '4 × 0.105 €' });
    const unitCost = typeof line === 'string' ? null : line.inputs['unit cost'];
    expect(unitCost).toMatchObject({ formula: '0.10 × 1.05 Freight' });
    // 200 pieces → 800 nuts: Würth 0.105, Bossard 0.08 → Bossard; 4 × 0.08 = 0.32
    expect(tiers[1].purchase.unit.exact).toBe('0.32');
    // 250 pieces → 1000 nuts: Würth 0.07 × 1.05 = 0.0735, Bossard 0.08 → Würth; 4 × 0.0735 = 0.294
    expect(tiers[2].purchase.unit.exact).toBe('0.294');
    // 1250 pieces → 5000 nuts: Bossard's bands end at 4999, so only Würth: 0.294
    expect(tiers[3].purchase.unit.exact).toBe('0.294');
  });

  it("falls back to the part's own cost when no active suppliable covers the quantity", () => {
    // Bossard covers at most 4999 nuts; 2000 pieces need 8000 → own cost 4 × 0.15 = 0.60
    const [tier] = pricePurchase(fourNuts, [bossard, inactive], [2000]);
    expect(tier.purchase.unit.exact).toBe('0.6');
  });

  it('refuses a part with neither a covering suppliable nor an own cost', () => {
    const run = () => pricePurchase(fourNuts, [], [1], [{ id: 'nut', name: 'Press nut M5' }]);
    expect(run).toThrow(PricingError);
    expect(run).toThrow('Part Press nut M5: no active suppliable covers 4 pieces and the part has no own cost');
  });

  it('prices a bought-in operation from suppliables of type operation', () => {
    const coating: Suppliable = {
      id: 'c1',
      type: 'operation',
      operationId: 'powder-coating',
      number: 'PC-1',
      cost: '3.00',
      active: true,
      bulkPrices: [
        { minQuantity: 1, maxQuantity: 99, unitPrice: '2.40' },
        { minQuantity: 100, unitPrice: '1.90' },
      ],
    };
    const coated: Partial<Product> = { operations: [{ name: 'Powder coating', operationId: 'powder-coating', boughtIn: true, timePerUnit: 99, hourlyRate: 99 }] };
    const tiers = pricePurchase(coated, [coating], [50, 100]);
    // 50 pieces: 2.40 €; 100 pieces: 1.90 €; a bought-in operation is purchase, never labor.
    expect(tiers.map((tier) => [tier.purchase.unit.value, tier.labor.unit.value])).toEqual([
      ['2.40', '0.00'],
      ['1.90', '0.00'],
    ]);
    expect(() => pricePurchase(coated, [], [1])).toThrow('Plate: operation 1 (Powder coating) is bought in, but no active suppliable of type operation covers 1 pieces');
  });
});
