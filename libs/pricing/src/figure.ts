import { Decimal, formatAmount, formatCents, formatMeasure } from './decimal';
import { Figure } from './types';
import type { Vocabulary } from './words';

type Inputs = Figure['inputs'];

/** How a figure came about: its formula, written with the inputs' display values, and the inputs. */
export interface Explanation {
  formula: string;
  inputs?: Inputs;
}

/**
 * A formula without inputs, or a function writing the formula and its inputs. The function
 * runs only when the figure is asked for, so pricing alone never writes an explanation.
 */
export type Explain = string | (() => Explanation);

type Format = (value: Decimal, exact: string) => string;

/**
 * A value with the figure that explains it. The engine computes with `amount`; `figure` is
 * written the first time it is read (explaining a price) and is then the same object every time,
 * so a figure shared by tiers is shared in the result too.
 */
export class Explained {
  private written: Figure | undefined;

  constructor(
    readonly amount: Decimal,
    private readonly format: Format,
    private readonly unit: string,
    private readonly explain: Explain,
  ) {}

  get figure(): Figure {
    if (this.written === undefined) {
      const exact = this.amount.toFixed();
      const { formula, inputs = {} } = typeof this.explain === 'string' ? { formula: this.explain } : this.explain();
      this.written = { value: this.format(this.amount, exact), exact, unit: this.unit, formula, inputs };
    }
    return this.written;
  }
}

/** A measure or count (mm, kg, min, pieces, factor): display to four decimals. */
export function measure(amount: Decimal, unit: string, explain: Explain): Explained {
  return new Explained(amount, formatMeasure, unit, explain);
}

/** Money on the way to a price: display to two to four decimals. */
export function amount(value: Decimal, unit: string, explain: Explain): Explained {
  return new Explained(value, formatAmount, unit, explain);
}

/** A price of the product: display to the cent. */
export function price(value: Decimal, unit: string, explain: Explain): Explained {
  return new Explained(value, formatCents, unit, explain);
}

/** How a figure reads inside another figure's formula: its value in the language's notation, with its unit. */
export function shown(figure: Figure, words: Pick<Vocabulary, 'number'>): string {
  return figure.unit === '' ? words.number(figure.value) : `${words.number(figure.value)} ${figure.unit}`;
}
