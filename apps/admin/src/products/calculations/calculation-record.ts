import type { PriceComponent } from '../product-record';

/**
 * One explained figure of the pricing engine (libs/pricing): `value` for display, `exact` at full
 * precision, `formula` written with the inputs' display values, and `inputs` naming them, as
 * figures to explain further or as plain text.
 */
export interface Figure {
  value: string;
  exact: string;
  unit: string;
  formula: string;
  inputs: Record<string, Figure | string>;
}

export function isFigure(value: unknown): value is Figure {
  return typeof value === 'object' && value !== null && typeof (value as Figure).value === 'string' && typeof (value as Figure).formula === 'string';
}

/** A tier as GET /calculations lists it: amounts per piece as decimal strings, to the cent. */
export type TierSummary = { quantity: number; unitPrice: string; totalPrice: string } & Record<PriceComponent, string>;

/** GET /calculations?productId=… */
export interface CalculationSummary {
  id: string;
  productId: string;
  /** 1, 2, 3 … per product. */
  index: number;
  createdOn: string;
  reason: string | null;
  /** The organization's currency when it was calculated, e.g. EUR. */
  currency: string;
  tiers: TierSummary[];
  /** What came out missing or zero, in the reader's language; none for a calculation stored before there were warnings. */
  warnings?: string[];
}

export interface ComponentPrice {
  /** Per piece. */
  unit: Figure;
  /** For the whole order of the tier's quantity. */
  total: Figure;
}

export type TierResult = { quantity: number; unitPrice: Figure; totalPrice: Figure } & Record<PriceComponent, ComponentPrice>;

export interface GeometryFigures {
  cutLength: Figure;
  pierceCount: Figure;
  bendCount: Figure;
}

/**
 * GET /calculations/:id: the summary plus the engine's explained result, written again from the
 * inputs it used; null when today's engine no longer gives the stored prices.
 */
export interface CalculationDetail extends CalculationSummary {
  result: null | {
    date: string;
    currency: string;
    geometry: GeometryFigures | null;
    tiers: TierResult[];
  };
  inputs: unknown;
}

/** The figures a breakdown cell shows: a component per piece or per order, or the unit or total price. */
export type BreakdownColumn = PriceComponent | 'unitPrice' | 'totalPrice';

/** The figure behind a cell of the breakdown, per piece or for the whole order. */
export function figureOf(tier: TierResult, column: BreakdownColumn, basis: 'unit' | 'total'): Figure {
  if (column === 'unitPrice' || column === 'totalPrice') return tier[column];
  return tier[column][basis];
}

const DECIMAL = /^\s*([+-])?(\d*)(?:\.(\d*))?\s*$/;

/**
 * A decimal amount as whole cents, rounded half-up (away from zero); null when empty or not a
 * number. Amounts are compared and subtracted in cents, never in binary floating point.
 */
export function toCents(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'number' ? (Number.isFinite(value) ? value.toFixed(6) : '') : value;
  const match = DECIMAL.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return null;
  const [, sign, whole, fraction = ''] = match;
  const digits = `${fraction}000`;
  let cents = Number(whole || '0') * 100 + Number(digits.slice(0, 2));
  if (Number(digits[2]) >= 5) cents += 1;
  return sign === '-' && cents !== 0 ? -cents : cents;
}

/** Cents back to a decimal string ("-12.05") for the money formatter. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}
