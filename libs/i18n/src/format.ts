import type { Locale } from './messages';

/**
 * How the server writes numbers, money and date-times into a text for a reader (messages,
 * explanations, mails, PDFs): one formatter per language, used everywhere.
 *
 * | | en (en-GB) | de (de-DE) |
 * |---|---|---|
 * | number | 1,234.56 · -0.5 · 1,000,000 | 1.234,56 · -0,5 · 1.000.000 |
 * | money | €1,234.56 | 1.234,56 € |
 * | date-time | 15 Dec 2026, 17:00 CET | 15.12.2026, 17:00 MEZ |
 *
 * Numbers keep every digit they are given: a decimal string ("12345678901234567.891") is grouped
 * as text, never through a double, and nothing is rounded (round first, then format).
 */
export const LANGUAGE_TAG: Record<Locale, string> = { en: 'en-GB', de: 'de-DE' };

const SEPARATORS: Record<Locale, { thousands: string; decimal: string }> = {
  en: { thousands: ',', decimal: '.' },
  de: { thousands: '.', decimal: ',' },
};

const MACHINE_NUMBER = /^(-?)(\d+)(?:\.(\d+))?$/;

/** A number kept for a text as an exact decimal in machine notation ("31.38"): `translate` writes it as the reader's language does. */
export interface DecimalParam {
  decimal: string;
}

/** `{ decimal: text }`: a placeholder value that is a number given as exact decimal text (a price, a measure), formatted by language. */
export const decimalParam = (text: string): DecimalParam => ({ decimal: text });

export function isDecimalParam(value: unknown): value is DecimalParam {
  return typeof value === 'object' && value !== null && typeof (value as DecimalParam).decimal === 'string' && Object.keys(value).length === 1;
}

/**
 * A number as the language writes it: thousands grouped, the language's decimal mark ("-1234.5" →
 * en "-1,234.5", de "-1.234,5"). A decimal string in machine notation keeps every digit; a number
 * is written by its shortest exact text (0.1 → "0.1"). Text that is not a number comes back as it is.
 */
export function formatNumber(locale: Locale, value: number | bigint | string): string {
  const { thousands, decimal } = SEPARATORS[locale] ?? SEPARATORS.en;
  let text: string;
  if (typeof value === 'string') text = value.trim();
  else if (typeof value === 'bigint') text = value.toString();
  else if (!Number.isFinite(value)) return String(value);
  else {
    text = Object.is(value, -0) ? '0' : String(value);
    // 1e21, 1e-7: the shortest text uses an exponent; Intl writes such a double in full.
    if (/e/i.test(text)) return new Intl.NumberFormat(LANGUAGE_TAG[locale], { maximumFractionDigits: 20, useGrouping: true }).format(value);
  }
  // Most numbers in texts have at most three digits before the point: nothing to group, and no
  // regular expression on the path every explained figure takes (the pricing engine formats as it prices).
  const point = text.indexOf('.');
  const negative = text.startsWith('-');
  const wholeDigits = (point === -1 ? text.length : point) - (negative ? 1 : 0);
  const first = text.charCodeAt(negative ? 1 : 0);
  if (wholeDigits >= 1 && wholeDigits <= 3 && first >= 48 && first <= 57 && (point === -1 || text.indexOf('.', point + 1) === -1)) {
    if (point === -1) return text;
    return decimal === '.' ? text : `${text.slice(0, point)}${decimal}${text.slice(point + 1)}`;
  }
  const parts = MACHINE_NUMBER.exec(text);
  if (!parts) return text;
  const [, sign, whole, fraction] = parts;
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, thousands)}${fraction === undefined ? '' : `${decimal}${fraction}`}`;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount with its currency as the language writes money ("1234.5", EUR → en "€1,234.50",
 * de "1.234,50 €"), with the currency's own places (2 for EUR, 0 for JPY), rounded half away from
 * zero. A decimal string is formatted exactly (Node's ICU reads it as a decimal, not a double).
 * A currency that is not an ISO 4217 code is written after the number ("1.234,50 XYZ1") rather than failing.
 */
export function formatMoney(locale: Locale, amount: string | number, currency: string): string {
  const code = currency.trim().toUpperCase();
  const key = `${locale}|${code}`;
  let format = moneyFormats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat(LANGUAGE_TAG[locale], { style: 'currency', currency: code, signDisplay: 'negative' });
    } catch {
      const rounded = new Intl.NumberFormat(LANGUAGE_TAG[locale], { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'negative' });
      return `${rounded.format(amount as Intl.StringNumericLiteral)} ${currency.trim()}`;
    }
    moneyFormats.set(key, format);
  }
  return format.format((typeof amount === 'string' ? amount.trim() : amount) as Intl.StringNumericLiteral);
}

/**
 * The zone each text given to `knownTimeZone` names: resolving it builds an `Intl.DateTimeFormat` (about
 * half a millisecond, most of a mail's rendering), and a process meets a handful of zones. Bounded all
 * the same: a text is remembered only while fewer than `KNOWN_ZONES_MAX` are.
 */
const knownZones = new Map<string, string>();
const KNOWN_ZONES_MAX = 1000;

/** The IANA zone `value` names ("Europe/Berlin"), canonical; UTC for anything Node does not know (a stored bad setting never fails a reader). */
export function knownTimeZone(value: unknown): string {
  if (typeof value !== 'string') return 'UTC';
  const known = knownZones.get(value);
  if (known !== undefined) return known;
  const zone = resolveTimeZone(value.trim());
  if (knownZones.size < KNOWN_ZONES_MAX) knownZones.set(value, zone);
  return zone;
}

function resolveTimeZone(text: string): string {
  if (!text) return 'UTC';
  try {
    return new Intl.DateTimeFormat('en', { timeZone: text }).resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}

const dateTimeFormats = new Map<string, { day: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();

/**
 * Makes each language's date-time formatters now: the first `Intl.DateTimeFormat` of a process starts
 * ICU's date machinery (25–70 ms here), which would otherwise fall on the first text that writes a date.
 * A process about to write such texts (the worker's mail jobs: deadlines) calls this at its start.
 */
export function prepareDateTimeFormats(): void {
  for (const locale of Object.keys(LANGUAGE_TAG) as Locale[]) formatDateTime(locale, new Date(0), 'UTC');
}

/**
 * An instant as the language writes it in `timeZone`, the zone named as the language abbreviates it:
 * en "15 Dec 2026, 17:00 CET", de "15.12.2026, 17:00 MEZ" (summer: CEST / MESZ; UTC: "UTC"; a zone
 * without a common abbreviation by its offset, "GMT-5"). The same day notation as the PDF's dates.
 * An unknown zone is taken as UTC, and the text then says "UTC".
 */
export function formatDateTime(locale: Locale, instant: Date, timeZone: string): string {
  const zone = knownTimeZone(timeZone);
  const key = `${locale}|${zone}`;
  let formats = dateTimeFormats.get(key);
  if (!formats) {
    formats = {
      day: new Intl.DateTimeFormat(LANGUAGE_TAG[locale], { dateStyle: 'medium', timeZone: zone }),
      time: new Intl.DateTimeFormat(LANGUAGE_TAG[locale], { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone, timeZoneName: 'short' }),
    };
    dateTimeFormats.set(key, formats);
  }
  return `${formats.day.format(instant)}, ${formats.time.format(instant)}`;
}
