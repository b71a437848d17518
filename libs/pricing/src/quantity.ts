import { Decimal } from './decimal';

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
