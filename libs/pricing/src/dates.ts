import { invalidData } from './errors';
import { IsoDate } from './types';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days found valid already: a request checks the same few validity dates over and over. */
const VALID_DAYS = new Set<string>();

/** Checks a `YYYY-MM-DD` calendar day; such days compare correctly as strings. */
export function isoDate(value: string | null | undefined, what: string): IsoDate {
  if (typeof value === 'string' && VALID_DAYS.has(value)) return value;
  const match = typeof value === 'string' ? ISO_DATE.exec(value) : null;
  if (match) {
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const parsed = new Date(Date.UTC(year, month - 1, day));
    if (parsed.getUTCFullYear() === year && parsed.getUTCMonth() === month - 1 && parsed.getUTCDate() === day) {
      // Bounded: days are few, but nothing should grow without end in a long-running process.
      if (VALID_DAYS.size >= 4096) VALID_DAYS.clear();
      VALID_DAYS.add(value as string);
      return value as string;
    }
  }
  throw invalidData('invalid-input', `${what} is not a YYYY-MM-DD date: ${String(value)}`);
}

/** Whether `date` lies between from and until, both days included; an empty end is open. */
export function isValidOn(date: IsoDate, validFrom: IsoDate | null | undefined, validUntil: IsoDate | null | undefined, what: string): boolean {
  if (validFrom && date < isoDate(validFrom, `${what}: valid from`)) return false;
  if (validUntil && date > isoDate(validUntil, `${what}: valid until`)) return false;
  return true;
}

