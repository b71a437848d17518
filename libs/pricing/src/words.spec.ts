import { formatNumber } from '@fabquote/i18n';
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

  it('writes every number as libs/i18n formatNumber does, in both languages', () => {
    let state = 7;
    const next = () => (state = (state * 1103515245 + 12345) % 2147483648);
    const texts = ['', '-', '-0', '12.', '.5', '007.10', '0001234', '1e5', ' 12', '--1', '1234567890123456789012.5'];
    for (let i = 0; i < 3000; i++) {
      const whole = String(next() % 10 ** (next() % 16));
      const places = next() % 8;
      texts.push(`${next() % 4 === 0 ? '-' : ''}${whole}${places ? `.${String(next()).slice(0, places)}` : ''}`);
    }
    for (const text of texts) expect([english(text), german(text)]).toEqual([formatNumber('en', text), formatNumber('de', text)]);
  });
});
