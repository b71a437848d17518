import type { TransformData } from 'react-admin';

/** Whether two JSON values (a form's and the API's) are the same: numbers, texts, lists and objects compared by content. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof Date || b instanceof Date) return JSON.stringify(a) === JSON.stringify(b);
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  }
  if (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
  }
  // A value the API left out and a form's empty one mean the same.
  return (a ?? null) === (b ?? null);
}

/** The fields of `data` whose values differ from `previous`: what a form changed. */
export function changedFields(data: Record<string, unknown>, previous: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!previous) return data;
  return Object.fromEntries(Object.entries(data).filter(([field, value]) => !sameValue(value, previous[field])));
}

/**
 * An edit form's save sends only the fields it changed, after `transform` (if any) has shaped them. react-admin
 * sends back the whole record as the form loaded it, and the API writes every field it is given (a missing one
 * it leaves as stored): so when two people edit one record, the second save put back every field the first had
 * changed, a material's price among them, without a word. Now each save writes what its own form changed; two
 * changes of the same field end as the later one.
 */
export function changesOnly(transform?: TransformData): TransformData {
  return async (data, options) => {
    const shaped = (transform ? await transform(data, options) : data) as Record<string, unknown>;
    return changedFields(shaped, options?.previousData as Record<string, unknown> | undefined);
  };
}
