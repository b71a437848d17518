import { invalidData } from './errors';
import { IsoDate } from './types';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Checks a `YYYY-MM-DD` calendar day; such days compare correctly as strings. */
export function isoDate(value: string | null | undefined, what: string): IsoDate {
  const match = typeof value === 'string' ? ISO_DATE.exec(value) : null;
  if (match) {
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const parsed = new Date(Date.UTC(year, month - 1, day));
    if (parsed.getUTCFullYear() === year && parsed.getUTCMonth() === month - 1 && parsed.getUTCDate() === day) return value as string;
  }
  throw invalidData('invalid-input', `${what} is not a YYYY-MM-DD date: ${String(value)}`);
}

/** Whether `date` lies between from and until, both days included; an empty end is open. */
export function isValidOn(date: IsoDate, validFrom: IsoDate | null | undefined, validUntil: IsoDate | null | undefined, what: string): boolean {
  if (validFrom && date < isoDate(validFrom, `${what}: valid from`)) return false;
  if (validUntil && date > isoDate(validUntil, `${what}: valid until`)) return false;
  return true;
}

