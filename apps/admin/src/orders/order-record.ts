import type { Order, OrderItem } from '../api/contracts';
import { decimalText, sameNumber } from '../shared/numbers';

/** A form's number as an exact decimal text; what cannot be read goes as it is, for the API to name. */
const exact = (value: unknown) => decimalText(value) ?? value;

/** An order as the console reads it (docs/api-orders.md). */
export type OrderRecord = Order;
export type OrderStatus = Order['status'];

/** A line of the offer (docs/api-orders.md "order-items"): a product, a free line (freight, design work) or a text. */
export type OrderLine = OrderItem;
export type LineKind = OrderLine['kind'];

/** docs/api-orders.md "Statuses", in the order the chips and filters list them. */
export const ORDER_STATUSES: readonly OrderStatus[] = ['draft', 'offered', 'ordered', 'deferred', 'declined'];
export const ORDER_STATUS_PREFIX = 'fabquote.status.order';

/** Only a Draft changes its items, prices, commission, VAT rate and currency (docs/api-orders.md). */
export const isDraft = (order: { status?: string } | undefined): boolean => order?.status === 'draft';

/** docs/api-orders.md's message, the same words client-side. */
export const NEEDS_PRODUCT = 'resources.orders.validation.needs_product';

export interface CreateLine {
  productId?: string | null;
  quantity?: number | string | null;
}

export interface CreateValues {
  name?: string | null;
  customerId?: string | null;
  contactName?: string | null;
  contactPhone?: string | null;
  contactEmail?: string | null;
  requestNumber?: string | null;
  validUntil?: string | null;
  items?: CreateLine[];
}

/** A chosen product in a line; empty lines (an added row left blank) are no product. */
const chosenLines = (lines: readonly CreateLine[] | undefined) => (lines ?? []).filter((line) => Boolean(line?.productId));

/** The refusal before any call: an order needs at least one product selected. */
export function createRefusal(values: CreateValues): string | null {
  return chosenLines(values.items).length === 0 ? NEEDS_PRODUCT : null;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** POST /orders: the header's texts (empty ones left out) and the chosen products with their quantities. */
export function createPayload(values: CreateValues): Record<string, unknown> {
  const payload: Record<string, unknown> = {
    items: chosenLines(values.items).map((line) => ({ productId: line.productId, quantity: exact(line.quantity) })),
  };
  for (const field of ['name', 'contactName', 'contactPhone', 'contactEmail', 'requestNumber', 'validUntil'] as const) {
    const value = text(values[field]);
    if (value) payload[field] = value;
  }
  if (values.customerId) payload.customerId = values.customerId;
  return payload;
}

/** Header fields PUT /orders/:id takes; the totals, number and status are read-only. */
export const HEADER_FIELDS = [
  'name',
  'customerId',
  'language',
  'requestNumber',
  'customerOrderNumber',
  'description',
  'validUntil',
  'contactName',
  'contactPhone',
  'contactEmail',
  'paymentTerms',
  'currency',
  'shippingTerms',
  'shippingMethod',
  'shippingDate',
  'shippingDays',
  'commissionPercent',
  'vatRate',
] as const;

const EMPTY_IS_NULL = new Set(['requestNumber', 'customerOrderNumber', 'description', 'validUntil', 'contactName', 'contactPhone', 'contactEmail', 'paymentTerms', 'shippingTerms', 'shippingMethod', 'shippingDate', 'shippingDays', 'customerId']);

/** The edit page's record as PUT /orders/:id wants it: header fields only, an emptied text is none. */
export function headerPayload(data: Record<string, unknown>): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const field of HEADER_FIELDS) {
    if (!(field in data)) continue;
    const value = data[field];
    payload[field] = EMPTY_IS_NULL.has(field) && (value === '' || value === undefined) ? null : value;
  }
  return payload;
}

/** `OR-2026-0001.pdf`: the offer's file name. */
export const pdfFileName = (order: { number?: string | null; id: string }) => `${order.number || order.id}.pdf`;

/** A number of a form as the exact decimal text the API reads ("12.5"; the number input holds those already), null when empty. */
const numberOrNull = (value: unknown) => (value === '' || value === null || value === undefined ? null : exact(value));
const textOrNull = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** POST /order-items: an empty price is the price taken from the product, and needs no reason. */
export function itemAddPayload(data: Record<string, unknown>): Record<string, unknown> {
  const unitPrice = numberOrNull(data.unitPrice);
  const discountPercent = numberOrNull(data.discountPercent);
  return {
    orderId: data.orderId,
    productId: data.productId,
    quantity: exact(data.quantity),
    ...(unitPrice === null ? {} : { unitPrice, unitPriceReason: textOrNull(data.unitPriceReason) }),
    ...(discountPercent === null ? {} : { discountPercent }),
  };
}

/**
 * PUT /order-items/:id. An emptied price, or one left at the price taken, goes back to the price taken
 * (`unitPrice: null`, no reason), so a new quantity is priced again from the product (docs/api-orders.md).
 */
export function itemEditPayload(data: Record<string, unknown>): Record<string, unknown> {
  const price = numberOrNull(data.unitPrice);
  const unitPrice = price !== null && sameNumber(price, data.takenUnitPrice) ? null : price;
  return {
    quantity: exact(data.quantity),
    unitPrice,
    unitPriceReason: unitPrice === null ? null : textOrNull(data.unitPriceReason),
    discountPercent: numberOrNull(data.discountPercent) ?? '0',
  };
}

/** The calculation a product line's price comes from: '' is the product's latest standard one (docs/api-orders.md "Unit prices"). */
export const LATEST_STANDARD = '';

/** The choice a product line's form starts with: the what-if chosen for it, else the latest standard calculation. */
export const chosenCalculation = (line: Pick<OrderLine, 'calculationId' | 'calculationWhatIf'>): string => (line.calculationWhatIf && line.calculationId ? line.calculationId : LATEST_STANDARD);

/**
 * POST /order-items for a new line of `kind` (docs/api-orders.md): a product line as `itemAddPayload` with the
 * calculation chosen; a free line its text, quantity, unit (empty: pieces), unit price and discount; a text line
 * its text only.
 */
export function lineAddPayload(kind: LineKind, data: Record<string, unknown>): Record<string, unknown> {
  if (kind === 'text') return { orderId: data.orderId, kind, text: textOrNull(data.text) };
  if (kind === 'free') {
    const discountPercent = numberOrNull(data.discountPercent);
    return {
      orderId: data.orderId,
      kind,
      text: textOrNull(data.text),
      quantity: exact(data.quantity),
      unit: textOrNull(data.unit),
      unitPrice: numberOrNull(data.unitPrice),
      ...(discountPercent === null ? {} : { discountPercent }),
    };
  }
  const calculationId = typeof data.calculationId === 'string' && data.calculationId ? data.calculationId : null;
  return { ...itemAddPayload(data), kind, ...(calculationId ? { calculationId } : {}) };
}

/** PUT /order-items/:id for a line edited in place: the fields its kind has (the kind itself never changes). */
export function lineEditPayload(kind: LineKind, data: Record<string, unknown>): Record<string, unknown> {
  if (kind === 'text') return { text: textOrNull(data.text) };
  if (kind === 'free') {
    return {
      text: textOrNull(data.text),
      quantity: exact(data.quantity),
      unit: textOrNull(data.unit),
      unitPrice: numberOrNull(data.unitPrice),
      discountPercent: numberOrNull(data.discountPercent) ?? '0',
    };
  }
  const calculationId = typeof data.calculationId === 'string' && data.calculationId ? data.calculationId : null;
  return { ...itemEditPayload(data), calculationId };
}

/** The ids of the lines with the one at `index` moved `by` places (−1 up, +1 down); unchanged at either end. */
export function movedLines(ids: readonly string[], index: number, by: -1 | 1): string[] {
  const target = index + by;
  const next = [...ids];
  if (index < 0 || index >= ids.length || target < 0 || target >= ids.length) return next;
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

/** How a line says where its price came from: a key under `resources.items.price_source` and what it names. */
export interface PriceSourceText {
  key: 'calculation' | 'what_if' | 'bulk_price' | 'own' | 'manual' | 'free';
  /** The tier or band (pieces) the price was taken at. */
  quantity?: number | null;
  reason?: string | null;
  /** The price the product gave, beside an own price. */
  taken?: number | null;
}

export function priceSourceText(line: Pick<OrderLine, 'kind' | 'priceSource' | 'calculationWhatIf' | 'priceQuantity' | 'unitPrice' | 'takenUnitPrice' | 'unitPriceReason'>): PriceSourceText | null {
  if (line.kind === 'text') return null;
  if (line.kind === 'free' || line.priceSource === 'free') return { key: 'free' };
  if (line.priceSource === 'manual') return { key: 'manual', reason: line.unitPriceReason };
  if (line.takenUnitPrice !== null && line.unitPriceReason && !sameNumber(line.unitPrice, line.takenUnitPrice)) {
    return { key: 'own', reason: line.unitPriceReason, taken: line.takenUnitPrice };
  }
  if (line.priceSource === 'bulk_price') return { key: 'bulk_price', quantity: line.priceQuantity };
  return { key: line.calculationWhatIf ? 'what_if' : 'calculation', quantity: line.priceQuantity };
}
