import { Decimal, formatAmount, formatCents, formatMeasure } from './decimal';
import { Figure } from './types';
import type { Vocabulary } from './words';

type Inputs = Figure['inputs'];

/**
 * How a figure came about: a formula without inputs, or a function that writes the inputs, in the
 * order they are shown, into the figure's own `inputs` and returns the formula, written with the
 * inputs' display values. The function runs only when the figure is asked for, so pricing alone
 * never writes an explanation; it fills the figure's inputs rather than returning an object to be
 * copied, as explaining a product writes thousands of figures.
 */
export type Explain = string | ((inputs: Inputs) => string);

type Format = (value: Decimal, exact: string) => string;

/** An amount, or a function computing it the first time it is read. */
export type Amount = Decimal | (() => Decimal);

/**
 * A value with the figure that explains it. The engine computes with `amount`; `figure` is
 * written the first time it is read (explaining a price) and is then the same object every time,
 * so a figure shared by tiers is shared in the result too. An amount only explanations and the
 * priced product itself read (the purchase of a product with sub-assemblies: its parent sums its
 * parts, see ProductCost) can be given as a function, run the first time `amount` is read.
 */
export class Explained {
  declare private value: Decimal | undefined;
  declare private compute: (() => Decimal) | undefined;
  declare private readonly format: Format;
  declare private readonly unit: string;
  declare private readonly explain: Explain;
  declare private written: Figure | undefined;
  /** The value as a language writes it (shownValue), and the language's number notation it was written by. */
  declare private shownText: string;
  declare private shownBy: ((text: string) => string) | undefined;

  // Fields assigned here only (`declare`), as in Decimal: pricing makes thousands of these.
  constructor(amount: Amount, format: Format, unit: string, explain: Explain) {
    if (typeof amount === 'function') {
      this.value = undefined;
      this.compute = amount;
    } else {
      this.value = amount;
      this.compute = undefined;
    }
    this.format = format;
    this.unit = unit;
    this.explain = explain;
    this.written = undefined;
    this.shownText = '';
    this.shownBy = undefined;
  }

  get amount(): Decimal {
    return this.value ?? this.computed();
  }

  private computed(): Decimal {
    const value = this.compute!();
    this.value = value;
    this.compute = undefined;
    return value;
  }

  get figure(): Figure {
    return this.written ?? this.write();
  }

  /**
   * The value as `words` writes it inside other figures' formulas (`words.number(figure.value)`):
   * written once, as a sum shared by every tier is shown in the formula of each.
   */
  shownValue(words: Pick<Vocabulary, 'number'>): string {
    if (this.shownBy !== words.number) {
      this.shownText = words.number(this.figure.value);
      this.shownBy = words.number;
    }
    return this.shownText;
  }

  private write(): Figure {
    const exact = this.amount.toFixed();
    const value = this.format(this.amount, exact);
    const { explain } = this;
    const inputs: Inputs = {};
    const formula = typeof explain === 'string' ? explain : explain(inputs);
    return (this.written = { value, exact, unit: this.unit, formula, inputs });
  }
}

/** A measure or count (mm, kg, min, pieces, factor): display to four decimals. */
export function measure(amount: Decimal, unit: string, explain: Explain): Explained {
  return new Explained(amount, formatMeasure, unit, explain);
}

/** Money on the way to a price: display to two to four decimals. */
export function amount(value: Amount, unit: string, explain: Explain): Explained {
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
