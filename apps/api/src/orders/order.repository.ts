import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { ListRows } from '../common/list-query';
import { TenantTransactions } from '@fabquote/database';
import { userNames } from '../identity';
import { customerFacts } from '../master-data';
import { ProductPrice, ProductPrices } from '../products';
import { Order, OrderItem, OrderStatusChange } from './order.entity';
import type { OrderLineKind } from './item-price';
import type { OrderStatus } from './order-status';

/** The online acceptance an order shows: who accepted on the offer page, when, with the order number and note given. */
export interface OnlineAcceptance {
  name: string;
  at: string;
  customerOrderNumber: string | null;
  note: string | null;
}

/** An order as its resource answers it (numbers as JSON numbers, like every resource; days as ISO texts). */
export interface OrderRow {
  id: string;
  number: string;
  name: string;
  status: OrderStatus;
  customerId: string | null;
  customerName: string | null;
  language: 'en' | 'de';
  requestNumber: string | null;
  customerOrderNumber: string | null;
  description: string | null;
  validUntil: string | null;
  contactName: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
  paymentTerms: string | null;
  currency: string;
  shippingTerms: string | null;
  shippingMethod: string | null;
  shippingDate: string | null;
  shippingDays: number | null;
  commissionPercent: number;
  vatRate: number;
  itemsCount: number;
  totalQuantity: number;
  totalPrice: number;
  discountAmount: number;
  valueOfGoods: number;
  commission: number;
  subtotal: number;
  vatAmount: number;
  totalWithVat: number;
  createdBy: string | null;
  createdByName: string | null;
  acceptedOnline: OnlineAcceptance | null;
  declineReason: string | null;
  statusChangedAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

/** An order line as its resource answers it, with its order's and product's names; a text line's figures are null. */
export interface OrderItemRow {
  id: string;
  orderId: string;
  orderNumber: string;
  orderName: string;
  orderStatus: OrderStatus;
  currency: string;
  kind: OrderLineKind;
  productId: string | null;
  productName: string | null;
  productNumber: string | null;
  text: string | null;
  unit: string | null;
  position: number;
  quantity: number | null;
  unitPrice: number | null;
  takenUnitPrice: number | null;
  priceSource: string | null;
  calculationId: string | null;
  calculationWhatIf: boolean;
  priceQuantity: number | null;
  unitPriceReason: string | null;
  discountPercent: number | null;
  amount: number | null;
  discountAmount: number | null;
  lineTotal: number | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A line of an order's status history, with the name of who changed it (none: the customer on the offer page). */
export interface OrderStatusChangeRow {
  id: string;
  orderId: string;
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  changedBy: string | null;
  changedByName: string | null;
  source: string | null;
  note: string | null;
  changedAt: Date;
}

/** The row each view answers. */
interface ViewRows {
  orders: OrderRow;
  items: OrderItemRow;
  changes: OrderStatusChangeRow;
}

/** A line's amount and discount, rounded where `order-totals.ts` rounds them (numeric `round` is half away from zero). */
const AMOUNT = 'round(i.quantity * i.unit_price, 2)';
const DISCOUNT = `round(${AMOUNT} * i.discount_percent * 0.01, 2)`;

/**
 * Orders with their totals, computed in SQL exactly as `orderTotals` computes them (order-totals.ts:
 * the same rounding points), so lists can sort and filter by them and a dashboard can sum them.
 * Product and free lines count; a text line has no amount (its quantity and price are null, which
 * the sums pass over). The total quantity is the pieces of the product lines (a free line's unit is its own).
 */
export const ORDER_ROWS = `(
  SELECT o.*, c.name AS customer_name, NULL::text AS created_by_name,
         s.items_count, s.total_quantity, s.total_price, s.discount_amount, g.value_of_goods, k.commission,
         g.value_of_goods + k.commission AS subtotal, v.vat_amount, g.value_of_goods + k.commission + v.vat_amount AS total_with_vat
    FROM orders o
    LEFT JOIN customers c ON c.id = o.customer_id
   CROSS JOIN LATERAL (
         SELECT (count(*) FILTER (WHERE i.kind <> 'text'))::int AS items_count,
                coalesce(sum(i.quantity) FILTER (WHERE i.kind = 'product'), 0) AS total_quantity,
                coalesce(sum(${AMOUNT}), 0) AS total_price, coalesce(sum(${DISCOUNT}), 0) AS discount_amount
           FROM order_items i WHERE i.order_id = o.id) s
   CROSS JOIN LATERAL (SELECT s.total_price - s.discount_amount AS value_of_goods) g
   CROSS JOIN LATERAL (SELECT round(g.value_of_goods * o.commission_percent * 0.01, 2) AS commission) k
   CROSS JOIN LATERAL (SELECT round((g.value_of_goods + k.commission) * o.vat_rate * 0.01, 2) AS vat_amount) v)`;

/** What an orders list filters and searches by, for its total: the orders with their customer's name (each order once). */
const ORDERS_COUNTED = '(SELECT o.*, c.name AS customer_name FROM orders o LEFT JOIN customers c ON c.id = o.customer_id)';

const number = (column: string, name: string) => `t.${column}::float8 AS "${name}"`;

/** An order as the resource answers it (numbers as JSON numbers, like every resource). */
const ORDER_COLUMNS = [
  't.id',
  't.number',
  't.name',
  't.status',
  't.customer_id AS "customerId"',
  't.customer_name AS "customerName"',
  't.language',
  't.request_number AS "requestNumber"',
  't.customer_order_number AS "customerOrderNumber"',
  't.description',
  `to_char(t.valid_until, 'YYYY-MM-DD') AS "validUntil"`,
  't.contact_name AS "contactName"',
  't.contact_phone AS "contactPhone"',
  't.contact_email AS "contactEmail"',
  't.payment_terms AS "paymentTerms"',
  't.currency',
  't.shipping_terms AS "shippingTerms"',
  't.shipping_method AS "shippingMethod"',
  `to_char(t.shipping_date, 'YYYY-MM-DD') AS "shippingDate"`,
  't.shipping_days AS "shippingDays"',
  number('commission_percent', 'commissionPercent'),
  number('vat_rate', 'vatRate'),
  't.items_count AS "itemsCount"',
  number('total_quantity', 'totalQuantity'),
  number('total_price', 'totalPrice'),
  number('discount_amount', 'discountAmount'),
  number('value_of_goods', 'valueOfGoods'),
  number('commission', 'commission'),
  number('subtotal', 'subtotal'),
  number('vat_amount', 'vatAmount'),
  number('total_with_vat', 'totalWithVat'),
  't.created_by AS "createdBy"',
  't.created_by_name AS "createdByName"',
  `CASE WHEN t.accepted_online_at IS NULL THEN NULL ELSE json_build_object('name', t.accepted_online_by, 'at', t.accepted_online_at, 'customerOrderNumber', t.customer_order_number, 'note', t.acceptance_note) END AS "acceptedOnline"`,
  't.decline_reason AS "declineReason"',
  't.status_changed_at AS "statusChangedAt"',
  't.created_at AS "createdAt"',
  't.updated_at AS "updatedAt"',
].join(', ');

/** Lines with their order's and product's names and their amounts (null: a text line); whether their calculation is a what-if, `withWhatIf`. */
export const ITEM_ROWS = `(
  SELECT i.*, o.number AS order_number, o.name AS order_name, o.status AS order_status, o.currency,
         p.name AS product_name, p.number AS product_number, false AS calculation_what_if,
         ${AMOUNT} AS amount, ${DISCOUNT} AS discount_amount
    FROM order_items i JOIN orders o ON o.id = i.order_id
    LEFT JOIN products p ON p.id = i.product_id)`;

const ITEM_COLUMNS = [
  't.id',
  't.order_id AS "orderId"',
  't.order_number AS "orderNumber"',
  't.order_name AS "orderName"',
  't.order_status AS "orderStatus"',
  't.currency',
  't.kind',
  't.product_id AS "productId"',
  't.product_name AS "productName"',
  't.product_number AS "productNumber"',
  't.text',
  't.unit',
  't.position',
  number('quantity', 'quantity'),
  number('unit_price', 'unitPrice'),
  number('taken_unit_price', 'takenUnitPrice'),
  't.price_source AS "priceSource"',
  't.calculation_id AS "calculationId"',
  't.calculation_what_if AS "calculationWhatIf"',
  number('price_quantity', 'priceQuantity'),
  't.unit_price_reason AS "unitPriceReason"',
  number('discount_percent', 'discountPercent'),
  number('amount', 'amount'),
  number('discount_amount', 'discountAmount'),
  '(t.amount - t.discount_amount)::float8 AS "lineTotal"',
  't.created_at AS "createdAt"',
  't.updated_at AS "updatedAt"',
].join(', ');

/** The status history; who changed it is named by `withUserNames` (identity's `userNames`). */
const CHANGE_ROWS = `(SELECT h.*, NULL::text AS changed_by_name FROM order_status_changes h)`;

const CHANGE_COLUMNS = [
  't.id',
  't.order_id AS "orderId"',
  't.from_status AS "fromStatus"',
  't.to_status AS "toStatus"',
  't.changed_by AS "changedBy"',
  't.changed_by_name AS "changedByName"',
  't.source',
  't.note',
  't.changed_at AS "changedAt"',
].join(', ');

const VIEWS = {
  orders: [ORDER_ROWS, ORDER_COLUMNS],
  items: [ITEM_ROWS, ITEM_COLUMNS],
  changes: [CHANGE_ROWS, CHANGE_COLUMNS],
} as const;
export type OrderView = keyof typeof VIEWS;

/**
 * Orders, their items and status history, read and written in the request's tenant transaction
 * (row-level security keeps every query to the organization, so none filters by it).
 */
@Injectable()
export class OrderRepository {
  constructor(private readonly tenant: TenantTransactions) {}

  get manager(): EntityManager {
    return this.tenant.manager();
  }

  /** The rows of a list, for `readPage` (alias `t`); an order list's total counts the orders without summing their lines. */
  listBuilder<V extends OrderView>(view: V): ListRows<ViewRows[V]> {
    const [rows, columns] = VIEWS[view];
    return { manager: this.manager, select: columns, from: `${rows} t`, counted: view === 'orders' ? `${ORDERS_COUNTED} t` : undefined };
  }

  async record<V extends OrderView>(view: V, id: string): Promise<ViewRows[V] | undefined> {
    const [rows, columns] = VIEWS[view];
    const [row] = await this.manager.query<Array<ViewRows[V]>>(`SELECT ${columns} FROM ${rows} t WHERE t.id = $1`, [id]);
    return row;
  }

  /**
   * Rows with who made or changed them named by identity's `userNames` (one statement for the page; no user: null).
   * The rows, freshly read, are named in place rather than copied: their `name` column is already there (null).
   */
  async withUserNames<R extends object>(rows: R[], id: keyof R & string, name: keyof R & string): Promise<R[]> {
    const names = await userNames(this.manager, rows.map((row) => row[id] as string | null));
    for (const row of rows) (row as Record<string, unknown>)[name] = names.get(row[id] as string) ?? null;
    return rows;
  }

  /** Lines with `calculationWhatIf` said by products' reader (one statement for the page). */
  async withWhatIf(rows: OrderItemRow[]): Promise<OrderItemRow[]> {
    const whatIfs = await ProductPrices.whatIfs(this.manager, rows.map((row) => row.calculationId));
    return rows.map((row) => (row.calculationId && whatIfs.has(row.calculationId) ? { ...row, calculationWhatIf: true } : row));
  }

  /** An order's items in their order, as the resource answers them. */
  async itemsOf(orderId: string): Promise<OrderItemRow[]> {
    return this.withWhatIf(await this.manager.query<OrderItemRow[]>(`SELECT ${ITEM_COLUMNS} FROM ${ITEM_ROWS} t WHERE t.order_id = $1 ORDER BY t.position, t.created_at, t.id`, [orderId]));
  }

  /** The order, its row locked until the transaction ends: item edits, status changes and deletes of one order take turns. */
  lock(id: string): Promise<Order | null> {
    return this.manager.getRepository(Order).createQueryBuilder('o').setLock('pessimistic_write').where('o.id = :id', { id }).getOne();
  }

  item(id: string): Promise<OrderItem | null> {
    return this.manager.getRepository(OrderItem).findOneBy({ id });
  }

  /** Which of `ids` exist (of this organization: row-level security hides the others); products and master data own them. */
  existing(table: 'products' | 'customers', ids: string[]): Promise<Set<string>> {
    if (table === 'products') return ProductPrices.existing(this.manager, ids);
    return customerFacts(this.manager, ids).then((found) => new Set(found.keys()));
  }

  /** Whether a calculation is a what-if (priced at quantities someone chose); null: no such calculation (products' reader). */
  calculationWhatIf(id: string): Promise<boolean | null> {
    return ProductPrices.calculationWhatIf(this.manager, id);
  }

  /** A customer's language (the offer's PDF and mail), or null: no such customer here (master data's reader). */
  async customerLanguage(id: string): Promise<'en' | 'de' | null> {
    return (await customerFacts(this.manager, [id])).get(id)?.language ?? null;
  }

  /**
   * Products by id with what their price is taken from (products' `ProductPrices`, one statement): the tiers of their
   * latest standard calculation or of the one chosen in `chosen` (product id → calculation id), and their bulk bands.
   */
  productPrices(ids: string[], chosen: ReadonlyMap<string, string> = new Map()): Promise<Map<string, ProductPrice>> {
    return ProductPrices.of(this.manager, ids, chosen);
  }

  /** How many lines with an amount (product and free lines) the order has. */
  async pricedLineCount(orderId: string): Promise<number> {
    const [{ count }] = await this.manager.query(`SELECT count(*)::int AS count FROM order_items WHERE order_id = $1 AND kind <> 'text'`, [orderId]);
    return count;
  }

  /** The ids of an order's lines in their order. */
  async lineIds(orderId: string): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.manager.query(`SELECT id FROM order_items WHERE order_id = $1 ORDER BY position, created_at, id`, [orderId]);
    return rows.map((row) => row.id);
  }

  /** Positions 1..n in the order of `ids` (every line of the order), writing only those that move. */
  async renumber(orderId: string, ids: string[]): Promise<void> {
    await this.manager.query(
      `UPDATE order_items i SET position = n.position, updated_at = now()
         FROM unnest($2::uuid[]) WITH ORDINALITY AS n(id, position)
        WHERE i.id = n.id AND i.order_id = $1 AND i.position <> n.position`,
      [orderId, ids],
    );
  }

  async hasProduct(orderId: string, productId: string, exceptItemId?: string): Promise<boolean> {
    const rows = await this.manager.query(`SELECT 1 FROM order_items WHERE order_id = $1 AND product_id = $2 AND id <> coalesce($3::uuid, '00000000-0000-0000-0000-000000000000')`, [
      orderId,
      productId,
      exceptItemId ?? null,
    ]);
    return rows.length > 0;
  }

  async nextPosition(orderId: string): Promise<number> {
    const [{ position }] = await this.manager.query(`SELECT coalesce(max(position), 0) + 1 AS position FROM order_items WHERE order_id = $1`, [orderId]);
    return position;
  }

  async insertOrder(order: Partial<Order>): Promise<string> {
    const saved = await this.manager.getRepository(Order).insert(order);
    return saved.identifiers[0].id as string;
  }

  async updateOrder(id: string, changes: Partial<Order>): Promise<void> {
    if (Object.keys(changes).length > 0) await this.manager.getRepository(Order).update(id, changes);
  }

  /**
   * A status change and its line in the history, by whom, at the same moment. No user: the customer on the offer
   * page (`via.source` 'customer-page', with the name typed or the reason given as its note).
   */
  async changeStatus(orderId: string, from: OrderStatus | null, to: OrderStatus, changedBy: string | null, via?: { source: 'customer-page'; note: string | null }): Promise<void> {
    const [{ now }] = await this.manager.query(`SELECT now() AS now`);
    if (from !== null) await this.manager.getRepository(Order).update(orderId, { status: to, statusChangedAt: now });
    await this.manager.getRepository(OrderStatusChange).insert({ orderId, fromStatus: from, toStatus: to, changedBy, changedAt: now, source: via?.source ?? null, note: via?.note ?? null });
  }

  async deleteOrder(id: string): Promise<void> {
    await this.manager.getRepository(Order).delete(id);
  }

  async insertItem(item: Partial<OrderItem>): Promise<string> {
    const saved = await this.manager.getRepository(OrderItem).insert(item);
    return saved.identifiers[0].id as string;
  }

  async updateItem(id: string, changes: Partial<OrderItem>): Promise<void> {
    await this.manager.getRepository(OrderItem).update(id, changes);
  }

  async deleteItem(id: string): Promise<void> {
    await this.manager.getRepository(OrderItem).delete(id);
  }

  /** Touches the order: its totals changed with an item. */
  async touch(orderId: string): Promise<void> {
    await this.manager.query(`UPDATE orders SET updated_at = now() WHERE id = $1`, [orderId]);
  }
}
