import { DocumentError } from './errors';
import { DocumentFormat } from './format';
import { letterheadFromSettings } from './letterhead';
import { documentFonts, MISSING, showable } from './fonts';
import { PdfText } from './pdf-text';

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

describe('showable: text the embedded font prints', () => {
  test('Western European, Latin Extended, Greek and Cyrillic text stays as it is', () => {
    const text = 'Müller Größe Straße ÄÖÜ äöü ß € „Angebot“ – “quote” Ø 120 × 3 … 1 ½ Zakład Łódź – Dvořák Paweł Wałęsa Čačak Ħamrun ẞ ≥ − Σωκράτης Достоевский';
    expect(showable(text)).toEqual({ text, missing: false });
  });

  test('letters given decomposed are composed (r + combining caron is "ř")', () => {
    expect(showable('Dvor\u030cák')).toEqual({ text: 'Dvořák', missing: false });
  });

  test('a script the font lacks, and right-to-left scripts, print as the marked fallback, one mark per character', () => {
    expect(showable('东京')).toEqual({ text: `${MISSING}${MISSING}`, missing: true });
    expect(showable('Tanaka 田中')).toEqual({ text: `Tanaka ${MISSING}${MISSING}`, missing: true });
    expect(showable('דוד')).toEqual({ text: MISSING.repeat(3), missing: true });
    expect(showable('محمد')).toEqual({ text: MISSING.repeat(4), missing: true });
    // A replacement character already in the data is said too.
    expect(showable(MISSING).missing).toBe(true);
  });

  test('control characters become spaces, invisible format characters go, line breaks stay', () => {
    expect(showable('a\tb\u200bc\u00adD\u200fE\r\nF')).toEqual({ text: 'a bcDE\nF', missing: false });
  });

  test('PdfText.line makes one line and remembers a marked character', () => {
    const shown = new PdfText();
    expect(shown.line('  Industriestraße\r\n12\t\tHof 2  ')).toBe('Industriestraße 12 Hof 2');
    expect(shown.missing).toBe(false);
    expect(shown.line('王伟')).toBe(`${MISSING}${MISSING}`);
    expect(shown.missing).toBe(true);
  });

  test('both faces cover what is kept, the replacement mark included', () => {
    const { regular, bold, covered } = documentFonts();
    expect([regular.postscriptName, bold.postscriptName]).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
    for (const char of 'AzÄßŁłřĘęΣωЖж€–\ufffd') expect([char, covered(char.codePointAt(0) as number)]).toEqual([char, true]);
    expect(covered('东'.codePointAt(0) as number)).toBe(false);
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
      taxNumber: null,
      bankName: null,
      iban: null,
      bic: null,
      logo: null,
    });
  });

  test('a letterhead name set wins; an address typed as one text is split at its line breaks', () => {
    const letterhead = letterheadFromSettings('demo', { 'letterhead-name': 'Demo Metallbau GmbH & Co. KG', 'letterhead-address': 'Industriestraße 12\n70565 Stuttgart' });
    expect(letterhead.name).toBe('Demo Metallbau GmbH & Co. KG');
    expect(letterhead.addressLines).toEqual(['Industriestraße 12', '70565 Stuttgart']);
  });
});
