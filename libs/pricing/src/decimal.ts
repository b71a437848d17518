import Decimal from 'decimal.js';
import { PricingError } from './errors';
import { DecimalInput } from './types';

/**
 * The engine's own Decimal constructor, so another module changing the global configuration
 * cannot change a price: 40 significant digits, far more than any order's cents need, so
 * repeated division (a setup spread over 3 pieces) never shows in a price; half-up rounding;
 * never exponent notation in the figures.
 */
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -50, toExpPos: 50 });

export const ZERO = new Dec(0);
export const ONE = new Dec(1);
export const SIXTY = new Dec(60);
/** mm² per m², and mm³ per dm³ × g per kg: (mm³ × g/cm³) ÷ 1,000,000 = kg. */
export const MILLION = new Dec(1_000_000);
export const PI = Dec.acos(-1);

/**
 * The start of a sum: `ZERO.plus(value)` without the arithmetic where it would change nothing,
 * i.e. for a nonzero value that already fits the precision (every computed one does). A sum
 * of one line, the most common kind, then costs no Decimal operation at all.
 */
export function sumStart(value: Decimal): Decimal {
  return value.isZero() || !fitsPrecision(value) ? ZERO.plus(value) : value;
}

/**
 * `factor.times(value)`, without the arithmetic where it would change nothing: a factor of
 * exactly one and a nonzero value that already fits the precision. Most part lines are one piece.
 */
export function multiply(factor: Decimal, value: Decimal): Decimal {
  return factor.eq(ONE) && !value.isZero() && fitsPrecision(value) ? value : factor.times(value);
}

/** Whether arithmetic, which rounds to the precision, would keep every digit of `value`. */
function fitsPrecision(value: Decimal): boolean {
  return value.sd() <= Dec.precision;
}

/** A required decimal; `what` names it in the error. */
export function toDecimal(value: DecimalInput | null | undefined, what: string): Decimal {
  const parsed = optionalDecimal(value, what);
  if (parsed === null) throw new PricingError('invalid-input', `${what} is empty`);
  return parsed;
}

/** An optional decimal: null, undefined and '' are empty. */
export function optionalDecimal(value: DecimalInput | null | undefined, what: string): Decimal | null {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
  let parsed: Decimal;
  try {
    parsed = new Dec(typeof value === 'string' ? value.trim() : value);
  } catch {
    throw new PricingError('invalid-input', `${what} is not a number: ${String(value)}`);
  }
  if (!parsed.isFinite()) throw new PricingError('invalid-input', `${what} is not a finite number: ${String(value)}`);
  return parsed;
}

/** Cents, half-up: the product's prices. */
export function toCents(value: Decimal): Decimal {
  return value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/**
 * `exact`, a plain decimal string, rounded half-up (away from zero) to `places` decimals and
 * cut to at least `min`. Works on the digits, as rounding a Decimal and printing it again costs
 * ten times as much and the engine prints thousands of figures per product.
 */
export function roundDecimalText(exact: string, places: number, min: number): string {
  const negative = exact.startsWith('-');
  const digits = negative ? exact.slice(1) : exact;
  const dot = digits.indexOf('.');
  const decimals = dot < 0 ? 0 : digits.length - dot - 1;
  let text: string;
  if (decimals <= places) {
    text = digits;
  } else {
    const cut = dot + 1 + places;
    text = digits.slice(0, places === 0 ? dot : cut);
    if (digits.charCodeAt(cut) >= 53 /* '5' */) text = incrementLastDigit(text);
  }
  text = padOrTrim(text, min);
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}

/**
 * "1.299" → "1.300", "9.99" → "10.00". Walks back over the trailing nines on the string itself
 * rather than splitting it into an array: this runs for about every other figure printed.
 */
function incrementLastDigit(text: string): string {
  let carried = '';
  for (let i = text.length - 1; i >= 0; i--) {
    const code = text.charCodeAt(i);
    if (code === 46 /* '.' */) {
      carried = `.${carried}`;
    } else if (code !== 57 /* '9' */) {
      return text.slice(0, i) + String.fromCharCode(code + 1) + carried;
    } else {
      carried = `0${carried}`;
    }
  }
  return `1${carried}`;
}

/** Trailing zeros cut down to `min` decimals, or added up to it. */
function padOrTrim(text: string, min: number): string {
  const dot = text.indexOf('.');
  if (dot < 0) return min === 0 ? text : `${text}.${'0'.repeat(min)}`;
  let end = text.length;
  while (end - dot - 1 > min && text.charCodeAt(end - 1) === 48 /* '0' */) end--;
  const places = end - dot - 1;
  if (places === 0) return text.slice(0, dot);
  return places < min ? text.slice(0, end) + '0'.repeat(min - places) : text.slice(0, end);
}

/** Product prices: exactly two decimals. */
export function formatCents(value: Decimal, exact = value.toFixed()): string {
  return roundDecimalText(exact, 2, 2);
}

/** Intermediate money: two to four decimals, so a 0.0123 € screw still shows. */
export function formatAmount(value: Decimal, exact = value.toFixed()): string {
  return roundDecimalText(exact, 4, 2);
}

/** Measures and counts: at most four decimals, no trailing zeros. */
export function formatMeasure(value: Decimal, exact = value.toFixed()): string {
  return roundDecimalText(exact, 4, 0);
}

export { Decimal };
