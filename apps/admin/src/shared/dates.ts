import { DEFAULT_LOCALE, Locale, toLocale } from '../i18n/locales';

/**
 * Dates as people type and read them, in the chosen language and the organization's time zone — never
 * the browser's locale or zone. Pure: the date inputs (`DateInputs.tsx`), `format.ts`
 * and the supplier's page use it.
 *
 * - A calendar date (a price's valid-from, a shipping date) is `YYYY-MM-DD`, the same day everywhere.
 * - An instant (a deadline, a creation time) is shown and typed as the wall clock of the organization's
 *   time zone (the setting `time-zone`, UTC without one), with the zone named when shown.
 */

/** Day, month and year in the language's order and separator: 26.11.2026 / 26.11.26, 26/11/2026 / 26/11/26. */
const SEPARATOR: Record<Locale, string> = { en: '/', de: '.' };
/** What a date field says it expects, in the language's words. */
export const DATE_PATTERN: Record<Locale, string> = { en: 'DD/MM/YYYY', de: 'TT.MM.JJJJ' };
export const DATE_TIME_PATTERN: Record<Locale, string> = { en: 'DD/MM/YYYY HH:MM', de: 'TT.MM.JJJJ HH:MM' };

export const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const two = (value: number) => String(value).padStart(2, '0');
const localeOf = (locale: string): Locale => toLocale(locale) ?? DEFAULT_LOCALE;

/** A wall-clock reading: what a clock on the wall of the zone shows. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

function realDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1 || year < 1000 || year > 9999) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const isoOf = (year: number, month: number, day: number) => `${year}-${two(month)}-${two(day)}`;

/** Day and month of one or two digits, a year of two (20xx) or four, the language's separator; or ISO. */
function readDay(text: string, locale: Locale): { year: number; month: number; day: number } | null {
  const iso = ISO_DATE.exec(text);
  if (iso) {
    const [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    return realDay(year, month, day) ? { year, month, day } : null;
  }
  const separator = SEPARATOR[locale] === '.' ? '\\.' : '/';
  const match = new RegExp(`^(\\d{1,2})${separator}(\\d{1,2})${separator}(\\d{2}|\\d{4})$`).exec(text);
  if (!match) return null;
  const day = Number(match[1]);
  const month = Number(match[2]);
  const year = match[3].length === 2 ? 2000 + Number(match[3]) : Number(match[3]);
  return realDay(year, month, day) ? { year, month, day } : null;
}

/**
 * A typed date → `YYYY-MM-DD`: "26.11.2026", "26.11.26", "1.2.27" in German, "26/11/2026", "26/11/26" in
 * English, ISO in either; `''` for nothing typed; `null` for anything else (another language's notation,
 * a day that does not exist), which the input refuses naming the expected notation.
 */
export function parseDateText(text: string, locale: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return '';
  const day = readDay(trimmed, localeOf(locale));
  return day ? isoOf(day.year, day.month, day.day) : null;
}

/** `YYYY-MM-DD` → "26.11.2026" / "26/11/2026" (a date field shows the year in full); anything else as it is. */
export function formatDateText(value: unknown, locale: string): string {
  if (typeof value !== 'string') return '';
  const iso = ISO_DATE.exec(value);
  if (!iso) return value;
  return [iso[3], iso[2], iso[1]].join(SEPARATOR[localeOf(locale)]);
}

const wallFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of `timeZone` at `instant`. */
export function wallClockAt(instant: Date, timeZone: string): WallClock {
  let format = wallFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' });
    wallFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour) % 24, minute: Number(parts.minute) };
}

const utcOf = (wall: WallClock) => Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);

/**
 * The instant a wall clock of `timeZone` shows: its offset found at the guess and checked once more
 * (a clock change between). A time skipped by a change to summer time is read after it, as a clock would.
 */
export function instantOfWallClock(wall: WallClock, timeZone: string): Date {
  const target = utcOf(wall);
  let instant = target - (utcOf(wallClockAt(new Date(target), timeZone)) - target);
  const offset = utcOf(wallClockAt(new Date(instant), timeZone)) - instant;
  instant = target - offset;
  return new Date(instant);
}

/** A zone the browser knows, else UTC: a setting with a typo must not stop the console from showing dates. */
export function knownTimeZone(zone: string | null | undefined): string {
  if (!zone) return 'UTC';
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}

/** The zone as its language names it at that instant: MEZ / MESZ in German, CET / CEST in English, else GMT+n; UTC. */
export function zoneName(instant: Date, timeZone: string, locale: string): string {
  const tag = localeOf(locale) === 'de' ? 'de-DE' : 'en-GB';
  const part = new Intl.DateTimeFormat(tag, { timeZone, timeZoneName: 'short' }).formatToParts(instant).find((each) => each.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

/**
 * A typed date and time in the organization's zone → the ISO instant: "26.11.2026 18:00" (German),
 * "26/11/2026 18:00" (English), the year of two or four digits; `''` for nothing; `null` otherwise.
 */
export function parseDateTimeText(text: string, locale: string, timeZone: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return '';
  const match = /^(\S+)(?:\s+|T)(\d{1,2})[:.](\d{2})$/.exec(trimmed);
  if (!match) return null;
  const day = readDay(match[1], localeOf(locale));
  const hour = Number(match[2]);
  const minute = Number(match[3]);
  if (!day || hour > 23 || minute > 59) return null;
  return instantOfWallClock({ ...day, hour, minute }, knownTimeZone(timeZone)).toISOString();
}

/** An ISO instant → "26.11.2026 18:00" on the organization's wall clock (what a date-time field shows); else as it is. */
export function formatDateTimeText(value: unknown, locale: string, timeZone: string): string {
  if (value === null || value === undefined || value === '') return '';
  const date = new Date(String(value));
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(date.getTime())) return String(value);
  const wall = wallClockAt(date, knownTimeZone(timeZone));
  return `${[two(wall.day), two(wall.month), wall.year].join(SEPARATOR[localeOf(locale)])} ${two(wall.hour)}:${two(wall.minute)}`;
}

/** Today's calendar date in the organization's zone, `days` ahead: the default of a date field. */
export function isoDateInZone(timeZone: string, days = 0, now: Date = new Date()): string {
  const wall = wallClockAt(now, knownTimeZone(timeZone));
  const date = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + days));
  return isoOf(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}
