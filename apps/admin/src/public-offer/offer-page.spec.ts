import { hasDiscount, offerMoney, offerPercent, offerQuantity, offerText, pdfLink } from './offer-page';

describe("the customer's offer page: what it shows", () => {
  it('writes money as the PDF does: to the cent, half up from the exact text, never through a float', () => {
    // 4.135 as a float is 4.13499…; the PDF rounds the exact text half up.
    expect(offerMoney('4.1350', 'de', 'EUR')).toBe('4,14\u00a0€');
    expect(offerMoney('4.1350', 'en', 'EUR')).toBe('€4.14');
    expect(offerMoney('781.62', 'de', 'EUR')).toBe('781,62\u00a0€');
    expect(offerMoney('1234567.5', 'en', 'CHF')).toBe('CHF\u00a01,234,567.50');
  });

  it('writes quantities and percentages as the PDF does', () => {
    expect(offerQuantity('120.0000', 'de')).toBe('120');
    expect(offerQuantity('2.5000', 'de', 'h')).toBe('2,5 h');
    expect(offerQuantity('1000.0000', 'en')).toBe('1,000');
    expect(offerPercent('2.50', 'de')).toBe('2,5\u00a0%');
    expect(offerPercent('19.00', 'en')).toBe('19%');
    expect(hasDiscount('0.00')).toBe(false);
    expect(hasDiscount('2.50')).toBe(true);
    expect(hasDiscount(null)).toBe(false);
  });

  it('speaks the page language and links the PDF with the token and host of its own address', () => {
    expect(offerText('de', 'offer', { number: 'OR-2026-0001' })).toBe('Angebot OR-2026-0001');
    expect(offerText('en', 'shipping_days_value', { days: 10 })).toBe('10 days');
    expect(pdfLink('/api/v1', 'abc', new URLSearchParams('token=T0k-_en&host=acme&other=x'))).toBe('/api/v1/pub/offers/abc/pdf?token=T0k-_en&host=acme');
    expect(pdfLink('/api/v1', 'abc', new URLSearchParams('token=T'))).toBe('/api/v1/pub/offers/abc/pdf?token=T');
  });
});
