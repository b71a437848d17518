import type { Order } from '../api/contracts';
import { decimalText, sameNumber } from '../shared/numbers';

/** A form's number as an exact decimal text; what cannot be read goes as it is, for the API to name. */
const exact = (value: unknown) => decimalText(value) ?? value;

/** An order as the console reads it (docs/api-orders.md). */
export type OrderRecord = Order;
export type OrderStatus = Order['status'];

/** docs/api-orders.md "Statuses", in the order the chips and filters list them. */
export const ORDER_STATUSES: readonly OrderStatus[] = ['draft', 'offered', 'ordered', 'deferred', 'declined'];
export const ORDER_STATUS_PREFIX = 'fabquote.status.order';

/**
 * Where an order may go from each status (docs/api-orders.md's table). The API enforces it; the view
 * offers only these buttons, so an illegal change is never a click away. Ordered is final.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  draft: ['offered', 'declined'],
  offered: ['ordered', 'deferred', 'declined', 'draft'],
  deferred: ['offered', 'ordered', 'declined'],
  declined: ['draft'],
  ordered: [],
};

export function nextStatuses(status: string | null | undefined): readonly OrderStatus[] {
  return status && status in ORDER_TRANSITIONS ? ORDER_TRANSITIONS[status as OrderStatus] : [];
}

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

const EMPTY_IS_NULL = new Set(['requestNumber', 'description', 'validUntil', 'contactName', 'contactPhone', 'contactEmail', 'paymentTerms', 'shippingTerms', 'shippingMethod', 'shippingDate', 'shippingDays', 'customerId']);

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
