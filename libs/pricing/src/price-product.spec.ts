import { say } from '@fabquote/i18n';
import { PricingError, PricingRequest, priceProduct, priceTiers } from './index';

const request: PricingRequest = {
  date: '2026-05-15',
  quantities: [1, '10', 100],
  product: { id: 'washer', name: 'Washer', materials: [{ materialId: 'steel', usagePerUnit: '0.02' }] },
  prices: { materials: [{ id: 'steel', name: 'S235JR', priceUnit: 'kg', pricePerUnit: 1.2 }] },
};

function errorOf(run: () => unknown): PricingError {
  try {
    run();
  } catch (error) {
    if (error instanceof PricingError) return error;
    throw error;
  }
  throw new Error('no error');
}

const codeOf = (run: () => unknown): string => errorOf(run).code;

describe('priceProduct', () => {
  it('prices every tier on the date, with strings for money and the currency of the formulas', () => {
    const result = priceProduct({ ...request, currency: 'CHF' });
    expect(result).toMatchObject({ productId: 'washer', date: '2026-05-15', currency: 'CHF', geometry: null });
    // 0.02 kg × 1.20 CHF/kg = 0.024 → 0.02 at every tier
    expect(result.tiers.map((tier) => [tier.quantity, tier.unitPrice.value, tier.totalPrice.value])).toEqual([
      [1, '0.02', '0.02'],
      [10, '0.02', '0.20'],
      [100, '0.02', '2.00'],
    ]);
    expect(result.tiers[0].material.unit.inputs['material line 1: S235JR']).toMatchObject({ formula: '0.02 kg × 1.20 CHF/kg' });
  });

  it('is pure: the same request gives the same result, and the request is left as it was', () => {
    const before = JSON.stringify(request);
    expect(priceProduct(request)).toEqual(priceProduct(request));
    expect(JSON.stringify(request)).toBe(before);
  });

  it('refuses bad input with a code', () => {
    expect(codeOf(() => priceProduct({ ...request, date: '2026-02-30' }))).toBe('invalid-input');
    expect(codeOf(() => priceProduct({ ...request, quantities: [0] }))).toBe('invalid-input');
    expect(codeOf(() => priceProduct({ ...request, quantities: ['2.5'] }))).toBe('invalid-input');
    expect(codeOf(() => priceProduct({ ...request, prices: { materials: [] } }))).toBe('unknown-reference');
    const noDensity = { ...request, product: { ...request.product, blank: { width: 10, length: 10, thickness: 1 }, materials: [{ materialId: 'steel' }] } };
    expect(codeOf(() => priceProduct(noDensity))).toBe('invalid-input');
    expect(() => priceProduct({ ...request, prices: { materials: [{ id: 'steel', name: 'S235JR', priceUnit: 'kg', pricePerUnit: 'cheap' }] } })).toThrow(
      'Material S235JR: price per unit is not a number: cheap',
    );
    const timeless = { ...request, product: { ...request.product, operations: [{ name: 'Grinding', hourlyRate: 60 }] } };
    expect(() => priceProduct(timeless)).toThrow('Washer: operation 1 (Grinding) has no time per unit');
  });

  it('names what is missing in English and German', () => {
    const timeless = { ...request, product: { ...request.product, operations: [{ name: 'Schleifen', hourlyRate: 60 }] } };
    const error = errorOf(() => priceProduct(timeless));
    expect(error).toMatchObject({ code: 'missing-time', reason: 'pricing_no_time', params: { product: 'Washer', line: 1, operation: 'Schleifen' } });
    expect(error.messageIn('de')).toBe('Washer: Arbeitsgang 1 (Schleifen) hat keine Zeit pro Stück');
    // Data no person could have entered keeps its English detail, introduced in the person's language.
    const corrupt = errorOf(() => priceProduct({ ...request, prices: { materials: [{ id: 'steel', name: 'S235JR', priceUnit: 'kg', pricePerUnit: 'cheap' }] } }));
    expect(corrupt.messageIn('de')).toBe('Die Preisdaten sind unvollständig oder ungültig: Material S235JR: price per unit is not a number: cheap');
  });

  it('an empty product costs nothing, and says so', () => {
    const result = priceProduct({ ...request, product: { id: 'empty', name: 'Empty' }, quantities: [5] });
    const [tier] = result.tiers;
    expect([tier.unitPrice.value, tier.totalPrice.value, tier.material.unit.formula]).toEqual(['0.00', '0.00', 'no material']);
    expect(result.warnings).toEqual([{ key: 'pricing_warning_nothing_priced', params: { product: 'Empty' } }]);
  });
});

describe('warnings where a figure the data calls for is missing or zero', () => {
  const priced: PricingRequest = {
    date: '2026-05-15',
    quantities: [1, 10],
    product: {
      id: 'door',
      name: 'Door',
      materials: [{ materialId: 'steel', usagePerUnit: '0.5' }],
      operations: [
        { name: 'Assembly', timePerUnit: 2, hourlyRate: 60 },
        { name: 'Inspection', timePerUnit: 0, hourlyRate: 60 },
        { name: 'Packing', timePerUnit: 1, hourlyRate: 0 },
      ],
      parts: [
        { kind: 'part', partId: 'hinge', quantity: 2 },
        { kind: 'part', partId: 'seal', quantity: 1 },
        { kind: 'sub-assembly', productId: 'panel', quantity: 1 },
      ],
    },
    prices: {
      materials: [{ id: 'steel', name: 'S235JR', priceUnit: 'kg', pricePerUnit: '1.20' }],
      parts: [
        { id: 'hinge', name: 'Hinge', ownCost: '1.50' },
        { id: 'seal', name: 'Seal', ownCost: '0' },
      ],
      products: [{ id: 'panel', name: 'Panel', blank: { width: 100, length: 100, thickness: 1 } }],
    },
  };

  it('prices the product, and names each line that came out zero, once, in English and German', () => {
    const result = priceProduct(priced);
    // material 0.5 kg × 1.20 = 0.60; labor 2 min ÷ 60 × 60 = 2.00 (+ 0 + 0); parts 2 × 1.50 + 1 × 0 = 3.00; the panel 0
    // 0.60 + 2.00 + 3.00 = 5.60 at every tier
    expect(result.tiers.map((tier) => tier.unitPrice.value)).toEqual(['5.60', '5.60']);
    // In the order met: the door's lines, then the panel's, priced as its sub-assembly.
    expect(result.warnings).toEqual([
      { key: 'pricing_warning_operation_zero', params: { product: 'Door', line: 2, operation: 'Inspection' } },
      { key: 'pricing_warning_operation_zero', params: { product: 'Door', line: 3, operation: 'Packing' } },
      { key: 'pricing_warning_part_zero', params: { product: 'Door', line: 2, part: 'Seal' } },
      { key: 'pricing_warning_no_material', params: { product: 'Panel' } },
    ]);
    expect(priceTiers(priced).warnings).toEqual(result.warnings);
    expect(result.warnings.map((warning) => say('en', warning))).toEqual([
      'Door: operation 2 (Inspection) adds no labor: its time per piece, hourly rate or band price is zero',
      'Door: operation 3 (Packing) adds no labor: its time per piece, hourly rate or band price is zero',
      'Door: part line 2 (Seal) costs nothing: its supplier price or own cost is zero',
      'Panel has a blank or contours but no material: no material line and none on its details',
    ]);
    expect(say('de', result.warnings[2])).toBe('Door: Teilezeile 2 (Seal) kostet nichts: Lieferantenpreis oder Eigenkosten sind null');
  });

  it('has none for a product whose every figure is there', () => {
    expect(priceProduct(request).warnings).toEqual([]);
  });
});
