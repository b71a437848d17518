import { Decimal, multiply } from './decimal';

/**
 * A number of pieces being priced, with its text worked out once: it appears in many formulas.
 * The text is exact, as quantities rarely have many decimals. Each distinct quantity of a request
 * is one Pieces (see Quantities), so the memos by quantity are arrays read at `index`.
 */
export interface Pieces {
  count: Decimal;
  text: string;
  /** Its place among the request's distinct quantities: 0, 1, 2 … */
  index: number;
  /** The text in the request's language, once a formula shows it. */
  shown: string | undefined;
  /** These pieces times a line's quantity, by the quantity's text (piecesTimes), as lines ask for them. */
  multiples: Map<string, Pieces> | null;
}

/**
 * The distinct quantities of one request: the tiers, and their multiples down the tree. The same
 * count is always the very same Pieces, so a product, a machine's bands or a part's suppliables
 * look a quantity up by its index rather than by comparing texts.
 */
export class Quantities {
  private readonly byText = new Map<string, Pieces>();

  of(count: Decimal): Pieces {
    const text = count.toFixed();
    const known = this.byText.get(text);
    if (known !== undefined) return known;
    const pieces: Pieces = { count, text, index: this.byText.size, shown: undefined, multiples: null };
    this.byText.set(text, pieces);
    return pieces;
  }
}

/**
 * The pieces needed when each takes `quantity` (whose text is `quantityText`): the very same
 * pieces for a quantity of one, and the very same object for every line with that quantity.
 * Every bracket of a frame needing 2 nuts at 50 frames asks for the same 100 pieces.
 */
export function piecesTimes(quantities: Quantities, pieces: Pieces, quantity: Decimal, quantityText: string): Pieces {
  // Most lines take one: no lookup.
  if (quantity.isOne()) return pieces;
  const known = pieces.multiples?.get(quantityText);
  if (known !== undefined) return known;
  const count = multiply(quantity, pieces.count);
  const needed = count === pieces.count ? pieces : quantities.of(count);
  (pieces.multiples ??= new Map()).set(quantityText, needed);
  return needed;
}

/** A memo by quantity: the value for `pieces`, or undefined before it is worked out. */
export type ByQuantity<V> = Array<V | undefined>;
