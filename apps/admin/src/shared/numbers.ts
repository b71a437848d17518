import { DEFAULT_LOCALE, Locale, toLocale } from '../i18n/locales';

/**
 * The one number notation of the console and the supplier's page: numbers are read and
 * written the way the chosen language writes them, never the browser's way. German: a point groups
 * thousands and a comma starts the decimals ("1.234,56"); English the other way round ("1,234.56").
 *
 * Values travel as exact decimal texts ("1234.56", "-0.5"): the API takes decimal texts, and a long
 * entry keeps every digit (no float on the way). Texts people type are read strictly: a separator that
 * cannot be the language's (German "1.5", English "1,5") is refused with the notation expected, never
 * reinterpreted.
 */

interface Notation {
  decimal: string;
  group: string;
}

const NOTATIONS: Record<Locale, Notation> = {
  en: { decimal: '.', group: ',' },
  de: { decimal: ',', group: '.' },
};

export const notationOf = (locale: string | undefined): Notation => NOTATIONS[toLocale(locale) ?? DEFAULT_LOCALE];

/** What a reading problem is, as the key under `fabquote.numbers` of the console's texts. */
export type NumberProblem = 'not_a_number' | 'ambiguous' | 'whole';

export type NumberReading =
  | { value: string | null; problem?: undefined }
  | { value?: undefined; problem: NumberProblem; /** The entry as the language writes it, when it can be told: "1,5" for German "1.5". */ suggestion?: string };

export interface ReadOptions {
  /** Pieces counted whole (tiers, counts): a decimal separator is refused, so German "1,000" is never 1. */
  whole?: boolean;
}

/** An exact decimal text: optional minus, digits, optional point and digits. */
const CANONICAL = /^-?\d+(\.\d+)?$/;

/** Spaces people or Intl put between thousands: space, no-break space, narrow no-break space, thin space. */
const SPACE = /[\u0020\u00a0\u202f\u2009]/;
const SPACES = new RegExp(SPACE.source, 'g');

/** "0012.50" → "12.50"; "-0" → "0". Decimals are kept as typed. */
function canonical(negative: boolean, whole: string, fraction: string | undefined): string {
  const digits = whole.replace(/^0+(?=\d)/, '') || '0';
  const text = fraction === undefined ? digits : `${digits}.${fraction}`;
  const zero = /^[0.]*$/.test(text);
  return negative && !zero ? `-${text}` : text;
}

/** The integer part as typed with the language's grouping: digits, or 1–3 digits then groups of exactly three. */
function readWhole(text: string, group: string): string | null {
  if (/^\d*$/.test(text)) return text;
  const parts = text.split(group);
  const [first, ...groups] = parts;
  if (!/^\d{1,3}$/.test(first) || /^0/.test(first) || groups.some((part) => !/^\d{3}$/.test(part))) return null;
  return parts.join('');
}

/** Strictly one notation; null when the text is not a number written that way. */
function readIn(text: string, notation: Notation): { negative: boolean; whole: string; fraction?: string } | null {
  const match = /^([-\u2212+]?)(.*)$/.exec(text);
  const negative = match?.[1] === '-' || match?.[1] === '\u2212';
  const body = match?.[2] ?? '';
  const pieces = body.split(notation.decimal);
  if (pieces.length > 2) return null;
  const [wholeText, fraction] = pieces;
  if (fraction !== undefined && !/^\d+$/.test(fraction)) return null;
  // Spaces group thousands as the language's separator does, never both in one number.
  const spaced = SPACE.test(wholeText);
  if (spaced && wholeText.includes(notation.group)) return null;
  const whole = readWhole(spaced ? wholeText.replace(SPACES, ' ') : wholeText, spaced ? ' ' : notation.group);
  if (whole === null || (whole === '' && fraction === undefined)) return null;
  return { negative, whole, fraction };
}

/**
 * A typed text as an exact decimal text in `locale`'s notation; null for an empty entry. German
 * "1.000" → "1000", "1.234,56" → "1234.56", "12,5" → "12.5"; English "1,000", "1,234.56", "12.5" alike.
 * German "1.5" and English "1,5" are `ambiguous` (with the suggestion "1,5" / "1.5"); "abc", "1e5",
 * "1,2,3" are `not_a_number`.
 */
export function readNumber(input: unknown, locale: string | undefined, options: ReadOptions = {}): NumberReading {
  if (input === null || input === undefined) return { value: null };
  const text = String(input).trim();
  if (text === '') return { value: null };
  const notation = notationOf(locale);
  const own = readIn(text, notation);
  if (own) {
    if (options.whole && own.fraction !== undefined) return { problem: 'whole' };
    return { value: canonical(own.negative, own.whole, own.fraction) };
  }
  // Written the other language's way: refused, and shown the way this language writes it.
  const other = readIn(text, notation === NOTATIONS.de ? NOTATIONS.en : NOTATIONS.de);
  if (other && /[.,]/.test(text)) {
    const suggestion = formatNumber(canonical(other.negative, other.whole, other.fraction), locale, { minFractionDigits: other.fraction?.length });
    return { problem: 'ambiguous', suggestion };
  }
  return { problem: 'not_a_number' };
}

/** A stored value (12.5, "12.5000", "1e-7") as an exact decimal text, or null when it is none. */
export function decimalText(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    return expandExponent(String(value));
  }
  if (typeof value === 'string') {
    const text = value.trim();
    if (CANONICAL.test(text)) return canonical(text.startsWith('-'), text.replace(/^-/, '').split('.')[0], text.split('.')[1]);
    if (/^-?\d+(\.\d+)?e[-+]?\d+$/i.test(text)) return expandExponent(text);
  }
  return null;
}

/** "1e-7" → "0.0000001", "1.5e+21" → "1500000000000000000000". */
function expandExponent(text: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?e([-+]?\d+)$/i.exec(text);
  if (!match) return canonical(text.startsWith('-'), text.replace(/^-/, '').split('.')[0], text.split('.')[1]);
  const [, sign, whole, fraction = '', exponentText] = match;
  const digits = whole + fraction;
  const point = whole.length + Number(exponentText);
  const padded = point <= 0 ? '0'.repeat(1 - point) + digits : point >= digits.length ? digits + '0'.repeat(point - digits.length) : digits;
  const at = point <= 0 ? 1 : point;
  const integer = padded.slice(0, at);
  const decimals = padded.slice(at).replace(/0+$/, '');
  return canonical(sign === '-', integer, decimals === '' ? undefined : decimals);
}

export interface WriteOptions {
  /** Decimals shown at least, with zeros: 2 for money ("0,10"). */
  minFractionDigits?: number;
  /** Group thousands (default true): "1.000", "1,000". */
  grouping?: boolean;
}

/**
 * A stored value as `locale` writes it, for an input or a list: 1000 → "1.000" / "1,000", "0.1" with
 * `minFractionDigits: 2` → "0,10" / "0.10". Trailing zeros beyond those are dropped ("12.5000" → "12,5");
 * no digit is rounded away. Empty or unreadable: "".
 */
export function formatNumber(value: unknown, locale: string | undefined, options: WriteOptions = {}): string {
  const text = decimalText(value);
  if (text === null) return '';
  const notation = notationOf(locale);
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = text.replace(/^-/, '').split('.');
  const decimals = fraction.replace(/0+$/, '').padEnd(options.minFractionDigits ?? 0, '0');
  const grouped = options.grouping === false ? whole : whole.replace(/\B(?=(\d{3})+(?!\d))/g, notation.group);
  return `${negative ? '-' : ''}${grouped}${decimals ? notation.decimal + decimals : ''}`;
}

/** Compares two exact decimal texts or numbers by value: "12.50" equals 12.5. Unreadable values equal nothing. */
export function sameNumber(a: unknown, b: unknown): boolean {
  const left = decimalText(a);
  const right = decimalText(b);
  if (left === null || right === null) return left === right && (a === null || a === undefined || a === '') === (b === null || b === undefined || b === '');
  const strip = (text: string) => (text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text);
  return strip(left) === strip(right);
}

/** Which way round two exact decimal texts are: negative, 0 or positive; no float, so long entries compare right. */
export function compareNumbers(a: string, b: string): number {
  const negativeA = a.startsWith('-');
  const negativeB = b.startsWith('-');
  if (negativeA !== negativeB) return negativeA ? -1 : 1;
  const [wholeA, fractionA = ''] = a.replace(/^-/, '').split('.');
  const [wholeB, fractionB = ''] = b.replace(/^-/, '').split('.');
  const width = Math.max(fractionA.length, fractionB.length);
  const left = wholeA.padStart(Math.max(wholeA.length, wholeB.length), '0') + fractionA.padEnd(width, '0');
  const right = wholeB.padStart(Math.max(wholeA.length, wholeB.length), '0') + fractionB.padEnd(width, '0');
  const order = left < right ? -1 : left > right ? 1 : 0;
  return negativeA ? -order : order;
}

/** How the language writes an example number, for messages: "1.234,56" / "1,234.56". */
export const numberExample = (locale: string | undefined) => formatNumber('1234.56', locale);

export type ListReading = { values: string[]; problem?: undefined } | { values?: undefined; problem: NumberProblem; entry: string; suggestion?: string };

/**
 * A list of quantities as typed ("10 / 50 / 1.000", "10; 50; 200", "10 50 200", "10, 50, 200"):
 * split on "/", ";", spaces and a comma followed by a space, never on a number's own comma or point,
 * then each entry read as readNumber does. The first entry that cannot be read is the problem.
 */
export function readNumberList(input: unknown, locale: string | undefined, options: ReadOptions = {}): ListReading {
  const entries = String(input ?? '')
    .split(/[\s/;]+|,(?=[\s/;]|$)/)
    .filter((entry) => entry !== '');
  const values: string[] = [];
  for (const entry of entries) {
    const reading = readNumber(entry, locale, options);
    if (reading.problem !== undefined) return { problem: reading.problem, entry, suggestion: reading.suggestion };
    if (reading.value !== null) values.push(reading.value);
  }
  return { values };
}

/** A list of stored numbers as the language writes it: [10, 50, 1000] → "10 / 50 / 1.000". */
export const formatNumberList = (values: readonly unknown[], locale: string | undefined) => values.map((value) => formatNumber(value, locale)).join(' / ');

/** The message of a reading problem as react-admin's validators answer it (`fabquote.numbers.<problem>`), with the notation expected. */
export function numberProblemMessage(problem: NumberProblem, entry: string, suggestion: string | undefined, locale: string | undefined): { message: string; args: Record<string, string> } {
  return { message: `fabquote.numbers.${problem}`, args: { entry: entry.trim(), suggestion: suggestion ?? '', example: numberExample(locale), thousand: formatNumber(1000, locale) } };
}

/** An exact decimal text as an integer and its count of decimals: "-12.50" → -1250n, 2. */
function scaled(text: string): { units: bigint; scale: number } {
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = text.replace(/^-/, '').split('.');
  const units = BigInt(whole + fraction);
  return { units: negative ? -units : units, scale: fraction.length };
}

/** An integer with `scale` decimals back as an exact decimal text, trailing zeros dropped: 125000n, 4 → "12.5". */
function unscaled(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  return canonical(negative, whole, fraction === '' ? undefined : fraction);
}

/**
 * The exact sum of decimal texts or numbers (no float: "0.1" + "0.2" is "0.3"); null when one is empty
 * or unreadable. The matrix's landed totals add landed prices of 30 decimals.
 */
export function addDecimals(...values: readonly unknown[]): string | null {
  const texts = values.map(decimalText);
  if (texts.some((text) => text === null)) return null;
  const parts = (texts as string[]).map(scaled);
  const scale = Math.max(0, ...parts.map((part) => part.scale));
  const sum = parts.reduce((total, part) => total + part.units * 10n ** BigInt(scale - part.scale), 0n);
  return unscaled(sum, scale);
}

/** The exact product of two decimal texts or numbers; null when one is empty or unreadable. */
export function multiplyDecimals(a: unknown, b: unknown): string | null {
  const left = decimalText(a);
  const right = decimalText(b);
  if (left === null || right === null) return null;
  const x = scaled(left);
  const y = scaled(right);
  return unscaled(x.units * y.units, x.scale + y.scale);
}

/** A decimal text rounded half away from zero to `digits` decimals (money to the cent: "1.7375" → "1.74"). */
export function roundDecimal(value: unknown, digits: number): string | null {
  const text = decimalText(value);
  if (text === null) return null;
  const { units, scale } = scaled(text);
  if (scale <= digits) return unscaled(units, scale);
  const divisor = 10n ** BigInt(scale - digits);
  const magnitude = units < 0n ? -units : units;
  const rounded = (magnitude + divisor / 2n) / divisor;
  return unscaled(units < 0n ? -rounded : rounded, digits);
}
