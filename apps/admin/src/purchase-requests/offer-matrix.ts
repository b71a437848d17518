import type { PurchaseRequestAward, PurchaseRequestOperation, PurchaseRequestPart, PurchaseRequestProduct, SupplierOffer, SupplierOfferPrice, SupplierOfferRating } from '../api/contracts';
import { addDecimals, compareNumbers, decimalText, multiplyDecimals } from '../shared/numbers';

/**
 * The offers tab's comparison matrix, worked out from the API's
 * rows: a row per supplier's latest offer; a column per asked quantity of each line (operation or
 * part), and per requested product and quantity the supplier's landed total for that product (all
 * its asked lines, `productTotals`). The rules of bands, stars and the trophy are libs/rating's; the
 * console only shows what it stored.
 */

export type LineKind = 'operation' | 'part';

/** One line the request asks for, at the pieces the supplier prices (a part: the product's quantities × pieces per product). */
export interface AskedLine {
  kind: LineKind;
  id: string;
  name: string;
  quantities: number[];
  /** The requested product the line belongs to. */
  productId: string;
  /** Pieces of the line per piece of the product: 1 for an operation, the part's pieces per product. */
  perProduct: number;
}

/** A group of columns: one line, each quantity a column. */
export interface ColumnGroup {
  id: string;
  line: AskedLine;
  quantities: number[];
}

/** What a cell shows: the landed unit price, its band against the best, whether it is the best. */
export interface MatrixCell {
  /** Landed unit price; null while the offer is not rated yet (then `unitPrice` is the supplier's price). */
  landed: number | null;
  /** The landed unit price exactly, as the rating stored it (a decimal text), for "the exact value" on hover. */
  landedExact: string | null;
  unitPrice: number | null;
  best: boolean;
  band: number | null;
  percentAboveBest: number | null;
  /** The rating's explanations, in the reader's language. */
  explanations: string[];
  /** This line is awarded to this supplier. */
  awarded: boolean;
}

export interface MatrixRow {
  offer: SupplierOffer;
  /** Keyed by `productKey(product, quantity)`: the supplier's landed total for that product. */
  totals: Record<string, ProductTotal>;
  /** Keyed by `cellKey(group, quantity)`; a quantity the offer does not price has no cell. */
  cells: Record<string, MatrixCell>;
  /** Packaging, shipping and customs together. */
  costs: number;
  /** The lines this offer prices, in the request's order (what "Award this line" offers). */
  pricedLines: AskedLine[];
  /** Active awards of this supplier, by line id. */
  awards: PurchaseRequestAward[];
}

/** "10", "10.0" and 10 are one quantity; a part's pieces keep at most four decimals, as the API's columns. */
const quantityOf = (value: unknown) => Math.round(Number(value) * 10_000) / 10_000;

export const cellKey = (group: string, quantity: unknown) => `${group}@${quantityOf(quantity)}`;

/**
 * The lines in the order the supplier's page and the rating list them (by product, operations before
 * parts, then by step and name), each at the pieces asked.
 */
export function askedLines(
  products: readonly Pick<PurchaseRequestProduct, 'productId' | 'productNumber' | 'quantities'>[],
  operations: readonly Pick<PurchaseRequestOperation, 'id' | 'productId' | 'productName' | 'operationName' | 'sorting'>[],
  parts: readonly Pick<PurchaseRequestPart, 'id' | 'productId' | 'productName' | 'partName' | 'partNumber' | 'quantity'>[],
): AskedLine[] {
  const productOf = new Map(products.map((product) => [product.productId, product]));
  const lines = [
    ...operations.map((operation) => ({
      line: {
        kind: 'operation' as const,
        id: operation.id,
        name: `${operation.productName} – ${operation.operationName ?? '--'}`,
        quantities: (productOf.get(operation.productId)?.quantities ?? []).map(quantityOf),
        productId: operation.productId,
        perProduct: 1,
      },
      order: [productOf.get(operation.productId)?.productNumber ?? '', operation.productId, 'operation', operation.sorting ?? 0] as const,
    })),
    ...parts.map((part) => ({
      line: {
        kind: 'part' as const,
        id: part.id,
        name: `${part.productName} – ${part.partName ?? '--'}${part.partNumber ? ` (${part.partNumber})` : ''}`,
        quantities: (productOf.get(part.productId)?.quantities ?? []).map((quantity) => quantityOf(Number(quantity) * Number(part.quantity ?? 1))),
        productId: part.productId,
        perProduct: Number(part.quantity ?? 1),
      },
      order: [productOf.get(part.productId)?.productNumber ?? '', part.productId, 'part', 0] as const,
    })),
  ];
  return lines
    .sort(
      (a, b) =>
        a.order[0].localeCompare(b.order[0]) ||
        a.order[1].localeCompare(b.order[1]) ||
        a.order[2].localeCompare(b.order[2]) ||
        a.order[3] - b.order[3] ||
        a.line.name.localeCompare(b.line.name),
    )
    .map(({ line }) => ({ ...line, quantities: [...new Set(line.quantities)].sort((x, y) => x - y) }));
}

/**
 * The column groups: each line at its quantities. (the old "total per quantity" added up
 * lines of different products that happened to share a piece count; `productTotals` replaces it.)
 */
export function columnGroups(lines: readonly AskedLine[]): ColumnGroup[] {
  return lines.map((line) => ({ id: line.id, line, quantities: line.quantities }));
}

const explained = (rating: SupplierOfferRating) => [rating.explanations?.landed, rating.explanations?.band].filter((text): text is string => Boolean(text));

/**
 * A row per offer with its cells: the stored rating's where there is one (landed price, band, best),
 * else the supplier's unit price alone (the rating job has not run yet for this revision).
 */
export function matrixRows(
  offers: readonly SupplierOffer[],
  lines: readonly AskedLine[],
  ratings: readonly SupplierOfferRating[],
  prices: readonly SupplierOfferPrice[],
  awards: readonly PurchaseRequestAward[],
  products: readonly ProductColumn[] = [],
): MatrixRow[] {
  const rows = offers.map((offer) => {
    const active = awards.filter((award) => award.active !== false && award.supplierId === offer.supplierId);
    const awardedLines = new Set(active.map((award) => award.lineId));
    const cells: Record<string, MatrixCell> = {};
    const priced = new Set<string>();
    for (const price of prices) {
      if (price.supplierOfferId !== offer.id || price.unitPrice === null || price.unitPrice === undefined) continue;
      const lineId = price.purchaseRequestOperationId ?? price.purchaseRequestPartId;
      if (!lineId) continue;
      priced.add(lineId);
      cells[cellKey(lineId, price.quantity)] = {
        landed: null,
        landedExact: null,
        unitPrice: Number(price.unitPrice),
        best: false,
        band: null,
        percentAboveBest: null,
        explanations: [],
        awarded: awardedLines.has(lineId),
      };
    }
    // The rating of an earlier revision is cleared by the job, so rows of this offer id are this revision's.
    // The per-quantity rows (no line) sum lines of different products; the matrix shows products' totals instead.
    for (const rating of ratings) {
      if (rating.supplierOfferId !== offer.id || !rating.lineId) continue;
      priced.add(rating.lineId);
      cells[cellKey(rating.lineId, rating.quantity)] = {
        landed: Number(rating.landedUnitPrice),
        landedExact: decimalText(rating.landedUnitPrice),
        unitPrice: rating.unitPrice === null ? null : Number(rating.unitPrice),
        best: Boolean(rating.best),
        band: rating.band ?? null,
        percentAboveBest: rating.percentAboveBest ?? null,
        explanations: explained(rating),
        awarded: awardedLines.has(rating.lineId),
      };
    }
    return {
      offer,
      cells,
      costs: Number(offer.packagingCost ?? 0) + Number(offer.shippingCost ?? 0) + Number(offer.customsCost ?? 0),
      pricedLines: lines.filter((line) => priced.has(line.id)),
      awards: active,
      totals: {} as Record<string, ProductTotal>,
    };
  });
  addProductTotals(rows, products);
  return rows;
}

/** A requested product with its quantities (pieces of the product) and its asked lines: a group of the comparison. */
export interface ProductColumn {
  productId: string;
  name: string;
  quantities: number[];
  lines: AskedLine[];
}

/** One supplier's figure for one product at one quantity. */
export interface ProductTotal {
  /**
   * Σ over the product's asked lines of landed unit price × pieces (the line's pieces at this many
   * products), exact; null unless the offer prices every one of those lines there and is rated.
   */
  total: string | null;
  linesAsked: number;
  linesPriced: number;
  /** The lowest total of the suppliers with one (ties all best). */
  best: boolean;
}

export const productKey = (productId: string, quantity: unknown) => `${productId}@${quantityOf(quantity)}`;

/** The requested products that ask some line, in the lines' order, each at its quantities. */
export function productColumns(
  products: readonly Pick<PurchaseRequestProduct, 'productId' | 'productNumber' | 'productName' | 'quantities'>[],
  lines: readonly AskedLine[],
): ProductColumn[] {
  const columns: ProductColumn[] = [];
  for (const line of lines) {
    let column = columns.find((found) => found.productId === line.productId);
    if (!column) {
      const product = products.find((found) => found.productId === line.productId);
      if (!product) continue;
      const name = [product.productNumber, product.productName].filter(Boolean).join(' ');
      column = { productId: line.productId, name, quantities: [...new Set(product.quantities.map(quantityOf))].sort((a, b) => a - b), lines: [] };
      columns.push(column);
    }
    column.lines.push(line);
  }
  return columns;
}

/**
 * Per requested product and quantity q, each supplier's landed total for that
 * product, Σ landed unit price × pieces over all its asked lines (a part at q × its pieces per
 * product), from the rating's landed prices; the lowest complete total is the best. An offer leaving a
 * line of the product open at q has no total there (it says how many lines it prices).
 */
function addProductTotals(rows: MatrixRow[], products: readonly ProductColumn[]): void {
  for (const product of products) {
    for (const quantity of product.quantities) {
      const key = productKey(product.productId, quantity);
      for (const row of rows) {
        const parts = product.lines.map((line) => {
          const pieces = quantityOf(quantity * line.perProduct);
          const cell = row.cells[cellKey(line.id, pieces)];
          return { priced: Boolean(cell), amount: cell?.landedExact ? multiplyDecimals(cell.landedExact, pieces) : null };
        });
        const linesPriced = parts.filter((part) => part.priced).length;
        const complete = parts.every((part) => part.amount !== null);
        row.totals[key] = { total: complete ? addDecimals(...parts.map((part) => part.amount)) : null, linesAsked: product.lines.length, linesPriced, best: false };
      }
      const totals = rows.map((row) => row.totals[key].total).filter((total): total is string => total !== null);
      if (totals.length === 0) continue;
      const lowest = totals.reduce((low, total) => (compareNumbers(total, low) < 0 ? total : low));
      for (const row of rows) {
        const total = row.totals[key].total;
        if (total !== null && compareNumbers(total, lowest) === 0) row.totals[key].best = true;
      }
    }
  }
}

/** Columns the matrix sorts by besides the cells (`cell:<group>@<quantity>`). */
export type SortKey = 'rank' | 'supplier' | 'stars' | 'leadTime' | 'shippingDate' | 'costs' | `cell:${string}` | `product:${string}`;
export type SortOrder = 'asc' | 'desc';
export interface MatrixSort {
  key: SortKey;
  order: SortOrder;
}

/** The order a first click gives: the best first (most stars; lowest price, lead time, costs; earliest date). */
export const firstOrder = (key: SortKey): SortOrder => (key === 'stars' ? 'desc' : 'asc');

/** A header clicked: its first order, or the other way when it already sorts. */
export function nextSort(current: MatrixSort, key: SortKey): MatrixSort {
  return current.key === key ? { key, order: current.order === 'asc' ? 'desc' : 'asc' } : { key, order: firstOrder(key) };
}

function sortValue(row: MatrixRow, key: SortKey): number | string | null {
  const { offer } = row;
  switch (key) {
    case 'rank':
      return offer.rating?.rank ?? null;
    case 'supplier':
      return offer.supplierName ?? '';
    case 'stars':
      return offer.stars ?? null;
    case 'leadTime':
      return offer.leadTimeDays ?? null;
    case 'shippingDate': {
      const time = offer.shippingDate ? new Date(offer.shippingDate).getTime() : NaN;
      return Number.isFinite(time) ? time : null;
    }
    case 'costs':
      return row.costs;
    default: {
      if (key.startsWith('product:')) {
        const total = row.totals[key.slice('product:'.length)]?.total;
        return total === null || total === undefined ? null : Number(total);
      }
      const cell = row.cells[key.slice('cell:'.length)];
      if (!cell) return null;
      return cell.landed ?? cell.unitPrice;
    }
  }
}

/**
 * The rows in `sort`'s order. What a row lacks (an unpriced quantity, no lead time, not rated yet)
 * comes last either way; equal rows keep the rating's rank, then the supplier's name.
 */
export function sortRows(rows: readonly MatrixRow[], sort: MatrixSort): MatrixRow[] {
  const direction = sort.order === 'asc' ? 1 : -1;
  const compare = (a: number | string | null, b: number | string | null) => {
    if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
    if (typeof a === 'string' || typeof b === 'string') return direction * String(a).localeCompare(String(b));
    return direction * (a - b);
  };
  const rank = (row: MatrixRow) => row.offer.rating?.rank ?? Number.MAX_SAFE_INTEGER;
  return [...rows].sort(
    (a, b) => compare(sortValue(a, sort.key), sortValue(b, sort.key)) || rank(a) - rank(b) || (a.offer.supplierName ?? '').localeCompare(b.offer.supplierName ?? ''),
  );
}

/**
 * Band colours: a light background per band with dark text (contrast far above 4.5:1 on each), from
 * green (within 5 %) to red (more than 50 %). The band is also said in words (aria-label, tooltip).
 */
export const BAND_COLORS: Record<number, string> = {
  1: '#c8e6c9',
  2: '#e6f2c2',
  3: '#fff3b0',
  4: '#ffd8a8',
  5: '#ffc9c9',
};
export const BAND_TEXT = '#1b1b1b';

/** Weights as shares of their sum, in whole percent: 0.6 / 0.25 / 0.15 → 60 / 25 / 15. */
export function weightShares(weights: { price: number | string; delivery: number | string; completeness: number | string } | null | undefined): { price: number; delivery: number; completeness: number } {
  const values = weights ?? DEFAULT_WEIGHTS;
  const price = Number(values.price);
  const delivery = Number(values.delivery);
  const completeness = Number(values.completeness);
  const sum = price + delivery + completeness;
  if (!Number.isFinite(sum) || sum <= 0) return weightShares(DEFAULT_WEIGHTS);
  const share = (value: number) => Math.round((value / sum) * 1000) / 10;
  return { price: share(price), delivery: share(delivery), completeness: share(completeness) };
}

/**
 * libs/rating's constants, repeated for the legend (the console does not bundle the rating library;
 * offer-matrix.spec.ts checks they are the same): percent above the best per price band, days longer
 * per delivery band, band scores, the stars' thresholds, completeness points, the trophy's share.
 */
export const PRICE_BAND_LIMITS = [5, 15, 30, 50] as const;
export const DELIVERY_BAND_LIMITS = [0, 2, 5, 10] as const;
export const BAND_SCORES = [100, 80, 60, 40, 20] as const;
export const STAR_THRESHOLDS = [
  { stars: 5, from: 90, label: 'excellent' },
  { stars: 4, from: 75, label: 'good' },
  { stars: 3, from: 60, label: 'average' },
  { stars: 2, from: 40, label: 'below-average' },
] as const;
export const COMPLETENESS_POINTS = { multipleTiers: 20, perCostGiven: 10, coverage: 50 } as const;
export const TROPHY_PERCENT = 95;
export const DEFAULT_WEIGHTS = { price: '0.6', delivery: '0.25', completeness: '0.15' } as const;
