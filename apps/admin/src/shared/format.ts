import { DEFAULT_LOCALE, intlLocale, toLocale } from '../i18n/locales';
import { knownTimeZone, wallClockAt, zoneName } from './dates';

/** What a missing or unreadable value shows (docs/product.md §9). */
export const EMPTY_VALUE = '--';

type DateInput = Date | string | number | null | undefined;

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  // A calendar date (a price's valid-from) is that day where the reader is; new Date() would read it as UTC midnight.
  const calendar = typeof value === 'string' ? CALENDAR_DATE.exec(value) : null;
  if (calendar) return new Date(Number(calendar[1]), Number(calendar[2]) - 1, Number(calendar[3]));
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const two = (value: number) => String(value).padStart(2, '0');

/**
 * How each language writes a short date: day, month and two-digit year either way (docs/product.md §9),
 * 05/01/26 in English and 05.01.26 in German. Written out rather than left to Intl, whose en-US puts the
 * month first.
 */
const DATE_SEPARATOR = { en: '/', de: '.' } as const;

/** Day, month, year and time of `date`: on the wall clock of `timeZone` when given, else the browser's. */
function partsOf(date: Date, timeZone: string | undefined) {
  if (timeZone) return wallClockAt(date, knownTimeZone(timeZone));
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate(), hour: date.getHours(), minute: date.getMinutes() };
}

/**
 * Day/month/two-digit year in the reader's language: 05/01/26, 05.01.26. An instant is read on the
 * organization's wall clock when `timeZone` is given (the day does not depend on the browser's
 * zone); a calendar date (YYYY-MM-DD) is that day wherever it is read.
 */
export function formatDate(value: DateInput, locale: string = DEFAULT_LOCALE, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return EMPTY_VALUE;
  const calendar = typeof value === 'string' && CALENDAR_DATE.test(value);
  const parts = partsOf(date, calendar ? undefined : timeZone);
  const separator = DATE_SEPARATOR[toLocale(locale) ?? DEFAULT_LOCALE];
  return [two(parts.day), two(parts.month), two(parts.year % 100)].join(separator);
}

/**
 * formatDate plus 24-hour time: 05/01/26 09:07, 05.01.26 09:07. With `timeZone`, on that zone's wall
 * clock and the zone named: 05.01.26 09:07 MEZ, 05/01/26 09:07 CET.
 */
export function formatDateTime(value: DateInput, locale: string = DEFAULT_LOCALE, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return EMPTY_VALUE;
  const parts = partsOf(date, timeZone);
  const shown = `${formatDate(date, locale, timeZone)} ${two(parts.hour)}:${two(parts.minute)}`;
  return timeZone ? `${shown} ${zoneName(date, knownTimeZone(timeZone), locale)}` : shown;
}

/** The local calendar date `days` ahead as YYYY-MM-DD; 30 days is the default deadline (docs/product.md §9). */
export function isoDateInDays(days = 30, from: Date = new Date()): string {
  const date = new Date(from.getFullYear(), from.getMonth(), from.getDate() + days);
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

/** A number a field or record holds, or null for an empty value or something that is not one. */
export function numberOrNull(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : null;
}

/**
 * An amount in the shop's currency, grouped and rounded the way the reader's language writes it.
 * Unit prices (€ per kg, per press nut) keep up to `maxFractionDigits` decimals beyond the cents.
 */
export function formatMoney(value: unknown, locale: string, currency = 'EUR', maxFractionDigits?: number): string {
  const amount = numberOrNull(value);
  if (amount === null) return EMPTY_VALUE;
  const digits = maxFractionDigits === undefined ? {} : { minimumFractionDigits: Math.min(2, maxFractionDigits), maximumFractionDigits: maxFractionDigits };
  return new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency, ...digits }).format(amount);
}

/** A count or measured quantity, with up to `fractionDigits` decimals and an optional unit (pcs, kg, mm). */
export function formatQuantity(value: unknown, locale: string, unit?: string, fractionDigits = 3): string {
  const quantity = numberOrNull(value);
  if (quantity === null) return EMPTY_VALUE;
  const text = new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: fractionDigits }).format(quantity);
  return unit ? `${text} ${unit}` : text;
}
