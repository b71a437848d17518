import { EMPTY_VALUE, formatDate, formatDateTime, formatMoney, formatQuantity, isoDateInDays } from './format';

const plain = (text: string) => text.replace(/\s/g, ' ');

describe('dates (docs/product.md §9)', () => {
  it('shows day/month/two-digit year, and the time in the long variant', () => {
    const date = new Date(2026, 0, 5, 9, 7);
    expect(formatDate(date)).toBe('05/01/26');
    expect(formatDateTime(date)).toBe('05/01/26 09:07');
    expect(formatDate(date.toISOString())).toBe('05/01/26');
    expect(formatDateTime(date.getTime())).toBe('05/01/26 09:07');
  });

  it('shows a calendar date (YYYY-MM-DD) as that day in every time zone', () => {
    expect(formatDate('2026-01-01')).toBe('01/01/26');
    expect(formatDate('2025-12-31')).toBe('31/12/25');
  });

  it('writes the date the reader\'s way: day/month/year in English, with points in German', () => {
    const date = new Date(2026, 10, 23, 18, 5);
    expect(formatDate(date, 'en')).toBe('23/11/26');
    expect(formatDate(date, 'de')).toBe('23.11.26');
    expect(formatDate(date, 'de-DE')).toBe('23.11.26');
    expect(formatDateTime(date, 'de')).toBe('23.11.26 18:05');
    expect(formatDateTime(date, 'en')).toBe('23/11/26 18:05');
    expect(formatDate('2026-01-01', 'de')).toBe('01.01.26');
    expect(formatDate(null, 'de')).toBe(EMPTY_VALUE);
    // A language the console does not have reads English.
    expect(formatDate(date, 'fr')).toBe('23/11/26');
  });

  it('shows two dashes for a missing or invalid date', () => {
    for (const value of [null, undefined, '', 'not a date', new Date('x')]) {
      expect(formatDate(value)).toBe(EMPTY_VALUE);
      expect(formatDateTime(value)).toBe('--');
    }
  });

  it('gives the date 30 days ahead as an ISO date', () => {
    expect(isoDateInDays(30, new Date(2026, 0, 15, 23, 30))).toBe('2026-02-14');
    expect(isoDateInDays(undefined, new Date(2026, 11, 10))).toBe('2027-01-09');
  });
});

describe('money and quantities per locale', () => {
  it('writes amounts the English and the German way', () => {
    expect(plain(formatMoney(1234.5, 'en'))).toBe('€1,234.50');
    expect(plain(formatMoney('1234.5', 'de'))).toBe('1.234,50 €');
    expect(plain(formatMoney(99, 'de', 'USD'))).toBe('99,00 $');
  });

  it('keeps the decimals of unit prices beyond the cents when asked', () => {
    expect(plain(formatMoney(1.0925, 'de', 'EUR', 4))).toBe('1,0925 €');
    expect(plain(formatMoney(0.5, 'en', 'EUR', 4))).toBe('€0.50');
    expect(plain(formatMoney(1.0925, 'en'))).toBe('€1.09');
  });

  it('groups thousands with one rule per language, in amounts and quantities alike', () => {
    // German: points between thousands, a comma before the decimals; English the other way round.
    expect(plain(formatMoney(1234.56, 'de'))).toBe('1.234,56 €');
    expect(plain(formatMoney(1234.56, 'en'))).toBe('€1,234.56');
    expect(formatQuantity(1234.56, 'de')).toBe('1.234,56');
    expect(formatQuantity(1234.56, 'en')).toBe('1,234.56');
    // Four digits are grouped too, so 1.000 pieces and 1.000,00 € read alike in a line.
    expect(formatQuantity(1000, 'de', 'Stk.')).toBe('1.000 Stk.');
    expect(plain(formatMoney(1000, 'de'))).toBe('1.000,00 €');
    expect(formatQuantity(1250000, 'de', 'mm')).toBe('1.250.000 mm');
    expect(formatQuantity(-1234.5, 'en')).toBe('-1,234.5');
  });

  it('writes quantities with up to three decimals and a unit', () => {
    expect(formatQuantity(1500, 'en')).toBe('1,500');
    expect(formatQuantity(2.12345, 'de', 'kg')).toBe('2,123 kg');
    expect(formatQuantity(null, 'de')).toBe('--');
    expect(formatMoney('abc', 'en')).toBe('--');
  });
});
