import Decimal from 'decimal.js';
import { roundDecimalText } from './decimal';
import { PricingRequest, priceProduct } from './index';

/** A product made of one purchased part at `ownCost`, plus `setup` per order. */
function price(ownCost: string, quantities: number[], setup = 0) {
  const request: PricingRequest = {
    date: '2026-05-15',
    quantities,
    product: {
      id: 'p',
      name: 'Spacer',
      parts: [{ kind: 'part', partId: 'part', quantity: 1 }],
      operations: setup ? [{ name: 'Setup only', assetId: 'press', timePerUnit: 0, hourlyRate: 0 }] : [],
    },
    prices: {
      parts: [{ id: 'part', name: 'Spacer blank', ownCost }],
      assets: [{ id: 'press', name: 'Press', calculateByTime: true, prices: [{ quantity: 1, inputCost: 0, setupCost: setup, programCost: 0, price: 0 }] }],
    },
  };
  return priceProduct(request).tiers;
}

describe('rounding', () => {
  it('rounds the unit price half-up to cents in decimal, where binary floating point would round down', () => {
    // 1.005 → 1.01 and 2.675 → 2.68; as JavaScript numbers both are slightly below the half
    // ((1.005).toFixed(2) === '1.00', (2.675).toFixed(2) === '2.67').
    expect(price('1.005', [1])[0].unitPrice).toMatchObject({ value: '1.01', formula: '1.005 € rounded half-up to cents' });
    expect(price('2.675', [1])[0].unitPrice.value).toBe('2.68');
    // Just under the half rounds down: 1.0049999 → 1.00
    expect(price('1.0049999', [1])[0].unitPrice.value).toBe('1.00');
  });

  it('the total is the rounded unit price × the quantity, not the exact cost × the quantity', () => {
    // 1.005 → 1.01 × 3 = 3.03 (the exact 3.015 would round to 3.02)
    expect(price('1.005', [3])[0].totalPrice).toMatchObject({ value: '3.03', formula: '1.01 € × 3' });
    // 35.00 setup ÷ 3 = 11.666… → 11.67 × 3 = 35.01
    const [tier] = price('0', [3], 35);
    expect(tier.unitPrice.value).toBe('11.67');
    expect(tier.totalPrice.value).toBe('35.01');
    expect(tier.setup.total.value).toBe('35.00');
  });

  it('keeps full precision until the unit price is rounded', () => {
    // 10.00 setup ÷ 3 = 3.333… keeps 30 places; only the unit price is rounded, to 3.33
    const [tier] = price('0', [3], 10);
    expect(tier.setup.unit.exact).toBe('3.333333333333333333333333333333');
    expect(tier.unitPrice.value).toBe('3.33');
  });

  it('a repeating quotient that lands exactly on a half cent rounds up, as the exact value does', () => {
    // A 391.49 € sheet gives 14 blanks of 417 × 685 mm (3 × 4 or 2 × 7 on 1500 × 3000 mm):
    // 391.49 ÷ 14 = 27.96357142857142857… € a piece, repeating. For 21 pieces that is exactly
    // 391.49 × 21 ÷ 14 = 587.235 €, so 587.24 €, although the quotient cut after 30 places, × 21,
    // is 587.234999…991 €.
    const request: PricingRequest = {
      date: '2026-05-15',
      quantities: [21],
      product: { id: 'p', name: 'Panel', blank: { width: 417, length: 685, thickness: 2 }, materials: [{ materialId: 'sheet' }] },
      prices: { materials: [{ id: 'sheet', name: '1.4301 sheet', priceUnit: 'sheet', pricePerUnit: '391.49', width: 1500, length: 3000 }] },
    };
    const [tier] = priceProduct(request).tiers;
    expect(tier.material.unit.exact).toBe('27.963571428571428571428571428571');
    expect(tier.material.total).toMatchObject({ value: '587.24', exact: '587.234999999999999999999999999991' });
  });

  it('display rounding of figures matches decimal.js half-up for any value', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    for (let i = 0; i < 2000; i++) {
      const digits = String(next()).padStart(10, '0');
      const point = next() % 10;
      const text = `${next() % 2 ? '-' : ''}${digits.slice(0, point) || '0'}.${digits.slice(point)}`;
      const exact = new Decimal(text);
      for (const [places, min] of [[2, 2], [4, 2], [4, 0]]) {
        const expected = exact.toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
        expect(new Decimal(roundDecimalText(exact.toFixed(), places, min)).eq(expected)).toBe(true);
        expect(roundDecimalText(exact.toFixed(), places, min).split('.')[1]?.length ?? 0).toBeGreaterThanOrEqual(min);
      }
    }
    expect(['9.99995', '0.00005', '-1.23456', '12', '-0.00001'].map((text) => roundDecimalText(text, 4, 2))).toEqual(['10.00', '0.0001', '-1.2346', '12.00', '0.00']);
  });
});
