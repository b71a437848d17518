import { Factor, Part, PricingError, PricingRequest, priceProduct, Product, Suppliable } from './index';

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

  it("offers a suppliable's own cost outside its bulk price bands", () => {
    // Bossard's bands end at 4999 nuts; 2000 pieces need 8000, so Bossard asks its own cost 0.12
    // (not the part's own cost 0.15): 4 × 0.12 = 0.48
    const [tier] = pricePurchase(fourNuts, [bossard, inactive], [2000]);
    expect(tier.purchase.unit.exact).toBe('0.48');
    const line = tier.purchase.unit.inputs['part line 1: Press nut M5'];
    const unitCost = typeof line === 'string' ? null : line.inputs['unit cost'];
    expect(unitCost).toMatchObject({
      value: '0.12',
      formula: 'cost of B-7 (Bossard), as none of its bulk price bands covers the quantity, the cheapest active suppliable for the quantity',
    });
  });

  it("falls back to the part's own cost only where no active suppliable offers anything", () => {
    // Bossard without a cost of its own (0, the empty default) offers nothing beyond 4999 nuts:
    // 2000 pieces need 8000 → the part's own cost, 4 × 0.15 = 0.60
    const [tier] = pricePurchase(fourNuts, [{ ...bossard, cost: '0' }, inactive], [2000]);
    expect(tier.purchase.unit.exact).toBe('0.6');
    const line = tier.purchase.unit.inputs['part line 1: Press nut M5'];
    const unitCost = typeof line === 'string' ? null : line.inputs['unit cost'];
    expect(unitCost).toMatchObject({ formula: 'own cost of Press nut M5, as no active suppliable offers the quantity' });
  });

  describe('a supplier whose bands end', () => {
    // A laser-cut bracket bought from Müller: supplier S-12 sells it at 9.00 from 1 to 99 pieces and
    // lists 8.40 as its cost; the part's own cost (made in-house) is 23.67.
    const bracket: Part = { id: 'bracket', name: 'Bracket', ownCost: '23.67' };
    const s12: Suppliable = {
      id: 's12',
      type: 'part',
      partId: 'bracket',
      number: 'S-12',
      supplierName: 'Müller',
      cost: '8.40',
      active: true,
      bulkPrices: [{ minQuantity: 1, maxQuantity: 99, unitPrice: '9.00' }],
    };
    const oneBracket: Partial<Product> = { parts: [{ kind: 'part', partId: 'bracket', quantity: 1 }] };

    it("prices the supplier's own cost from 100 pieces, not the part's own cost", () => {
      const tiers = pricePurchase(oneBracket, [s12], [1, 99, 100, 1000], [bracket]);
      // 1 and 99 pieces: the band 1–99, 9.00
      // 100 and 1000 pieces: no band covers them; S-12's own cost 8.40 (it used to be the part's own cost, 23.67)
      expect(tiers.map((tier) => tier.purchase.unit.value)).toEqual(['9.00', '9.00', '8.40', '8.40']);
      const unitCostAt = (i: number) => {
        const line = tiers[i].purchase.unit.inputs['part line 1: Bracket'];
        return typeof line === 'string' ? null : line.inputs['unit cost'];
      };
      expect(unitCostAt(0)).toMatchObject({ formula: 'bulk price of S-12 (Müller) for 1–99 pieces, the cheapest active suppliable for the quantity' });
      expect(unitCostAt(2)).toMatchObject({ formula: 'cost of S-12 (Müller), as none of its bulk price bands covers the quantity, the cheapest active suppliable for the quantity' });
    });

    it("the part's own cost applies only where no suppliable offers anything", () => {
      // S-12 without a cost: 1 piece 9.00 from its band; 100 pieces: nothing offered → own cost 23.67
      const tiers = pricePurchase(oneBracket, [{ ...s12, cost: '0' }], [1, 100], [bracket]);
      expect(tiers.map((tier) => tier.purchase.unit.value)).toEqual(['9.00', '23.67']);
    });

    it("a supplier's own cost outside its bands competes with the other suppliers' bands, after its factors", () => {
      // At 100 pieces: S-12 outside its bands 8.40 × 1.03 freight = 8.652; S-20 (Schmidt) band 100+ at 8.60 → S-20
      // At 1 piece: S-12's band 9.00 × 1.03 = 9.27; S-20 has no band for 1 and no cost → S-12
      const freight: Factor = { id: 'f-freight', name: 'Freight', value: '1.03' };
      const s20: Suppliable = { id: 's20', type: 'part', partId: 'bracket', number: 'S-20', supplierName: 'Schmidt', cost: '0', active: true, bulkPrices: [{ minQuantity: 100, unitPrice: '8.60' }] };
      const tiers = pricePurchase(oneBracket, [{ ...s12, factors: [freight] }, s20], [1, 100], [bracket]);
      expect(tiers.map((tier) => tier.purchase.unit.exact)).toEqual(['9.27', '8.6']);
    });
  });

  describe("a supplier's factor", () => {
    it('multiplies only that suppliable, once, and says where it came from', () => {
      // Hinge: Müller's S-12 at 2.80 with freight 1.03 linked to it; an organization factor of scope
      // purchase (handling 1.10) multiplies the purchase as a whole.
      // Line: 1 × 2.80 × 1.03 = 2.884; purchase 2.884 × 1.10 = 3.1724 (not 2.80 × 1.03 × 1.03 × …)
      const hinge: Part = { id: 'hinge', name: 'Hinge' };
      const freight: Factor = { id: 'f-freight', name: 'Freight', value: '1.03' };
      const supplied: Suppliable = { id: 's12', type: 'part', partId: 'hinge', number: 'S-12', supplierName: 'Müller', cost: '2.80', active: true, factors: [freight] };
      const request: PricingRequest = {
        date: '2026-05-15',
        quantities: [1],
        product: { id: 'door', name: 'Door', parts: [{ kind: 'part', partId: 'hinge', quantity: 1 }] },
        prices: { parts: [hinge], suppliables: [supplied], factors: [{ id: 'f-handling', name: 'Handling', value: '1.10', scope: 'purchase' }] },
      };
      const [tier] = priceProduct(request).tiers;
      expect(tier.purchase.unit.exact).toBe('3.1724');
      expect(tier.purchase.unit.inputs['factor 1']).toBe('1.1 Handling (organization factor, always valid)');
      const base = tier.purchase.unit.inputs.base;
      const line = typeof base === 'string' ? null : base.inputs['part line 1: Hinge'];
      const unitCost = typeof line === 'string' ? null : line?.inputs['unit cost'];
      expect(unitCost).toMatchObject({ formula: '2.80 × 1.03 Freight', inputs: { 'factor 1': '1.03 Freight (supplier Müller, suppliable S-12, always valid)' } });
    });
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
