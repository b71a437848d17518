import { Decimal, optionalDecimal } from './decimal';
import { DecimalInput } from './types';
import { Words } from './words';

/** An inclusive range; an empty end is open. */
export interface Range {
  from: Decimal | null;
  to: Decimal | null;
}

export function parseRange(from: DecimalInput | null | undefined, to: DecimalInput | null | undefined, what: string): Range {
  return { from: optionalDecimal(from, `${what}: from`), to: optionalDecimal(to, `${what}: to`) };
}

/** "2–5", "from 100", "up to 3", "any", in the explanation's words. */
export function rangeText({ from, to }: Range, words: Words): string {
  const shown = (end: Decimal) => words.number(end.toFixed());
  if (from && to) return words.range.between(shown(from), shown(to));
  if (from) return words.range.from(shown(from));
  return to ? words.range.upTo(shown(to)) : words.range.any;
}

/** Whether the range holds `value`; a missing value only fits a range open at both ends. */
export function covers(range: Range, value: Decimal | null): boolean {
  if (range.from === null && range.to === null) return true;
  if (value === null) return false;
  return (range.from === null || value.gte(range.from)) && (range.to === null || value.lte(range.to));
}
