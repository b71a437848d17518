import { DEFAULT_SETTINGS, GERMAN_DEFAULT_TEXTS } from '@fabquote/database';
import { AppException } from '../common/app-exception';
import { checkedSetting, SETTING_KINDS, settingKind } from './setting-kinds';

/** The message key of the 422 a value gets, or the value stored. */
function outcome(slug: string, value: unknown): unknown {
  try {
    return checkedSetting(slug, value as never);
  } catch (error) {
    if (error instanceof AppException) return `422 ${error.fieldErrors?.value?.key}`;
    throw error;
  }
}

describe('settings by kind', () => {
  it('gives every setting the product reads a kind, and every default passes its own', () => {
    for (const [slug, value] of [...Object.entries(DEFAULT_SETTINGS), ...Object.entries(GERMAN_DEFAULT_TEXTS)]) {
      expect(SETTING_KINDS[slug]).toBeDefined();
      expect([slug, outcome(slug, value)]).toEqual([slug, expect.not.stringMatching(/^422/)]);
    }
    expect(settingKind('own-notes')).toBe('any');
  });

  it('takes a currency by its ISO 4217 code, stored in capitals', () => {
    expect(outcome('currency', ' chf ')).toBe('CHF');
    for (const value of ['NOTACODE', 'Infinity', 'XXX', '']) expect(outcome('currency', value)).toBe('422 currency_unknown');
    expect(outcome('currency', ['EUR'])).toBe('422 setting_single_text');
  });

  it('takes a switch as true or false, stored so', () => {
    expect(outcome('quote-page-enabled', ' TRUE ')).toBe('true');
    expect(outcome('quote-instant-prices', 'false')).toBe('false');
    for (const value of ['yes', '1', '']) expect(outcome('quote-page-enabled', value)).toBe('422 setting_boolean');
    expect(outcome('quote-page-enabled', ['true'])).toBe('422 setting_single_text');
  });

  it('takes time zones, rates, tiers and weights by their rules', () => {
    expect(outcome('time-zone', 'Europe/Berlin')).toBe('Europe/Berlin');
    expect(outcome('time-zone', 'Mars/Olympus')).toBe('422 time_zone_invalid');
    expect(outcome('vat-rate', '7,7')).toBe('7.7');
    for (const value of ['Infinity', '101', '-1', 'NaN']) expect(outcome('vat-rate', value)).toBe('422 vat_rate_invalid');
    expect(outcome('quantity-tiers', ['100', '5'])).toEqual(['5', '100']);
    expect(outcome('offer-rating-weights', ['0.5', '0.5', '0'])).toEqual(['0.5', '0.5', '0']);
    expect(outcome('offer-rating-weights', ['Infinity', '1', '1'])).toBe('422 rating_weight_price_invalid');
  });

  it('takes the part limits as positive lengths in mm, and every new organization starts with them', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({ 'part-max-length': '3000', 'part-max-width': '1500', 'part-min-thickness': '0.5', 'part-max-thickness': '30' });
    expect(outcome('part-max-length', ' 4000 ')).toBe('4000');
    expect(outcome('part-min-thickness', '0,8')).toBe('0.8');
    for (const value of ['0', '-1', 'Infinity', 'NaN', '1e3', 'abc', '', '0.0001', '1234567']) expect([value, outcome('part-max-width', value)]).toEqual([value, '422 setting_millimetres']);
    expect(outcome('part-max-thickness', ['30'])).toBe('422 setting_single_text');
  });

  it('takes emails, web addresses, IBANs and BICs of their form, or empty', () => {
    expect(outcome('letterhead-email', 'office@acme.example')).toBe('office@acme.example');
    expect(outcome('letterhead-email', 'office at acme')).toBe('422 invalid_email');
    expect(outcome('letterhead-website', 'https://acme.example/about')).toBe('https://acme.example/about');
    expect(outcome('letterhead-website', 'www.acme.example')).toBe('www.acme.example');
    expect(outcome('letterhead-website', 'javascript:alert(1)')).toBe('422 url_invalid');
    expect(outcome('letterhead-iban', 'de89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
    expect(outcome('letterhead-iban', 'DE89 3704 0044 0532 0130 01')).toBe('422 iban_invalid');
    expect(outcome('letterhead-bic', 'cobade ff xxx')).toBe('COBADEFFXXX');
    expect(outcome('letterhead-bic', 'COBADE')).toBe('422 bic_invalid');
    for (const slug of ['letterhead-email', 'letterhead-website', 'letterhead-iban', 'letterhead-bic']) expect(outcome(slug, '')).toBe('');
  });

  it('takes the company profile’s keys by their kinds: validity in whole days 1–365, a Reply-To address, terms and a tax number as texts', () => {
    expect(outcome('offer-validity-days', ' 045 ')).toBe('45');
    for (const value of ['0', '366', '1.5', '-3', 'abc', '', 'Infinity']) expect([value, outcome('offer-validity-days', value)]).toEqual([value, '422 offer_validity_days']);
    expect(outcome('mail-reply-to', 'sales at acme')).toBe('422 invalid_email');
    expect(outcome('mail-reply-to', 'sales@acme.example')).toBe('sales@acme.example');
    expect(outcome('default-payment-terms', ' 30 days net ')).toBe('30 days net');
    expect(outcome('letterhead-tax-number', ['1'])).toBe('422 setting_single_text');
  });

  it('takes texts as one text, lists as lists without empty entries, and the shop’s own keys as they come', () => {
    expect(outcome('mail-sender-name', '  Acme Blech  ')).toBe('Acme Blech');
    expect(outcome('mail-sender-name', ['a'])).toBe('422 setting_single_text');
    expect(outcome('payment-terms', [' 30 days net '])).toEqual(['30 days net']);
    expect(outcome('payment-terms', '30 days net')).toBe('422 setting_list');
    expect(outcome('price-units', ['kg', ' '])).toBe('422 setting_list_blank');
    expect(outcome('letterhead-address', ['Street 1', '12345 Town'])).toEqual(['Street 1', '12345 Town']);
    expect(outcome('own-notes', 'anything')).toBe('anything');
  });
});
