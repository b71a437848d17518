/** A geometry row's count as the API holds it: empty is one. */
export function rowCount(row: Record<string, unknown>): number {
  const count = Number(row.count ?? 1);
  return Number.isInteger(count) && count >= 1 ? count : 1;
}

/** "4 × Ø 8 mm": a row's measure with its count, the way a drawing writes it; a row of one is just the measure. */
export function counted(count: number, text: string): string {
  return count === 1 ? text : `${count} × ${text}`;
}

/** What POST and PUT /product-contours take: a part has one outer contour, so an outer contour's count is 1 (the API refuses more). */
export function contourChanges<T extends Record<string, unknown>>(form: T): T {
  return form.kind === 'outer' ? { ...form, count: 1 } : form;
}

/** A row's count: empty (taken as one) or a whole number from 1. */
export function countProblem(value: unknown): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const count = Number(value);
  return Number.isInteger(count) && count >= 1 ? undefined : 'resources.products.geometry_rows.count_invalid';
}
