import { PricingError, PricingRequest, priceProduct } from './index';

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

  it('an empty product costs nothing', () => {
    const [tier] = priceProduct({ ...request, product: { id: 'empty', name: 'Empty' }, quantities: [5] }).tiers;
    expect([tier.unitPrice.value, tier.totalPrice.value, tier.material.unit.formula]).toEqual(['0.00', '0.00', 'no material']);
  });
});
