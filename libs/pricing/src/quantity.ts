import { Decimal, multiply } from './decimal';

/**
 * A number of pieces being priced, with its text worked out once: it keys the memos and
 * appears in many formulas. The text is exact, as quantities rarely have many decimals.
 */
export interface Pieces {
  count: Decimal;
  text: string;
}

export function piecesOf(count: Decimal): Pieces {
  return { count, text: count.toFixed() };
}

/** The pieces needed when each takes `quantity`: the very same pieces for a quantity of one. */
export function piecesTimes(pieces: Pieces, quantity: Decimal): Pieces {
  const count = multiply(quantity, pieces.count);
  return count === pieces.count ? pieces : piecesOf(count);
}
