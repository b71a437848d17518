import { canChangeStatus, deletable, isOrderStatus, ORDER_STATUSES, ORDER_TRANSITIONS, OrderStatus, totalsEditable } from './order-status';

/** Every pair of statuses, each legal or not, as docs/api-orders.md writes them down. */
const LEGAL: Array<[OrderStatus, OrderStatus]> = [
  ['draft', 'offered'],
  ['draft', 'declined'],
  ['offered', 'ordered'],
  ['offered', 'deferred'],
  ['offered', 'declined'],
  ['offered', 'draft'],
  ['deferred', 'offered'],
  ['deferred', 'ordered'],
  ['deferred', 'declined'],
  ['declined', 'draft'],
];

describe('order statuses', () => {
  const pairs = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to): [OrderStatus, OrderStatus] => [from, to]));
  const legal = new Set(LEGAL.map(([from, to]) => `${from}→${to}`));

  it.each(pairs)('%s → %s is allowed exactly when the documented table says so', (from, to) => {
    expect(canChangeStatus(from, to)).toBe(legal.has(`${from}→${to}`));
  });

  it('knows 25 pairs: 10 legal, 15 refused (staying put among them), and Ordered is final', () => {
    expect(pairs).toHaveLength(25);
    expect(pairs.filter(([from, to]) => canChangeStatus(from, to))).toHaveLength(10);
    for (const status of ORDER_STATUSES) expect(canChangeStatus(status, status)).toBe(false);
    expect(ORDER_TRANSITIONS.ordered).toEqual([]);
  });

  it('lets only a draft change its totals, and deletes drafts and declined offers only', () => {
    expect(ORDER_STATUSES.filter(totalsEditable)).toEqual(['draft']);
    expect(ORDER_STATUSES.filter(deletable)).toEqual(['draft', 'declined']);
  });

  it('tells a status from anything else', () => {
    expect(isOrderStatus('offered')).toBe(true);
    for (const value of ['Offered', '', null, 1, ['draft'], 'cancelled']) expect(isOrderStatus(value)).toBe(false);
  });
});
