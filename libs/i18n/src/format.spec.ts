import { decimalParam, formatDateTime, formatMoney, formatNumber, knownTimeZone } from './format';
import { say, translate } from './translate';

describe('formatNumber: one notation per language', () => {
  it.each([
    // value, en, de
    [1234.56, '1,234.56', '1.234,56'],
    ['1234.56', '1,234.56', '1.234,56'],
    [1000000, '1,000,000', '1.000.000'],
    [1000, '1,000', '1.000'],
    [999, '999', '999'],
    ['31.38', '31.38', '31,38'],
    [-0.5, '-0.5', '-0,5'],
    ['-1351.4159', '-1,351.4159', '-1.351,4159'],
    [0, '0', '0'],
    [-0, '0', '0'],
    [0.1, '0.1', '0,1'],
    ['0.10', '0.10', '0,10'],
    ['12345678901234567.891', '12,345,678,901,234,567.891', '12.345.678.901.234.567,891'],
    [10n ** 18n, '1,000,000,000,000,000,000', '1.000.000.000.000.000.000'],
    [1e21, '1,000,000,000,000,000,000,000', '1.000.000.000.000.000.000.000'],
  ] as const)('%p → en %s, de %s', (value, en, de) => {
    expect(formatNumber('en', value)).toBe(en);
    expect(formatNumber('de', value)).toBe(de);
  });

  it('writes what Intl.NumberFormat writes for the same number', () => {
    for (const value of [7, 12.5, 1234, -98765.4321, 1000000.25]) {
      expect(formatNumber('en', value)).toBe(new Intl.NumberFormat('en-GB', { maximumFractionDigits: 20 }).format(value));
      expect(formatNumber('de', value)).toBe(new Intl.NumberFormat('de-DE', { maximumFractionDigits: 20 }).format(value));
    }
  });

  it('leaves text that is not a number as it is', () => {
    expect(formatNumber('de', 'PR-2026-0001')).toBe('PR-2026-0001');
    expect(formatNumber('de', '1.2.3')).toBe('1.2.3');
    expect(formatNumber('de', NaN)).toBe('NaN');
  });
});

describe('formatMoney', () => {
  it('writes an exact decimal with the currency in the language', () => {
    expect(formatMoney('en', '1234.5', 'EUR')).toBe('€1,234.50');
    expect(formatMoney('de', '1234.5', 'EUR')).toBe('1.234,50\u00a0€');
    expect(formatMoney('de', '12345678901234567.89', 'EUR')).toBe('12.345.678.901.234.567,89\u00a0€');
    expect(formatMoney('en', '2.675', 'EUR')).toBe('€2.68');
    expect(formatMoney('de', '1500', 'JPY')).toBe('1.500\u00a0¥');
  });

  it('does not fail on a currency that is no ISO code', () => {
    expect(formatMoney('de', '1234.5', 'NOTACODE')).toBe('1.234,50 NOTACODE');
  });
});

describe('formatDateTime: in the organization’s time zone, the zone named', () => {
  const winter = new Date('2026-12-15T16:00:00Z');
  const summer = new Date('2026-07-15T15:00:00Z');

  it('writes Berlin time with its abbreviation in either language', () => {
    expect(formatDateTime('de', winter, 'Europe/Berlin')).toBe('15.12.2026, 17:00 MEZ');
    expect(formatDateTime('en', winter, 'Europe/Berlin')).toBe('15 Dec 2026, 17:00 CET');
    expect(formatDateTime('de', summer, 'Europe/Berlin')).toBe('15.07.2026, 17:00 MESZ');
    expect(formatDateTime('en', summer, 'Europe/Berlin')).toBe('15 Jul 2026, 17:00 CEST');
  });

  it('names UTC, an offset where a zone has no common abbreviation, and takes an unknown zone as UTC', () => {
    expect(formatDateTime('en', winter, 'UTC')).toBe('15 Dec 2026, 16:00 UTC');
    expect(formatDateTime('de', winter, 'America/New_York')).toBe('15.12.2026, 11:00 GMT-5');
    expect(formatDateTime('de', winter, 'Mars/Olympus')).toBe('15.12.2026, 16:00 UTC');
    expect(formatDateTime('en', new Date('2026-12-15T23:30:00Z'), 'Europe/Berlin')).toBe('16 Dec 2026, 00:30 CET');
  });

  it('knows a zone by its IANA name, anything else is UTC', () => {
    expect(knownTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(knownTimeZone(' europe/berlin ')).toBe('Europe/Berlin');
    expect(knownTimeZone('Infinity')).toBe('UTC');
    expect(knownTimeZone(null)).toBe('UTC');
  });
});

describe('translate writes numbers in the reader’s language', () => {
  it('formats number placeholders and exact decimals', () => {
    expect(translate('en', 'number_too_large', { max: 1000000 })).toBe('Value can not be more than 1,000,000');
    expect(translate('de', 'number_too_large', { max: 1000000 })).toBe('Der Wert darf nicht größer als 1.000.000 sein');
    expect(translate('de', 'unit_price_reason_required', { price: decimalParam('31.38') })).toBe(
      'Bitte begründen Sie einen anderen Stückpreis als den übernommenen (31,38)',
    );
    expect(translate('en', 'unit_price_reason_required', { price: decimalParam('1031.38') })).toBe(
      'Please give a reason for a unit price other than the one taken (1,031.38)',
    );
  });

  it('leaves texts alone, even when they look like numbers', () => {
    expect(translate('de', 'calculated_manually', { name: '1234.5' })).toBe('Kalkuliert von 1234.5');
  });

  it('says a kept phrase with its numbers in the language of whoever reads it', () => {
    const phrase = { key: 'pricing_no_part_cost', params: { part: 'Hinge', pieces: decimalParam('2500') } } as const;
    expect(say('de', phrase)).toContain('deckt 2.500 Stück ab');
    expect(say('en', phrase)).toContain('covers 2,500 pieces');
    // A phrase kept as JSON (the calculations' warnings and reasons) reads the same.
    expect(say('de', JSON.parse(JSON.stringify(phrase)))).toContain('deckt 2.500 Stück ab');
  });
});
