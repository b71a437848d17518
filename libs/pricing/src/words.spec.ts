import { wordsFor } from './words';

describe('numbers in an explanation', () => {
  const english = wordsFor('en', 'EUR').number;
  const german = wordsFor('de', 'EUR').number;

  it('groups thousands and writes the decimal mark of the language, keeping every digit', () => {
    expect(english('-1351.4159')).toBe('-1,351.4159');
    expect(german('-1351.4159')).toBe('-1.351,4159');
    expect(english('1234567')).toBe('1,234,567');
    expect(german('1234567.000000000000000000000001')).toBe('1.234.567,000000000000000000000001');
  });

  it('leaves three digits or fewer before the mark ungrouped, with or without a sign', () => {
    for (const [text, en, de] of [
      ['0', '0', '0'],
      ['999', '999', '999'],
      ['-999.5', '-999.5', '-999,5'],
      ['12.25', '12.25', '12,25'],
      ['1000', '1,000', '1.000'],
      ['-1000.5', '-1,000.5', '-1.000,5'],
    ]) {
      expect([english(text), german(text)]).toEqual([en, de]);
    }
  });

  it('takes anything that is no plain number as given (libs/i18n formatNumber)', () => {
    expect(english('n/a')).toBe('n/a');
    expect(german('12345.6.7')).toBe('12345.6.7');
    expect(german('PR-2026-0001')).toBe('PR-2026-0001');
  });
});
