import { Logger } from '@nestjs/common';

/**
 * The pure rules of the settings' kinds that readers outside the API need too (the organization's currency
 * is read by calculations, orders and procurement's mails). The API's settings area checks every write by
 * these (`apps/api/src/settings/setting-kinds.ts`); a reader still never trusts a stored value blindly, as
 * one may have been stored before it was checked.
 */

/** ISO 4217 codes in use, as the runtime's ICU knows them (`Intl.supportedValuesOf('currency')`: 160 or so). */
const CURRENCIES = new Set<string>(Intl.supportedValuesOf('currency'));

/** IANA time zones the runtime knows by their canonical name, and `UTC`. */
const TIME_ZONES = new Set<string>([...Intl.supportedValuesOf('timeZone'), 'UTC']);

/** How an IANA zone is written: an area and a location, each capitalized (`America/Argentina/Buenos_Aires`, `Etc/UTC`). */
const IANA_NAME = /^[A-Z][A-Za-z]*(\/[A-Z][A-Za-z0-9_+-]*)+$/;

/** The canonical zone ICU resolves a name to, or null for none. */
function resolvedZone(zone: string): string | null {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** An ISO 4217 currency code in use, in capitals: `EUR`, `CHF`; not `NOTACODE`, `Infinity`, `eur`. */
export function isCurrencyCode(text: unknown): text is string {
  return typeof text === 'string' && CURRENCIES.has(text);
}

/**
 * An IANA time zone by its name (`Europe/Berlin`) or `UTC`: one of `Intl.supportedValuesOf('timeZone')`, or
 * a current IANA name ICU still lists under an older one (`Asia/Kolkata` for `Asia/Calcutta`, `Europe/Kyiv`).
 */
export function isTimeZone(text: unknown): text is string {
  if (typeof text !== 'string') return false;
  if (TIME_ZONES.has(text)) return true;
  const resolved = IANA_NAME.test(text) ? resolvedZone(text) : null;
  return resolved !== null && TIME_ZONES.has(resolved);
}

/** Length of an IBAN by its country (ISO 13616 registry, the SEPA countries and their neighbours); others: 15–34. */
const IBAN_LENGTHS: Record<string, number> = {
  AD: 24, AT: 20, BE: 16, BG: 22, CH: 21, CY: 28, CZ: 24, DE: 22, DK: 18, EE: 20, ES: 24, FI: 18, FR: 27, GB: 22, GI: 23, GR: 27,
  HR: 21, HU: 28, IE: 22, IS: 26, IT: 27, LI: 21, LT: 20, LU: 20, LV: 21, MC: 27, MT: 31, NL: 18, NO: 15, PL: 28, PT: 25, RO: 24,
  SE: 24, SI: 19, SK: 24, SM: 27, VA: 22, TR: 26, UA: 29, RS: 22, BA: 20, ME: 22, MK: 19, AL: 28,
};

/** The IBAN without spaces, in capitals (how it is compared and checked). */
export const compactIban = (text: string) => text.replace(/\s+/g, '').toUpperCase();

/**
 * An IBAN (ISO 13616): country, two check digits, the account, its length as the country has it, and the
 * check by modulo 97 (the country and check digits moved to the end, letters as 10–35, remainder 1).
 * Spaces and small letters are allowed (`de89 3704 0044 0532 0130 00`).
 */
export function isIban(text: unknown): boolean {
  if (typeof text !== 'string') return false;
  const iban = compactIban(text);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const length = IBAN_LENGTHS[iban.slice(0, 2)];
  if (length !== undefined && iban.length !== length) return false;
  let remainder = 0;
  for (const character of iban.slice(4) + iban.slice(0, 4)) {
    const value = character >= 'A' ? character.charCodeAt(0) - 55 : Number(character);
    remainder = (remainder * (value >= 10 ? 100 : 10) + value) % 97;
  }
  return remainder === 1;
}

/** A BIC (ISO 9362): bank (4 letters), country (2 letters), location (2), branch (3, optional). */
export function isBic(text: unknown): boolean {
  return typeof text === 'string' && /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(text.replace(/\s+/g, '').toUpperCase());
}

const logger = new Logger('Settings');

/**
 * What a reader does with a stored value its setting's kind refuses (stored before the check, or written
 * around the API): it takes the default and says so in the log, as a warning naming the setting.
 */
export function settingFallback<T>(slug: string, stored: unknown, fallback: T): T {
  logger.warn({ setting: slug, stored: JSON.stringify(stored)?.slice(0, 100), fallback }, `The setting ${slug} holds a value of the wrong kind; using ${JSON.stringify(fallback)}`);
  return fallback;
}

/** The setting of the organization's time zone (IANA), which its documents, dashboard and console count days in. */
export const TIME_ZONE = 'time-zone';

/**
 * The time zone a stored `time-zone` setting names, for its readers: not set is UTC; a value that is no
 * IANA zone (stored before it was checked) is UTC too, with a warning in the log.
 */
export function timeZoneSetting(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'UTC';
  const zone = typeof value === 'string' ? value.trim() : value;
  return isTimeZone(zone) ? zone : settingFallback(TIME_ZONE, value, 'UTC');
}
