import { Decimal, multiply } from './decimal';

/**
 * A number of pieces being priced, with its text worked out once: it keys the memos and
 * appears in many formulas. The text is exact, as quantities rarely have many decimals.
 */
export interface Pieces {
  count: Decimal;
  text: string;
  /** These pieces times a line's quantity, by the quantity's text (piecesTimes), as lines ask for them. */
  multiples: Map<string, Pieces> | null;
}

export function piecesOf(count: Decimal): Pieces {
  return { count, text: count.toFixed(), multiples: null };
}

/**
 * The pieces needed when each takes `quantity` (whose text is `quantityText`): the very same
 * pieces for a quantity of one, and the very same object for every line with that quantity, so
 * the memos by quantity further down find it by identity. Every bracket of a frame needing 2
 * nuts at 50 frames asks for the same 100 pieces.
 */
export function piecesTimes(pieces: Pieces, quantity: Decimal, quantityText: string): Pieces {
  const known = pieces.multiples?.get(quantityText);
  if (known !== undefined) return known;
  const count = multiply(quantity, pieces.count);
  const needed = count === pieces.count ? pieces : piecesOf(count);
  (pieces.multiples ??= new Map()).set(quantityText, needed);
  return needed;
}
