/**
 * An order's life (docs/api-orders.md "Statuses"): one document from the first draft to the customer's
 * answer, so an offer that is ordered keeps its number. Draft is worked on; Offered went to the
 * customer; Ordered is the customer's yes and final (the dashboard counts it as won); Deferred is the
 * customer's "later"; Declined is a no, which may be taken up again as a new draft.
 */
export const ORDER_STATUSES = ['draft', 'offered', 'ordered', 'deferred', 'declined'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Where each status may go. Everything else, staying where it is included, is refused. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  // Sent to the customer, or given up before it was.
  draft: ['offered', 'declined'],
  // The customer's answer: yes, later or no; or back to draft to revise what was offered.
  offered: ['ordered', 'deferred', 'declined', 'draft'],
  // Offered again (revised terms), ordered after all, or declined.
  deferred: ['offered', 'ordered', 'declined'],
  // Taken up again: a draft once more, under the same number.
  declined: ['draft'],
  // Won: final. Its totals are the order volume; nothing takes it back.
  ordered: [],
};

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

export function canChangeStatus(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** Only a draft's items, prices, discounts, commission, VAT rate and currency change: an offer sent keeps its totals. */
export function totalsEditable(status: OrderStatus): boolean {
  return status === 'draft';
}

/** A draft or a declined offer may be deleted; what went to the customer and is still open, or was ordered, stays. */
export function deletable(status: OrderStatus): boolean {
  return status === 'draft' || status === 'declined';
}
