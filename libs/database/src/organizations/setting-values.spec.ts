import { Logger } from '@nestjs/common';
import { DEFAULT_SETTINGS } from './provision-organization';
import { isBic, isCurrencyCode, isIban, isTimeZone, settingFallback, timeZoneSetting } from './setting-values';

describe('the settings’ kinds (pure rules)', () => {
  it('knows a currency by its ISO 4217 code in capitals', () => {
    for (const code of ['EUR', 'CHF', 'USD', 'PLN', 'JPY', DEFAULT_SETTINGS.currency]) expect(isCurrencyCode(code)).toBe(true);
    for (const code of ['NOTACODE', 'Infinity', 'eur', 'EURO', 'XXX', '', ' EUR', 42, null]) expect(isCurrencyCode(code)).toBe(false);
  });

  it('knows a time zone by its IANA name, and UTC', () => {
    for (const zone of ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Asia/Calcutta', 'Europe/Kyiv', 'Etc/UTC']) expect([zone, isTimeZone(zone)]).toEqual([zone, true]);
    for (const zone of ['Mars/Olympus', 'europe/berlin', 'GMT+25', 'EST', '', 'Infinity', ['UTC']]) expect([zone, isTimeZone(zone)]).toEqual([zone, false]);
  });

  it('checks an IBAN by its length and modulo 97, spaces and small letters allowed', () => {
    for (const iban of ['DE89 3704 0044 0532 0130 00', 'de89370400440532013000', 'GB82 WEST 1234 5698 7654 32', 'CH93 0076 2011 6238 5295 7', 'AT61 1904 3002 3457 3201']) {
      expect([iban, isIban(iban)]).toEqual([iban, true]);
    }
    // A digit changed, a digit missing, two swapped, a country's length, no IBAN at all.
    for (const iban of ['DE89 3704 0044 0532 0130 01', 'DE89 3704 0044 0532 0130 0', 'DE98 3704 0044 0532 0130 00', 'DE89 3704 0044 0532 0130 0000', 'Infinity', '', 42]) {
      expect([iban, isIban(iban)]).toEqual([iban, false]);
    }
  });

  it('checks a BIC: bank, country, location and an optional branch', () => {
    for (const bic of ['COBADEFFXXX', 'COBADEFF', 'deutdeff500']) expect(isBic(bic)).toBe(true);
    for (const bic of ['COBADE', 'COBADEFFXX', '1OBADEFF', '']) expect(isBic(bic)).toBe(false);
  });

  it('gives a reader the default for a stored value of the wrong kind, and says so in the log', () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      expect(settingFallback('currency', 'NOTACODE', 'EUR')).toBe('EUR');
      expect(warn).toHaveBeenCalledWith(expect.objectContaining({ setting: 'currency', stored: '"NOTACODE"', fallback: 'EUR' }), expect.stringContaining('currency'));
      expect(timeZoneSetting(' Europe/Berlin ')).toBe('Europe/Berlin');
      expect(warn).toHaveBeenCalledTimes(1);
      for (const unset of [null, undefined, '']) expect(timeZoneSetting(unset)).toBe('UTC');
      expect(warn).toHaveBeenCalledTimes(1);
      expect(timeZoneSetting('Mars/Olympus')).toBe('UTC');
      expect(timeZoneSetting(['Europe/Berlin'])).toBe('UTC');
      expect(warn).toHaveBeenCalledTimes(3);
    } finally {
      warn.mockRestore();
    }
  });
});
