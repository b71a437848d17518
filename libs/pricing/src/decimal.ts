import { invalidData } from './errors';
import { DecimalInput } from './types';

/** Places kept where a result has more: a quotient, or a product of two long quotients. */
export const PLACES = 30;

const POWERS_OF_TEN: bigint[] = [];
function tenTo(exponent: number): bigint {
  return (POWERS_OF_TEN[exponent] ??= 10n ** BigInt(exponent));
}

const HALF_POWERS_OF_TEN: bigint[] = [];

/** `units ÷ 10^exponent` rounded half-up (away from zero): the remainder is set against half the power, with no doubling. */
function roundedShift(units: bigint, exponent: number): bigint {
  const quotient = units / tenTo(exponent);
  const remainder = units % tenTo(exponent);
  if (remainder === 0n) return quotient;
  const half = (HALF_POWERS_OF_TEN[exponent] ??= tenTo(exponent) / 2n);
  if (remainder > 0n) return remainder >= half ? quotient + 1n : quotient;
  return -remainder >= half ? quotient - 1n : quotient;
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
 * `Decimal.from` then reads, or refuses, the general way. Up to 15 digits are read into a Number,
 * which holds them exactly.
 */
function plainDecimal(text: string): Decimal | null {
  const length = text.length;
  let start = 0;
  const first = length > 0 ? text.charCodeAt(0) : 0;
  if (first === 45 /* '-' */ || first === 43 /* '+' */) start = 1;
  let dot = -1;
  let digits = 0;
  let value = 0;
  for (let i = start; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57) {
      digits++;
      value = value * 10 + (code - 48);
    } else if (code === 46 /* '.' */ && dot < 0) dot = i;
    else return null;
  }
  if (digits === 0) return null;
  const scale = dot < 0 ? 0 : length - dot - 1;
  if (digits <= 15) return new Decimal(first === 45 && value !== 0 ? -value : value, scale);
  const units = BigInt(dot < 0 ? text.slice(start) : text.slice(start, dot) + text.slice(dot + 1));
  return new Decimal(first === 45 ? -units : units, scale);
}

const NUMBER = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/** The largest whole number a Number holds exactly, and every one below it. */
const SAFE = Number.MAX_SAFE_INTEGER;

/** 10^0 … 10^22 as Numbers, each exact. */
const NUMBER_POWERS_OF_TEN = Array.from({ length: 23 }, (_, exponent) => Number(`1e${exponent}`));

/**
 * A whole number `a`, scaled by 10^shift, as a Number: null when that is not exact. Exact
 * integers multiply to their exact product whenever it is at most SAFE, and to something above
 * SAFE otherwise, so the one comparison tells.
 */
function scaledSmall(a: number, shift: number): number | null {
  if (shift === 0) return a;
  if (shift > 22) return a === 0 ? 0 : null;
  const scaled = a * NUMBER_POWERS_OF_TEN[shift];
  return Math.abs(scaled) <= SAFE ? scaled : null;
}

/**
 * An exact decimal: `units × 10^-scale`. Sums and products are exact; a quotient, and a product
 * that would have more, keeps 30 places, rounded half-up (away from zero). No binary floating
 * point ever holds an inexact value, and money needs far fewer places than 30: a setup of 100 €
 * over 3 pieces is 33.333333333333333333333333333333 € a piece, and three of them add up to
 * 99.999999999999999999999999999999 €, which is 100.00 € to the cent.
 *
 * The engine's own type rather than a library's: pricing a large assembly does tens of
 * thousands of operations. The units are a Number while they are a safe integer (inputs,
 * counts, quantities and their sums and products mostly are), where a sum, product or
 * comparison costs no allocation, and a BigInt from the first result that would not fit
 * (every 30-place quotient); each operation checks that its Number result is exact, so the two
 * give the very same digits.
 */
export class Decimal {
  /** The units while they are a safe integer (`big` then undefined). */
  declare private readonly small: number;
  /** The units as a BigInt, once they are one. */
  declare private readonly big: bigint | undefined;
  /** Decimal places, 0 or more. */
  declare readonly scale: number;

  /** `units` a BigInt, or a Number that is a safe integer. */
  constructor(units: bigint | number, scale: number) {
    // Fields assigned here only (`declare`): a class field would add an initializer to the
    // construction of every intermediate result.
    if (typeof units === 'number') {
      this.small = units;
      this.big = undefined;
    } else {
      this.small = 0;
      this.big = units;
    }
    this.scale = scale;
  }

  /** The value times 10^scale, a whole number. */
  get units(): bigint {
    return this.big ?? BigInt(this.small);
  }

  /** Parses `12`, `-0.5`, `1.2500`, `.5`, `1e-7`; throws on anything else, such as `NaN` or `Infinity`. */
  static from(value: string | number): Decimal {
    if (typeof value === 'number' && Number.isSafeInteger(value)) return new Decimal(value, 0);
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
    if (this.big === undefined && b.big === undefined) {
      const scale = this.scale > b.scale ? this.scale : b.scale;
      const x = scaledSmall(this.small, scale - this.scale);
      const y = x === null ? null : scaledSmall(b.small, scale - b.scale);
      if (x !== null && y !== null) {
        const sum = x + y;
        if (Math.abs(sum) <= SAFE) return new Decimal(sum, scale);
      }
    }
    if (this.scale === b.scale) return new Decimal(this.units + b.units, this.scale);
    return this.scale > b.scale
      ? new Decimal(this.units + b.units * tenTo(this.scale - b.scale), this.scale)
      : new Decimal(this.units * tenTo(b.scale - this.scale) + b.units, b.scale);
  }

  times(other: Decimal | number): Decimal {
    if (typeof other === 'number' && this.big === undefined && Number.isSafeInteger(other) && this.scale <= PLACES) {
      // A count (holes, bends, pieces): no Decimal made of it.
      const product = this.small * other;
      if (Math.abs(product) <= SAFE) return new Decimal(product, this.scale);
    }
    const b = typeof other === 'number' ? Decimal.from(other) : other;
    const scale = this.scale + b.scale;
    if (this.big === undefined && b.big === undefined && scale <= PLACES) {
      const product = this.small * b.small;
      if (Math.abs(product) <= SAFE) return new Decimal(product, scale);
    }
    const units = this.units * b.units;
    return scale <= PLACES ? new Decimal(units, scale) : new Decimal(roundedShift(units, scale - PLACES), PLACES);
  }

  /** The quotient to 30 places (or this value's own, if more). */
  div(other: Decimal | number): Decimal {
    const b = typeof other === 'number' ? Decimal.from(other) : other;
    if (this.big === undefined && b.big === undefined && this.scale <= PLACES && b.small !== 0) {
      // Most quotients of prices end (a setup over 25 pieces, a blank's kg): then exactly in Numbers, with no BigInt.
      const exact = endingQuotient(this.small, this.scale, b.small, b.scale);
      if (exact !== null) return exact;
    }
    return this.divToPlaces(b, Math.max(PLACES, this.scale));
  }

  /** The quotient rounded once, half-up (away from zero), to `places`: no quotient is cut to 30 places first. */
  divToPlaces(other: Decimal | number, places: number): Decimal {
    const b = typeof other === 'number' ? Decimal.from(other) : other;
    if (b.isZero()) throw new RangeError('Division by zero');
    // this ÷ b = (units × 10^(places + b.scale − this.scale) ÷ b.units) × 10^−places
    const shift = places + b.scale - this.scale;
    const dividend = shift > 0 ? this.units * tenTo(shift) : this.units;
    const divisor = shift >= 0 ? b.units : b.units * tenTo(-shift);
    return divisor > 0n ? new Decimal(roundedQuotient(dividend, divisor), places) : new Decimal(roundedQuotient(-dividend, -divisor), places);
  }

  /** The whole part of the quotient, cut towards zero. */
  divToInt(other: Decimal): Decimal {
    if (this.big === undefined && other.big === undefined) {
      // Sheet and blank sizes: the whole quotient of two integers below 2^31 is exact in Numbers.
      const scale = this.scale > other.scale ? this.scale : other.scale;
      const x = scaledSmall(this.small, scale - this.scale);
      const y = x === null ? null : scaledSmall(other.small, scale - other.scale);
      if (x !== null && y !== null && y !== 0 && Math.abs(x) < 2 ** 31 && Math.abs(y) < 2 ** 31) return new Decimal(Math.trunc(x / y), 0);
    }
    const [a, b] = aligned(this, other);
    return new Decimal(a / b, 0);
  }

  /** Rounded half-up (away from zero) to `places`. */
  toDecimalPlaces(places: number): Decimal {
    if (this.scale <= places) return this;
    const shift = this.scale - places;
    if (this.big === undefined && shift <= 22) {
      // Remainder and quotient of exact integers below 2^53 are exact.
      const power = NUMBER_POWERS_OF_TEN[shift];
      const remainder = this.small % power;
      const quotient = (this.small - remainder) / power;
      if (Math.abs(remainder) * 2 < power) return new Decimal(quotient, places);
      return new Decimal(remainder > 0 ? quotient + 1 : quotient - 1, places);
    }
    return new Decimal(roundedShift(this.units, shift), places);
  }

  comparedTo(other: Decimal | number): number {
    if (typeof other === 'number' && this.big === undefined && Number.isSafeInteger(other)) {
      // `lte(0)` and the like: no Decimal made of the number.
      const y = scaledSmall(other, this.scale);
      if (y !== null) return this.small < y ? -1 : this.small > y ? 1 : 0;
    }
    const b = typeof other === 'number' ? Decimal.from(other) : other;
    if (this.big === undefined && b.big === undefined) {
      const scale = this.scale > b.scale ? this.scale : b.scale;
      const x = scaledSmall(this.small, scale - this.scale);
      const y = x === null ? null : scaledSmall(b.small, scale - b.scale);
      if (x !== null && y !== null) return x < y ? -1 : x > y ? 1 : 0;
    }
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
    return this.big === undefined ? this.small === 0 : this.big === 0n;
  }

  /** Exactly 1. */
  isOne(): boolean {
    return this.scale === 0 && (this.big === undefined ? this.small === 1 : this.big === 1n);
  }

  isInteger(): boolean {
    if (this.scale === 0) return true;
    if (this.big === undefined) return this.scale <= 22 ? this.small % NUMBER_POWERS_OF_TEN[this.scale] === 0 : this.small === 0;
    return this.big % tenTo(this.scale) === 0n;
  }

  toNumber(): number {
    return Number(this.toFixed());
  }

  /** Plain notation, every digit, no trailing zeros after the point: `3.5`, `-0.0125`, `120`. */
  toFixed(): string {
    const { big } = this;
    // A safe integer prints all its digits, never an exponent (and -0 as 0).
    if (this.scale === 0) return big === undefined ? String(this.small) : big.toString();
    const negative = big === undefined ? this.small < 0 : big < 0n;
    const magnitude = big === undefined ? String(Math.abs(this.small)) : (negative ? -big : big).toString();
    const digits = magnitude.padStart(this.scale + 1, '0');
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

/**
 * `(a × 10^-aScale) ÷ (b × 10^-bScale)` exactly, when it ends within 30 places and its units are a safe
 * integer; else null (the BigInt quotient then). It ends where the divisor, reduced, is 2^p × 5^q:
 * then max(p, q) places hold it. The value is the one the 30-place quotient has, only without its
 * trailing zeros, so every later sum, product and quotient has the very same digits.
 */
function endingQuotient(a: number, aScale: number, b: number, bScale: number): Decimal | null {
  if (a === 0) return new Decimal(0, 0);
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y !== 0) {
    const remainder = x % y;
    x = y;
    y = remainder;
  }
  const divisor = Math.abs(b) / x;
  let rest = divisor;
  let twos = 0;
  let fives = 0;
  while (rest % 2 === 0) {
    rest /= 2;
    twos++;
  }
  while (rest % 5 === 0) {
    rest /= 5;
    fives++;
  }
  if (rest !== 1) return null;
  const places = twos > fives ? twos : fives;
  // value = (a ÷ gcd) × 10^places ÷ divisor, × 10^(bScale − aScale − places)
  if (places > 22) return null;
  const units = (a / x) * (NUMBER_POWERS_OF_TEN[places] / divisor);
  if (Math.abs(units) > SAFE) return null;
  const scale = places + aScale - bScale;
  if (scale > PLACES) return null;
  if (scale >= 0) return new Decimal(b < 0 ? -units : units, scale);
  const whole = scaledSmall(b < 0 ? -units : units, -scale);
  return whole === null ? null : new Decimal(whole, 0);
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
  return factor.isOne() ? value : factor.times(value);
}

/**
 * A safe whole Number or plain decimal text (`12`, `1.5`), read as `toDecimal` and `optionalDecimal` read
 * it; undefined for anything else (empty, padded, an exponent, faulty), which those then read or refuse.
 * For the inputs every product has, so that their names (`what`) are only written for a faulty one.
 */
export function quickDecimal(value: DecimalInput | null | undefined): Decimal | undefined {
  if (typeof value === 'number') {
    if (Number.isSafeInteger(value)) return new Decimal(value, 0);
    // As Decimal.from reads a Number: its shortest text (5.5, 0.1).
    if (!Number.isFinite(value)) return undefined;
    return fewPlaces(value) ?? plainDecimal(String(value)) ?? undefined;
  }
  return typeof value === 'string' ? (plainDecimal(value) ?? undefined) : undefined;
}

/**
 * A Number with a fraction and at most 15 digits in plain notation (1.5, 6.6, 0.25: thicknesses and
 * hole diameters of a geometry), read as `plainDecimal(String(value))` reads it, without writing the
 * text: null for anything else, which that then reads. Units m at k places are the shortest text
 * when m ÷ 10^k is the very Number (the division rounds correctly, 10^k and m are exact) and no
 * fewer places give one: the text with the fewest significant digits, which String writes for
 * 10^-6 ≤ |value| < 10^21. Below 10^15, m × 10^-k and the Number differ by far less than half of
 * 10^-k, so `Math.round(value × 10^k)` finds the one m there is at k places.
 */
function fewPlaces(value: number): Decimal | null {
  const magnitude = Math.abs(value);
  // String writes an exponent below 10^-6 (1e-7), which plainDecimal does not read.
  if (magnitude < 1e-6 || magnitude >= 1e14) return null;
  // plainDecimal counts the digits of the text, the "0" before the point of 0.25 too.
  let wholeDigits = 1;
  while (wholeDigits < 15 && magnitude >= NUMBER_POWERS_OF_TEN[wholeDigits]) wholeDigits++;
  for (let places = 1; places + wholeDigits <= 15; places++) {
    const power = NUMBER_POWERS_OF_TEN[places];
    const units = Math.round(magnitude * power);
    if (units / power === magnitude) return new Decimal(value < 0 ? -units : units, places);
  }
  return null;
}

/** `quickDecimal` for an optional input: null where it is missing, as `optionalDecimal` has it. */
export function quickOptionalDecimal(value: DecimalInput | null | undefined): Decimal | null | undefined {
  return value === null || value === undefined ? null : quickDecimal(value);
}

/** A required decimal; `what` names it in the error. */
export function toDecimal(value: DecimalInput | null | undefined, what: string): Decimal {
  const parsed = optionalDecimal(value, what);
  if (parsed === null) throw invalidData('invalid-input', `${what} is empty`);
  return parsed;
}

/** An optional decimal: null, undefined and '' are empty. */
export function optionalDecimal(value: DecimalInput | null | undefined, what: string): Decimal | null {
  const quick = quickDecimal(value);
  if (quick !== undefined) return quick;
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
  return roundText(exact, places, min, false);
}

/**
 * `exact` rounded half-up to `places` (below SETTLED_PLACES), with `settle` as if first rounded to
 * SETTLED_PLACES: in one pass over the digits, as the figures of an explanation are printed by
 * the thousand. Rounding to 20 places first changes the digit after `places` only by the carry
 * of a 21st digit of 5 or more through nines, so it decides differently only where that digit is
 * a 4 followed by nines up to the 20th place: 0.00004999…9|5 is 0.0001.
 */
function roundText(exact: string, places: number, min: number, settle: boolean): string {
  const negative = exact.charCodeAt(0) === 45 /* '-' */;
  const digits = negative ? exact.slice(1) : exact;
  const dot = digits.indexOf('.');
  const decimals = dot < 0 ? 0 : digits.length - dot - 1;
  let text: string;
  if (decimals <= places) {
    text = padOrTrim(digits, min);
  } else {
    const cut = dot + 1 + places;
    if (digits.charCodeAt(cut) >= 53 /* '5' */ || (settle && carriedToFive(digits, dot, cut))) text = padOrTrim(incrementLastDigit(digits.slice(0, places === 0 ? dot : cut)), min);
    else if (min <= places) text = cutDown(digits, dot, cut, min);
    else text = padOrTrim(digits.slice(0, places === 0 ? dot : cut), min);
  }
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}

/**
 * `digits` cut after the digit before `cut`, its trailing zeros trimmed down to `min` decimals (the point
 * too, with none left): what padOrTrim makes of the cut digits, in one copy of them rather than two.
 */
function cutDown(digits: string, dot: number, cut: number, min: number): string {
  let end = cut;
  while (end > dot + 1 + min && digits.charCodeAt(end - 1) === 48 /* '0' */) end--;
  return digits.slice(0, end === dot + 1 ? dot : end);
}

/** Whether rounding `digits` to SETTLED_PLACES turns the digit at `cut`, a 4, into a 5. */
function carriedToFive(digits: string, dot: number, cut: number): boolean {
  const last = dot + SETTLED_PLACES;
  if (digits.length - dot - 1 <= SETTLED_PLACES || digits.charCodeAt(cut) !== 52 /* '4' */ || digits.charCodeAt(last + 1) < 53 /* '5' */) return false;
  for (let i = cut + 1; i <= last; i++) if (digits.charCodeAt(i) !== 57 /* '9' */) return false;
  return true;
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
  return roundText(exact, 2, 2, true);
}

/** Intermediate money: two to four decimals, so a 0.0123 € screw still shows. */
export function formatAmount(value: Decimal, exact = value.toFixed()): string {
  return roundText(exact, 4, 2, true);
}

/** Measures and counts: at most four decimals, no trailing zeros. */
export function formatMeasure(value: Decimal, exact = value.toFixed()): string {
  return roundText(exact, 4, 0, true);
}

/** A measure as an explanation's language writes it (formatMeasure, then its number notation). */
export function shownMeasure(value: Decimal, words: { number(text: string): string }): string {
  return words.number(formatMeasure(value));
}
