import { addDecimals, compareNumbers, decimalText, formatNumber, formatNumberList, multiplyDecimals, readNumber, readNumberList, roundDecimal, sameNumber } from './numbers';

describe('reading numbers in the chosen language', () => {
  // [typed, German reading, English reading]; a reading is the exact decimal text, or the problem with its suggestion.
  const table: Array<[string, string, string]> = [
    // plain and decimals
    ['12', '12', '12'],
    ['12,5', '12.5', 'ambiguous → 12.5'],
    ['12.5', 'ambiguous → 12,5', '12.5'],
    ['0,10', '0.10', 'ambiguous → 0.10'],
    ['0.10', 'ambiguous → 0,10', '0.10'],
    [',5', '0.5', 'ambiguous → 0.5'],
    ['.5', 'ambiguous → 0,5', '0.5'],
    // thousands separators
    ['1.000', '1000', '1.000'],
    ['1,000', '1.000', '1000'],
    ['1.234,56', '1234.56', 'ambiguous → 1,234.56'],
    ['1,234.56', 'ambiguous → 1.234,56', '1234.56'],
    ['1.234.567', '1234567', 'ambiguous → 1,234,567'],
    ['1,234,567', 'ambiguous → 1.234.567', '1234567'],
    ['1.234.567,891', '1234567.891', 'ambiguous → 1,234,567.891'],
    ['1 000', '1000', '1000'],
    ['1\u00a0234,5', '1234.5', 'ambiguous → 1,234.5'],
    ['10000', '10000', '10000'],
    ['0012', '12', '12'],
    // ambiguous: a separator that cannot be the language's
    ['1.5', 'ambiguous → 1,5', '1.5'],
    ['1,5', '1.5', 'ambiguous → 1.5'],
    ['1.0000', 'ambiguous → 1,0000', '1.0000'],
    ['1,0000', '1.0000', 'ambiguous → 1.0000'],
    ['12.34', 'ambiguous → 12,34', '12.34'],
    ['0.500', 'ambiguous → 0,500', '0.500'],
    ['1.000,5', '1000.5', 'ambiguous → 1,000.5'],
    // negative
    ['-12,5', '-12.5', 'ambiguous → -12.5'],
    ['-1.000', '-1000', '-1.000'],
    ['\u22123', '-3', '-3'],
    ['-0', '0', '0'],
    ['+7', '7', '7'],
    // empty
    ['', 'empty', 'empty'],
    ['   ', 'empty', 'empty'],
    // not numbers
    ['abc', 'not_a_number', 'not_a_number'],
    ['1e5', 'not_a_number', 'not_a_number'],
    ['1,2,3', 'not_a_number', 'not_a_number'],
    ['1..5', 'not_a_number', 'not_a_number'],
    ['-', 'not_a_number', 'not_a_number'],
    ['5,', 'not_a_number', 'not_a_number'],
    ['1.000 ,5', 'not_a_number', 'not_a_number'],
    ['12,5 €', 'not_a_number', 'not_a_number'],
    // very long: every digit kept
    ['123.456.789.012.345.678.901,123456789012345', '123456789012345678901.123456789012345', 'ambiguous → 123,456,789,012,345,678,901.123456789012345'],
    ['123456789012345678901234567890', '123456789012345678901234567890', '123456789012345678901234567890'],
    ['0,000000000000000000001', '0.000000000000000000001', 'ambiguous → 0.000000000000000000001'],
  ];

  const reading = (typed: string, locale: string) => {
    const result = readNumber(typed, locale);
    if (result.problem === undefined) return result.value === null ? 'empty' : result.value;
    return result.suggestion === undefined ? result.problem : `${result.problem} → ${result.suggestion}`;
  };

  it.each(table)('reads %j as German %j and English %j', (typed, german, english) => {
    expect(reading(typed, 'de')).toBe(german);
    expect(reading(typed, 'en')).toBe(english);
  });

  it('takes the language from the locale tag, English for one it does not have', () => {
    expect(readNumber('1.000', 'de-DE')).toEqual({ value: '1000' });
    expect(readNumber('1.000', 'fr')).toEqual({ value: '1.000' });
  });

  it('refuses decimals where pieces are counted whole, so German "1,000" is never one piece', () => {
    expect(readNumber('1,000', 'de', { whole: true })).toEqual({ problem: 'whole' });
    expect(readNumber('1.000', 'de', { whole: true })).toEqual({ value: '1000' });
    expect(readNumber('1.000', 'en', { whole: true })).toEqual({ problem: 'whole' });
    expect(readNumber('1,000', 'en', { whole: true })).toEqual({ value: '1000' });
  });
});

describe('writing numbers in the chosen language', () => {
  it('groups thousands and writes the decimals the language\'s way, never rounding', () => {
    expect(formatNumber(1000, 'de')).toBe('1.000');
    expect(formatNumber(1000, 'en')).toBe('1,000');
    expect(formatNumber('1234.56', 'de')).toBe('1.234,56');
    expect(formatNumber('1234.56', 'en')).toBe('1,234.56');
    expect(formatNumber(-1234567.5, 'de')).toBe('-1.234.567,5');
    expect(formatNumber('123456789012345678901.123456789012345', 'de')).toBe('123.456.789.012.345.678.901,123456789012345');
    expect(formatNumber(1e-7, 'en')).toBe('0.0000001');
    expect(formatNumber(1.5e21, 'en')).toBe('1,500,000,000,000,000,000,000');
  });

  it('keeps the decimals money shows ("0,10", not "0.1") and drops stored trailing zeros beyond them', () => {
    expect(formatNumber(0.1, 'de', { minFractionDigits: 2 })).toBe('0,10');
    expect(formatNumber(0.1, 'en', { minFractionDigits: 2 })).toBe('0.10');
    expect(formatNumber('0.0575', 'de', { minFractionDigits: 2 })).toBe('0,0575');
    expect(formatNumber('12.5000', 'de')).toBe('12,5');
    expect(formatNumber(12, 'de', { grouping: false })).toBe('12');
    expect(formatNumber(12345, 'de', { grouping: false })).toBe('12345');
  });

  it('writes nothing for an empty or unreadable value', () => {
    for (const value of [null, undefined, '', 'abc', Number.NaN, Infinity, {}]) expect(formatNumber(value, 'de')).toBe('');
  });

  it('reads back what it writes, in both languages', () => {
    for (const value of ['0.1', '1000', '1234.56', '-7.25', '98765432109876.54321']) {
      for (const locale of ['de', 'en']) expect(readNumber(formatNumber(value, locale), locale)).toEqual({ value });
    }
  });
});

describe('lists of quantities', () => {
  it('splits on "/", ";" and spaces, never on a number\'s own point or comma', () => {
    expect(readNumberList('10 / 50 / 1.000', 'de')).toEqual({ values: ['10', '50', '1000'] });
    expect(readNumberList('10 / 50 / 1,000', 'en')).toEqual({ values: ['10', '50', '1000'] });
    expect(readNumberList('10;50;12,5', 'de')).toEqual({ values: ['10', '50', '12.5'] });
    expect(readNumberList('10 50\t200', 'en')).toEqual({ values: ['10', '50', '200'] });
    expect(readNumberList('10, 50, 200', 'en')).toEqual({ values: ['10', '50', '200'] });
    expect(readNumberList('10, 50, 200', 'de')).toEqual({ values: ['10', '50', '200'] });
    expect(readNumberList('', 'de')).toEqual({ values: [] });
  });

  it('names the first entry it cannot read, with the notation expected', () => {
    expect(readNumberList('10 / 1.5 / 20', 'de')).toEqual({ problem: 'ambiguous', entry: '1.5', suggestion: '1,5' });
    expect(readNumberList('10 / 1,5', 'en')).toEqual({ problem: 'ambiguous', entry: '1,5', suggestion: '1.5' });
    expect(readNumberList('10 / zehn', 'de')).toEqual({ problem: 'not_a_number', entry: 'zehn', suggestion: undefined });
  });

  it('writes a list the way it is read', () => {
    expect(formatNumberList([10, 50, 1000], 'de')).toBe('10 / 50 / 1.000');
    expect(formatNumberList(['10', '50', '1000'], 'en')).toBe('10 / 50 / 1,000');
  });
});

describe('exact comparison', () => {
  it('compares decimal texts by value', () => {
    expect(sameNumber('12.50', 12.5)).toBe(true);
    expect(sameNumber('12', '12.000')).toBe(true);
    expect(sameNumber('12', '120')).toBe(false);
    expect(sameNumber(null, '')).toBe(true);
    expect(sameNumber(null, '0')).toBe(false);
    expect(decimalText('abc')).toBeNull();
    expect(compareNumbers('9', '10')).toBeLessThan(0);
    expect(compareNumbers('-9', '-10')).toBeGreaterThan(0);
    expect(compareNumbers('10.5', '10.50')).toBe(0);
    expect(compareNumbers('123456789012345678901', '123456789012345678900')).toBeGreaterThan(0);
  });
});

describe('exact arithmetic (landed totals)', () => {
  it('adds and multiplies decimal texts without float', () => {
    expect(addDecimals('0.1', '0.2')).toBe('0.3');
    expect(addDecimals('8.020000000000000000000000000000', 4, '-0.02')).toBe('12');
    expect(addDecimals('1', null)).toBeNull();
    expect(multiplyDecimals('3.9', 50)).toBe('195');
    expect(multiplyDecimals('1.333333333333333333333333333333', '3')).toBe('3.999999999999999999999999999999');
    expect(multiplyDecimals('-0.5', '0.5')).toBe('-0.25');
  });

  it('rounds half away from zero to the cent', () => {
    expect(roundDecimal('1.7375', 2)).toBe('1.74');
    expect(roundDecimal('1.7349999', 2)).toBe('1.73');
    expect(roundDecimal('-0.005', 2)).toBe('-0.01');
    expect(roundDecimal('12', 2)).toBe('12');
    expect(roundDecimal('abc', 2)).toBeNull();
  });
});
