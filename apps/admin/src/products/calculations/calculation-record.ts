import type { PriceComponent } from '../product-record';
import type {
  Calculation,
  CalculationDetail as CalculationDetailContract,
  ComponentPrice as ComponentPriceContract,
  Figure as FigureContract,
  GeometryFigures as GeometryFiguresContract,
  TierResult as TierResultContract,
  TierSummary as TierSummaryContract,
} from '../../api/contracts';

/**
 * One explained figure of the pricing engine (libs/pricing): `value` for display, `exact` at full
 * precision, `formula` written with the inputs' display values, and `inputs` naming them, as
 * figures to explain further or as plain text.
 */
export type Figure = FigureContract;

export function isFigure(value: unknown): value is Figure {
  return typeof value === 'object' && value !== null && typeof (value as Figure).value === 'string' && typeof (value as Figure).formula === 'string';
}

/** A tier as GET /calculations lists it: amounts per piece as decimal strings, to the cent. */
export type TierSummary = TierSummaryContract;

/** GET /calculations?productId=… */
export type CalculationSummary = Calculation;

export type ComponentPrice = ComponentPriceContract;

export type TierResult = TierResultContract;

export type GeometryFigures = GeometryFiguresContract;

/**
 * GET /calculations/:id: the summary plus the engine's explained result, written again from the
 * inputs it used; null when today's engine no longer gives the stored prices.
 */
export type CalculationDetail = CalculationDetailContract;

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
