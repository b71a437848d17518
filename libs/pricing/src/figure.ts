import { Decimal, formatAmount, formatCents, formatMeasure } from './decimal';
import { Figure } from './types';

/** A value with the figure that explains it; the engine computes with the first and returns the second. */
export interface Explained {
  amount: Decimal;
  figure: Figure;
}

type Inputs = Figure['inputs'];

type Format = (value: Decimal, exact: string) => string;

function explained(amount: Decimal, format: Format, unit: string, formula: string, inputs: Inputs): Explained {
  const exact = amount.toFixed();
  return { amount, figure: { value: format(amount, exact), exact, unit, formula, inputs } };
}

/** A measure or count (mm, kg, min, pieces, factor): display to four decimals. */
export function measure(amount: Decimal, unit: string, formula: string, inputs: Inputs = {}): Explained {
  return explained(amount, formatMeasure, unit, formula, inputs);
}

/** Money on the way to a price: display to two to four decimals. */
export function amount(value: Decimal, unit: string, formula: string, inputs: Inputs = {}): Explained {
  return explained(value, formatAmount, unit, formula, inputs);
}

/** A price of the product: display to the cent. */
export function price(value: Decimal, unit: string, formula: string, inputs: Inputs = {}): Explained {
  return explained(value, formatCents, unit, formula, inputs);
}

/** How a figure reads inside another figure's formula. */
export function shown(figure: Figure): string {
  return figure.unit === '' ? figure.value : `${figure.value} ${figure.unit}`;
}
