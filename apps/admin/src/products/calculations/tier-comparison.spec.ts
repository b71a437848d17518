import { centsToDecimal, toCents } from './calculation-record';
import { compareTiers, direction } from './tier-comparison';

const tier = (quantity: number, unitPrice: string, totalPrice: string, material = '5.46', setup = '80.00') => ({
  quantity,
  unitPrice,
  totalPrice,
  material,
  labor: '1.82',
  purchase: '0.00',
  setup,
  program: '20.00',
});

describe('cents', () => {
  it('reads decimal strings exactly, rounding half-up beyond the cent', () => {
    expect(toCents('123.38')).toBe(12338);
    expect(toCents('0.1')).toBe(10);
    expect(toCents('5.461')).toBe(546);
    expect(toCents('5.465')).toBe(547);
    expect(toCents('-0.015')).toBe(-2);
    expect(toCents('1000')).toBe(100000);
    expect(toCents(0.3)).toBe(30);
    expect(toCents('')).toBeNull();
    expect(toCents('abc')).toBeNull();
    expect(toCents(null)).toBeNull();
  });

  it('writes cents back as decimal strings', () => {
    expect(centsToDecimal(12338)).toBe('123.38');
    expect(centsToDecimal(-5)).toBe('-0.05');
    expect(centsToDecimal(0)).toBe('0.00');
  });

  it('subtracts without binary floating-point error: 0.30 − 0.10 is 0.20', () => {
    const [compared] = compareTiers([tier(1, '0.10', '0.10')], [tier(1, '0.30', '0.30')]);
    expect(compared.values.unitPrice.difference).toBe('0.20');
    expect(0.3 - 0.1).not.toBe(0.2);
  });
});

describe('comparing two calculations', () => {
  it('lines the tiers up by quantity, with the difference and the change in percent', () => {
    // The material price rose from 4.20 to 4.62 EUR/kg: material 5.46 → 6.01 per piece, unit price at 1 piece 123.38 → 124.01.
    const [one, five] = compareTiers([tier(1, '123.38', '123.38'), tier(5, '31.38', '156.90')], [tier(1, '124.01', '124.01', '6.01'), tier(5, '32.01', '160.05', '6.01')]);
    expect(one.quantity).toBe(1);
    expect(one.values.material).toEqual({ before: '5.46', after: '6.01', difference: '0.55', percent: 10.07 });
    expect(one.values.unitPrice).toEqual({ before: '123.38', after: '124.01', difference: '0.63', percent: 0.51 });
    expect(five.values.totalPrice).toEqual({ before: '156.90', after: '160.05', difference: '3.15', percent: 2.01 });
    expect(direction(one.values.material)).toBe('up');
    expect(direction(one.values.labor)).toBe('same');
  });

  it('keeps tiers only one of them priced, without a difference', () => {
    const compared = compareTiers([tier(1, '10.00', '10.00'), tier(10, '8.00', '80.00')], [tier(5, '9.00', '45.00'), tier(10, '7.50', '75.00')]);
    expect(compared.map((row) => row.quantity)).toEqual([1, 5, 10]);
    expect(compared[0].values.unitPrice).toEqual({ before: '10.00', after: null, difference: null, percent: null });
    expect(compared[1].values.unitPrice).toEqual({ before: null, after: '9.00', difference: null, percent: null });
    expect(compared[2].values.unitPrice.difference).toBe('-0.50');
    expect(direction(compared[2].values.unitPrice)).toBe('down');
    expect(direction(compared[0].values.unitPrice)).toBeNull();
  });

  it('gives no percent for a change from nothing', () => {
    const [compared] = compareTiers([tier(1, '10.00', '10.00')], [tier(1, '10.00', '10.00')]);
    expect(compared.values.purchase).toEqual({ before: '0.00', after: '0.00', difference: '0.00', percent: null });
  });
});
