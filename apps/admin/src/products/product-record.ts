import type { Product } from '../api/contracts';
import { STATUSES } from '../shared/statuses';

/** A product as /products answers: its own fields, and the first tier of its latest calculation (the API's contract). */
export type ProductRecord = Product;

export const PRODUCT_TYPES = ['single', 'assembly'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
export const PRODUCT_TYPE_PREFIX = 'resources.products.types';

/** docs/product.md §4's product statuses, in the order the spec lists them; labels and chip colours are shared. */
export const PRODUCT_STATUSES = Object.keys(STATUSES.product) as (keyof typeof STATUSES.product)[];
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const PRODUCT_STATUS_PREFIX = 'fabquote.status.product';

/** The five parts of a price (docs/product.md §3, the engine's components). */
export const PRICE_COMPONENTS = ['material', 'labor', 'purchase', 'setup', 'program'] as const;
export type PriceComponent = (typeof PRICE_COMPONENTS)[number];
export const PRICE_COMPONENT_PREFIX = 'resources.products.components';

export const CONTOUR_KINDS = ['outer', 'inner'] as const;
export const CONTOUR_KIND_PREFIX = 'resources.product-contours.kinds';

/** docs/product.md §3: hole kinds and tolerance classes (the API's values). */
export const HOLE_KINDS = ['hole', 'thread', 'counterbore', 'countersink'] as const;
export type HoleKind = (typeof HOLE_KINDS)[number];
export const HOLE_KIND_PREFIX = 'resources.product-holes.kinds';
export const TOLERANCE_CLASSES = ['default', 'coarse', 'medium', 'precise'] as const;
export const TOLERANCE_CLASS_PREFIX = 'resources.product-holes.tolerance_classes';

const HOLE_MEASURES = ['diameter', 'innerDiameter', 'outerDiameter', 'depth', 'innerDepth', 'outerDepth'] as const;
type HoleMeasure = (typeof HOLE_MEASURES)[number];

/**
 * The measures a hole of `kind` has (docs/product.md §3): a plain hole its diameter, and
 * its depth when it does not go through; a thread its size (the nominal diameter, 8 for M8) and
 * depth; a counterbore or countersink the through (inner) and recess (outer) diameters and depths.
 */
export function holeMeasures(kind: string | null | undefined, through: boolean | null | undefined): HoleMeasure[] {
  if (kind === 'counterbore' || kind === 'countersink') return ['innerDiameter', 'outerDiameter', 'innerDepth', 'outerDepth'];
  if (kind === 'thread') return ['diameter', 'depth'];
  return ['diameter', ...(through === false ? (['depth'] as const) : [])];
}

/**
 * Whether the form asks if a hole of `kind` goes through: a plain hole's only. A thread, counterbore
 * or countersink goes through unless the depth of its bore (a thread's depth, the inner depth) is given.
 */
export function holeAsksThrough(kind: string | null | undefined): boolean {
  return kind !== 'thread' && kind !== 'counterbore' && kind !== 'countersink';
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/**
 * What POST and PUT /product-holes take: the measures a hole of this kind does not have are cleared, so none
 * stays behind hidden, and `through` follows the bore's depth where the form does not ask. A counterbore or
 * countersink stored with only a diameter keeps it as its inner (cut) diameter.
 */
export function holeChanges<T extends Record<string, unknown>>(form: T): T {
  const kind = form.kind as string | undefined;
  const recess = kind === 'counterbore' || kind === 'countersink';
  const carried = recess && isEmpty(form.innerDiameter) && !isEmpty(form.diameter) ? { innerDiameter: form.diameter } : {};
  const through = holeAsksThrough(kind) ? (form.through as boolean | undefined) : isEmpty(recess ? form.innerDepth : form.depth);
  const kept = new Set<string>(holeMeasures(kind, through));
  const cleared = Object.fromEntries(HOLE_MEASURES.filter((measure) => !kept.has(measure) && measure in form).map((measure) => [measure, null]));
  return { ...form, ...carried, ...cleared, ...(holeAsksThrough(kind) ? {} : { through }) };
}

/** A product line is a bought or standard part, or a sub-assembly (another product). */
export const PART_LINE_KINDS = ['part', 'sub_assembly'] as const;
export type PartLineKind = (typeof PART_LINE_KINDS)[number];
export const PART_LINE_KIND_PREFIX = 'resources.product-parts.kinds';

/** The form-only field choosing between part and sub-assembly; never sent. */
export const PART_LINE_KIND_FIELD = 'lineKind';

export function partLineKind(line: Record<string, unknown> | undefined): PartLineKind {
  return line?.subProductId ? 'sub_assembly' : 'part';
}

/**
 * What POST and PUT /product-parts take: the API refuses a line naming both a part and a
 * sub-assembly, so the one not chosen is cleared and the form-only choice is dropped.
 */
export function productPartChanges<T extends Record<string, unknown>>(form: T): Omit<T, typeof PART_LINE_KIND_FIELD> {
  const { [PART_LINE_KIND_FIELD]: kind, ...line } = form;
  const chosen = kind ?? partLineKind(form);
  return chosen === 'sub_assembly' ? { ...line, partId: null } : { ...line, subProductId: null };
}

/** Operation lines are numbered in steps of ten, so one can later go between two. */
export function nextSorting(lines: readonly { sorting?: number | string | null }[]): number {
  const highest = lines.reduce((max, line) => {
    const sorting = Number(line.sorting);
    return line.sorting !== null && line.sorting !== undefined && Number.isFinite(sorting) && sorting > max ? sorting : max;
  }, 0);
  return Math.floor(highest / 10) * 10 + 10;
}

export interface QuickSelectOperation {
  id: string;
  name: string;
  fabNumber?: string | null;
  quickSelectProductPage?: boolean | null;
  quickSelectDefault?: boolean | null;
}

/** Operations as the product page offers them: the quick-select ones first, each group by name. */
export function operationsInOfferOrder<T extends QuickSelectOperation>(operations: readonly T[]): T[] {
  const rank = (operation: T) => (operation.quickSelectProductPage ? 0 : 1);
  return [...operations].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}

/**
 * The operations a product starts with (quick select by default) that it does not have yet,
 * as new lines numbered after the existing ones, in the order of their fabrication numbers
 * (OP-10 laser cutting before OP-20 bending), those without one after them by name.
 */
export function defaultOperationLines(
  operations: readonly QuickSelectOperation[],
  existing: readonly { operationId?: string | null; sorting?: number | string | null }[],
): { operationId: string; sorting: number }[] {
  const present = new Set(existing.map((line) => line.operationId));
  let sorting = nextSorting(existing);
  const byFabNumber = (a: QuickSelectOperation, b: QuickSelectOperation) =>
    (a.fabNumber ? 0 : 1) - (b.fabNumber ? 0 : 1) ||
    (a.fabNumber ?? '').localeCompare(b.fabNumber ?? '', undefined, { numeric: true }) ||
    a.name.localeCompare(b.name);
  const missing = operations.filter((operation) => operation.quickSelectDefault && !present.has(operation.id));
  return [...missing].sort(byFabNumber).map((operation) => {
    const line = { operationId: operation.id, sorting };
    sorting += 10;
    return line;
  });
}
