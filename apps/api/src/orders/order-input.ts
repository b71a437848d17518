import { decimalParam, MessageKey } from '@fabquote/i18n';
import { Decimal } from '@fabquote/pricing';
import { FieldInvalid } from '../common/app-exception';

/** numeric(14, 4): ten digits before the point, four after. */
const AMOUNT_MAX = Decimal.from('9999999999.9999');
const DECIMAL = /^\d+(\.\d+)?$/;

/**
 * A number as JSON or form text ("12.50", 12.5) as an exact decimal text with at most `places`
 * decimals within [0, max]; anything else (no number, too many decimals, out of range, 1e400, an
 * object) is a 422 on `field` with `key`. Floats are read as JavaScript prints them (12.5 → "12.5").
 */
function exactNumber(value: unknown, field: string, key: MessageKey, places: number, max: Decimal, aboveZero = false): string {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!DECIMAL.test(text)) throw new FieldInvalid(field, key);
  const decimals = text.includes('.') ? text.length - text.indexOf('.') - 1 : 0;
  const number = Decimal.from(text);
  if (decimals > places && !number.eq(number.toDecimalPlaces(places))) throw new FieldInvalid(field, key);
  if (number.comparedTo(max) > 0) throw new FieldInvalid(field, 'number_too_large', { max: decimalParam(max.toFixed()) });
  if (aboveZero && number.isZero()) throw new FieldInvalid(field, key);
  return number.toDecimalPlaces(places).toFixed();
}

/** Pieces of a product: above 0, at most four decimals (what the column keeps). */
export const orderQuantity = (value: unknown, field: string) => exactNumber(value, field, 'order_quantity_invalid', 4, AMOUNT_MAX, true);

/** A price per piece: 0 or more, at most four decimals. */
export const unitPriceOf = (value: unknown, field: string) => exactNumber(value, field, 'unit_price_invalid', 4, AMOUNT_MAX);

/** A discount, commission or VAT rate: 0 to 100 percent, at most two decimals. */
export function percentOf(value: unknown, field: string): string {
  const text = exactNumber(value, field, 'percent_invalid', 2, Decimal.from(1_000_000));
  if (Decimal.from(text).comparedTo(100) > 0) throw new FieldInvalid(field, 'percent_invalid');
  return text;
}

/** A calendar date `YYYY-MM-DD` that exists (no 30 February), years 1000–2999; else 422 `invalid_date`. */
export function calendarDate(value: unknown, field: string): string {
  const text = typeof value === 'string' ? value.trim() : '';
  const match = /^([12]\d{3})-(\d{2})-(\d{2})$/.exec(text);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!date || date.toISOString().slice(0, 10) !== text) throw new FieldInvalid(field, 'invalid_date');
  return text;
}

/** `days` after `from`, as an ISO date (UTC): the default "valid until" is 30 days ahead. */
export function daysAhead(days: number, from = new Date()): string {
  return new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Two amounts are the same price (12.5 = 12.5000). */
export const samePrice = (a: string, b: string | null) => b !== null && Decimal.from(a).eq(Decimal.from(b));

/** A price as a message shows it: every decimal it has, at least two ("12.50", "0.0125"). */
export function shownPrice(price: string): string {
  const [whole, fraction = ''] = Decimal.from(price).toFixed().split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}
