import { invalidData } from './errors';
import { DecimalInput } from './types';

/** Places kept where a result has more: a quotient, or a product of two long quotients. */
export const PLACES = 30;

const POWERS_OF_TEN: bigint[] = [];
function tenTo(exponent: number): bigint {
  return (POWERS_OF_TEN[exponent] ??= 10n ** BigInt(exponent));
}

/** `dividend ÷ divisor` rounded half-up (away from zero); the divisor is above zero. */
function roundedQuotient(dividend: bigint, divisor: bigint): bigint {
  const quotient = dividend / divisor;
  const remainder = dividend % divisor;
  if (remainder === 0n) return quotient;
  if (remainder > 0n) return remainder * 2n >= divisor ? quotient + 1n : quotient;
  return -remainder * 2n >= divisor ? quotient - 1n : quotient;
}

/**
 * `12`, `-0.5`, `1.2500`, `.5` without the regular expression: nearly every input is such a plain
 * numeric column, and a request parses thousands. Null for anything else (exponents, junk), which
 * `Decimal.from` then reads, or refuses, the general way.
 */
function plainDecimal(text: string): Decimal | null {
  const length = text.length;
  let start = 0;
  const first = length > 0 ? text.charCodeAt(0) : 0;
  if (first === 45 /* '-' */ || first === 43 /* '+' */) start = 1;
  let dot = -1;
  let digits = 0;
  for (let i = start; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57) digits++;
    else if (code === 46 /* '.' */ && dot < 0) dot = i;
    else return null;
  }
  if (digits === 0) return null;
  if (dot < 0) return new Decimal(BigInt(start === 0 ? text : text.slice(1)) * (first === 45 ? -1n : 1n), 0);
  const whole = text.slice(start, dot);
  const fraction = text.slice(dot + 1);
  const units = BigInt(whole + fraction);
  return new Decimal(first === 45 ? -units : units, fraction.length);
}

const NUMBER = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/**
 * An exact decimal: `units × 10^-scale`, on BigInt. Sums and products are exact; a quotient,
 * and a product that would have more, keeps 30 places, rounded half-up (away from zero). No
 * binary floating point ever holds a value, and money needs far fewer places than 30: a setup
 * of 100 € over 3 pieces is 33.333333333333333333333333333333 € a piece, and three of them add
 * up to 99.999999999999999999999999999999 €, which is 100.00 € to the cent.
 *
 * The engine's own type rather than a library's: pricing a large assembly does tens of
 * thousands of operations, and BigInt arithmetic on the few digits prices have costs a
 * fraction of a general arbitrary-precision library's.
 */
export class Decimal {
  constructor(
    /** The value times 10^scale, a whole number. */
    readonly units: bigint,
    /** Decimal places, 0 or more. */
    readonly scale: number,
  ) {}

  /** Parses `12`, `-0.5`, `1.2500`, `.5`, `1e-7`; throws on anything else, such as `NaN` or `Infinity`. */
  static from(value: string | number): Decimal {
    if (typeof value === 'number' && Number.isSafeInteger(value)) return new Decimal(BigInt(value), 0);
    const plain = plainDecimal(typeof value === 'number' ? String(value) : value);
    if (plain !== null) return plain;
    const match = NUMBER.exec(typeof value === 'number' ? String(value) : value);
    if (match === null || (match[2] === '' && (match[3] ?? '') === '')) throw new SyntaxError(`Not a decimal number: ${String(value)}`);
    const [, sign, whole, fraction = '', exponent = '0'] = match;
    const scale = fraction.length - Number(exponent);
    const digits = BigInt(`${sign === '-' ? '-' : ''}${whole}${fraction}` || '0');
    return scale >= 0 ? new Decimal(digits, scale) : new Decimal(digits * tenTo(-scale), 0);
  }

  static max(a: Decimal, b: Decimal): Decimal {
    return a.lt(b) ? b : a;
  }

  plus(other: Decimal | number): Decimal {
    const b = typeof other === 'number' ? Decimal.from(other) : other;
    if (this.scale === b.scale) return new Decimal(this.units + b.units, this.scale);
    return this.scale > b.scale
      ? new Decimal(this.units + b.units * tenTo(this.scale - b.scale), this.scale)
      : new Decimal(this.units * tenTo(b.scale - this.scale) + b.units, b.scale);
  }

  times(other: Decimal | number): Decimal {
    const b = typeof other === 'number' ? Decimal.from(other) : other;
    const scale = this.scale + b.scale;
    const units = this.units * b.units;
    return scale <= PLACES ? new Decimal(units, scale) : new Decimal(roundedQuotient(units, tenTo(scale - PLACES)), PLACES);
  }

  /** The quotient to 30 places (or this value's own, if more). */
  div(other: Decimal | number): Decimal {
    return this.divToPlaces(other, Math.max(PLACES, this.scale));
  }

  /** The quotient rounded once, half-up (away from zero), to `places`: no quotient is cut to 30 places first. */
  divToPlaces(other: Decimal | number, places: number): Decimal {
    const b = typeof other === 'number' ? Decimal.from(other) : other;
    if (b.units === 0n) throw new RangeError('Division by zero');
    // this ÷ b = (units × 10^(places + b.scale − this.scale) ÷ b.units) × 10^−places
    const shift = places + b.scale - this.scale;
    const dividend = shift >= 0 ? this.units * tenTo(shift) : this.units;
    const divisor = shift >= 0 ? b.units : b.units * tenTo(-shift);
    return divisor > 0n ? new Decimal(roundedQuotient(dividend, divisor), places) : new Decimal(roundedQuotient(-dividend, -divisor), places);
  }

  /** The whole part of the quotient, cut towards zero. */
  divToInt(other: Decimal): Decimal {
    const [a, b] = aligned(this, other);
    return new Decimal(a / b, 0);
  }

  /** Rounded half-up (away from zero) to `places`. */
  toDecimalPlaces(places: number): Decimal {
    return this.scale <= places ? this : new Decimal(roundedQuotient(this.units, tenTo(this.scale - places)), places);
  }

  comparedTo(other: Decimal | number): number {
    const b = typeof other === 'number' ? Decimal.from(other) : other;
    let x = this.units;
    let y = b.units;
    // Signs first: most comparisons are decided without scaling either side.
    if (x < 0n !== y < 0n || x === 0n || y === 0n) return x < y ? -1 : x > y ? 1 : 0;
    if (this.scale > b.scale) y *= tenTo(this.scale - b.scale);
    else if (this.scale < b.scale) x *= tenTo(b.scale - this.scale);
    return x < y ? -1 : x > y ? 1 : 0;
  }

  eq(other: Decimal | number): boolean {
    return this.comparedTo(other) === 0;
  }

  lt(other: Decimal | number): boolean {
    return this.comparedTo(other) < 0;
  }

  lte(other: Decimal | number): boolean {
    return this.comparedTo(other) <= 0;
  }

  gte(other: Decimal | number): boolean {
    return this.comparedTo(other) >= 0;
  }

  isZero(): boolean {
    return this.units === 0n;
  }

  isInteger(): boolean {
    return this.scale === 0 || this.units % tenTo(this.scale) === 0n;
  }

  toNumber(): number {
    return Number(this.toFixed());
  }

  /** Plain notation, every digit, no trailing zeros after the point: `3.5`, `-0.0125`, `120`. */
  toFixed(): string {
    if (this.scale === 0) return this.units.toString();
    const negative = this.units < 0n;
    const digits = (negative ? -this.units : this.units).toString().padStart(this.scale + 1, '0');
    const point = digits.length - this.scale;
    let end = digits.length;
    while (end > point && digits.charCodeAt(end - 1) === 48 /* '0' */) end--;
    const text = end === point ? digits.slice(0, point) : `${digits.slice(0, point)}.${digits.slice(point, end)}`;
    return negative ? `-${text}` : text;
  }

  toString(): string {
    return this.toFixed();
  }
}

/** Both values' units at the same scale. */
function aligned(a: Decimal, b: Decimal): [bigint, bigint] {
  if (a.scale === b.scale) return [a.units, b.units];
  return a.scale > b.scale ? [a.units, b.units * tenTo(a.scale - b.scale)] : [a.units * tenTo(b.scale - a.scale), b.units];
}

export const ZERO = Decimal.from(0);
export const ONE = Decimal.from(1);
export const SIXTY = Decimal.from(60);
/** mm² per m², and mm³ per dm³ × g per kg: (mm³ × g/cm³) ÷ 1,000,000 = kg. */
export const MILLION = Decimal.from(1_000_000);
/** π to 40 places; a product with it keeps 30. */
export const PI = Decimal.from('3.1415926535897932384626433832795028841972');

/** `factor × value`, without the arithmetic for a factor of exactly one: most part lines are one piece. */
export function multiply(factor: Decimal, value: Decimal): Decimal {
  return factor.units === 1n && factor.scale === 0 ? value : factor.times(value);
}

/** A required decimal; `what` names it in the error. */
export function toDecimal(value: DecimalInput | null | undefined, what: string): Decimal {
  const parsed = optionalDecimal(value, what);
  if (parsed === null) throw invalidData('invalid-input', `${what} is empty`);
  return parsed;
}

/** An optional decimal: null, undefined and '' are empty. */
export function optionalDecimal(value: DecimalInput | null | undefined, what: string): Decimal | null {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
  if (typeof value === 'number' && !Number.isFinite(value)) throw invalidData('invalid-input', `${what} is not a finite number: ${String(value)}`);
  try {
    return Decimal.from(typeof value === 'string' ? value.trim() : value);
  } catch {
    throw invalidData('invalid-input', `${what} is not a number: ${String(value)}`);
  }
}

/**
 * Places a result is exact to: a quotient keeps 30, and the few dozen operations after it leave
 * their error far below the 20th place. Rounding for display or to the cent first rounds to these
 * 20 places, so the dust of a repeating quotient does not decide a half cent: 391.49 € a sheet
 * ÷ 14 blanks = 27.963571428571… € a piece, × 21 pieces is exactly 587.235 €, which is 587.24 €,
 * though the 30-place quotient × 21 gives 587.234999…991. A price no further than 10^-20 from
 * a half cent without being on it would need a divisor above 10^18, which prices never have.
 */
export const SETTLED_PLACES = 20;

/** Cents, half-up: the product's prices. */
export function toCents(value: Decimal): Decimal {
  return value.toDecimalPlaces(SETTLED_PLACES).toDecimalPlaces(2);
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
  return roundDecimalText(settled(exact), 2, 2);
}

/** Intermediate money: two to four decimals, so a 0.0123 € screw still shows. */
export function formatAmount(value: Decimal, exact = value.toFixed()): string {
  return roundDecimalText(settled(exact), 4, 2);
}

/** Measures and counts: at most four decimals, no trailing zeros. */
export function formatMeasure(value: Decimal, exact = value.toFixed()): string {
  return roundDecimalText(settled(exact), 4, 0);
}

/** A measure as an explanation's language writes it (formatMeasure, then its number notation). */
export function shownMeasure(value: Decimal, words: { number(text: string): string }): string {
  return words.number(formatMeasure(value));
}

/** `exact` to the places it is exact to (see SETTLED_PLACES). */
function settled(exact: string): string {
  // Plain notation has no trailing zeros, so a text with no more places than these is settled already.
  const dot = exact.indexOf('.');
  if (dot < 0 || exact.length - dot - 1 <= SETTLED_PLACES) return exact;
  return roundDecimalText(exact, SETTLED_PLACES, 0);
}

