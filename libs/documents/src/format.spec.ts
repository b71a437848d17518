import { DocumentError } from './errors';
import { DocumentFormat } from './format';
import { letterheadFromSettings } from './letterhead';
import { pdfLine, pdfText } from './win-ansi';

const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('DocumentFormat: figures from exact decimal strings', () => {
  const en = new DocumentFormat('en', 'EUR');
  const de = new DocumentFormat('de', 'EUR');

  test.each([
    ['1234.56', '€1,234.56', '1.234,56 €'],
    ['0.85', '€0.85', '0,85 €'],
    ['1000', '€1,000.00', '1.000,00 €'],
    ['-12.5', '-€12.50', '-12,50 €'],
    ['-0.00', '€0.00', '0,00 €'],
    // Beyond a double's 15–17 digits: formatted from the string, so the cents are the input's.
    ['12345678901234567.89', '€12,345,678,901,234,567.89', '12.345.678.901.234.567,89 €'],
    // More places than the currency has: half away from zero, decided on the decimal (a double holds 2.675 as 2.67499…).
    ['2.675', '€2.68', '2,68 €'],
  ])('money %s → en %s, de %s', (amount, english, german) => {
    expect(en.formatMoney(amount)).toBe(english);
    expect(plain(de.formatMoney(amount))).toBe(german);
  });

  test('the currency decides the places: yen has none', () => {
    expect(new DocumentFormat('en', 'JPY').formatMoney('1234')).toBe('JP¥1,234');
    expect(plain(new DocumentFormat('de', 'CHF').formatMoney('1234.5'))).toBe('1.234,50 CHF');
  });

  test.each([
    ['1250', '1,250', '1.250'],
    ['2.5', '2.5', '2,5'],
    ['10.000', '10', '10'],
    ['0.125', '0.125', '0,125'],
  ])('quantity %s → en %s, de %s (exact, no trailing zeros)', (quantity, english, german) => {
    expect(en.formatQuantity(quantity)).toBe(english);
    expect(de.formatQuantity(quantity)).toBe(german);
  });

  test('percentages: en "19%", de "19 %" with a no-break space', () => {
    expect(en.formatPercent('19')).toBe('19%');
    expect(de.formatPercent('2.5')).toBe('2,5\u00a0%');
  });

  test('dates: de 24.11.2026, en 24 Nov 2026, in no time zone but the date itself', () => {
    expect(de.formatDate('2026-11-24')).toBe('24.11.2026');
    expect(en.formatDate('2026-11-24')).toBe('24 Nov 2026');
    expect(de.formatDate('2027-01-01')).toBe('01.01.2027');
  });

  test.each(['12,50', '1e3', '', ' ', 'NaN', '1.', '.5', '+1'])('"%s" is no decimal string', (bad) => {
    expect(() => en.formatMoney(bad, 'totals.subtotal')).toThrow(DocumentError);
    expect(() => en.formatMoney(bad, 'totals.subtotal')).toThrow(/totals\.subtotal/);
  });

  test.each(['2026-02-29', '2026-13-01', '24.11.2026', '2026-11-24T10:00:00Z'])('"%s" is no calendar date', (bad) => {
    expect(() => en.formatDate(bad)).toThrow(DocumentError);
  });

  test('an unknown currency code is refused', () => {
    expect(() => new DocumentFormat('en', 'Euro')).toThrow(/ISO 4217/);
  });
});

describe('pdfText: text the standard fonts can show', () => {
  test('Western European text stays as it is', () => {
    const text = 'Müller Größe Straße ÄÖÜ äöü ß € „Angebot“ – “quote” Ø 120 × 3 … 1 ½';
    expect(pdfText(text)).toBe(text);
  });

  test('letters outside the encoding lose their accent or are spelled out; the rest becomes "?"', () => {
    expect(pdfText('Łódź Čačak Ħamrun')).toBe('Lódz Cacak Hamrun');
    expect(pdfText('≥ 5 − 2')).toBe('>= 5 - 2');
    expect(pdfText('东京')).toBe('??');
  });

  test('pdfLine makes one line: breaks, tabs and runs of spaces become one space', () => {
    expect(pdfLine('  Industriestraße\r\n12\t\tHof 2  ')).toBe('Industriestraße 12 Hof 2');
  });
});

describe('letterheadFromSettings', () => {
  test('every letterhead setting given appears; the organization name when no letterhead name is set', () => {
    expect(
      letterheadFromSettings('Demo Metallbau GmbH', {
        'letterhead-address': ['Industriestraße 12', ' ', '70565 Stuttgart'],
        'letterhead-phone': '+49 711 123456-0',
        'letterhead-vat-id': ' DE123456789 ',
        'letterhead-iban': '',
        currency: 'EUR',
      }),
    ).toEqual({
      name: 'Demo Metallbau GmbH',
      addressLines: ['Industriestraße 12', '70565 Stuttgart'],
      phone: '+49 711 123456-0',
      email: null,
      website: null,
      vatId: 'DE123456789',
      bankName: null,
      iban: null,
      bic: null,
    });
  });

  test('a letterhead name set wins; an address typed as one text is split at its line breaks', () => {
    const letterhead = letterheadFromSettings('demo', { 'letterhead-name': 'Demo Metallbau GmbH & Co. KG', 'letterhead-address': 'Industriestraße 12\n70565 Stuttgart' });
    expect(letterhead.name).toBe('Demo Metallbau GmbH & Co. KG');
    expect(letterhead.addressLines).toEqual(['Industriestraße 12', '70565 Stuttgart']);
  });
});
