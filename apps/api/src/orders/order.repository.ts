import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { ListRows } from '../common/list-query';
import { TenantTransactions } from '@fabquote/database';
import type { BulkBand, CalculationTier } from './item-price';
import { Order, OrderItem, OrderStatusChange } from './order.entity';
import type { OrderStatus } from './order-status';

export type Row = Record<string, unknown> & { id: string };

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
  SELECT o.*, c.name AS customer_name, u.name AS created_by_name,
         s.items_count, s.total_quantity, s.total_price, s.discount_amount, g.value_of_goods, k.commission,
         g.value_of_goods + k.commission AS subtotal, v.vat_amount, g.value_of_goods + k.commission + v.vat_amount AS total_with_vat
    FROM orders o
    LEFT JOIN customers c ON c.id = o.customer_id
    LEFT JOIN users u ON u.id = o.created_by
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

/** Lines with their order's and product's names, whether their calculation is a what-if, and their amounts (null: a text line). */
export const ITEM_ROWS = `(
  SELECT i.*, o.number AS order_number, o.name AS order_name, o.status AS order_status, o.currency,
         p.name AS product_name, p.number AS product_number, coalesce(c.what_if, false) AS calculation_what_if,
         ${AMOUNT} AS amount, ${DISCOUNT} AS discount_amount
    FROM order_items i JOIN orders o ON o.id = i.order_id
    LEFT JOIN products p ON p.id = i.product_id
    LEFT JOIN calculations c ON c.id = i.calculation_id)`;

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

const CHANGE_ROWS = `(
  SELECT h.*, u.name AS changed_by_name FROM order_status_changes h LEFT JOIN users u ON u.id = h.changed_by)`;

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

/** What an item's price is taken from: the product, its latest calculation's tiers, its bulk price bands. */
export interface ProductPrices {
  id: string;
  name: string;
  calculationId: string | null;
  tiers: CalculationTier[] | null;
  bands: BulkBand[];
}

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
  listBuilder(view: OrderView): ListRows {
    const [rows, columns] = VIEWS[view];
    return { manager: this.manager, select: columns, from: `${rows} t`, counted: view === 'orders' ? `${ORDERS_COUNTED} t` : undefined };
  }

  async record(view: OrderView, id: string): Promise<Row | undefined> {
    const [rows, columns] = VIEWS[view];
    const [row] = await this.manager.query(`SELECT ${columns} FROM ${rows} t WHERE t.id = $1`, [id]);
    return row;
  }

  /** An order's items in their order, as the resource answers them. */
  async itemsOf(orderId: string): Promise<Row[]> {
    return this.manager.query(`SELECT ${ITEM_COLUMNS} FROM ${ITEM_ROWS} t WHERE t.order_id = $1 ORDER BY t.position, t.created_at, t.id`, [orderId]);
  }

  /** The order, its row locked until the transaction ends: item edits, status changes and deletes of one order take turns. */
  lock(id: string): Promise<Order | null> {
    return this.manager.getRepository(Order).createQueryBuilder('o').setLock('pessimistic_write').where('o.id = :id', { id }).getOne();
  }

  item(id: string): Promise<OrderItem | null> {
    return this.manager.getRepository(OrderItem).findOneBy({ id });
  }

  /** Which of `ids` exist in `table` (of this organization: row-level security hides the others). */
  async existing(table: 'products' | 'customers', ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows: Array<{ id: string }> = await this.manager.query(`SELECT id FROM ${table} WHERE id = ANY($1::uuid[])`, [ids]);
    return new Set(rows.map((row) => row.id));
  }

  /** Whether a calculation is a what-if (priced at quantities someone chose); null: no such calculation. */
  async calculationWhatIf(id: string): Promise<boolean | null> {
    const [row]: Array<{ what_if: boolean }> = await this.manager.query(`SELECT what_if FROM calculations WHERE id = $1`, [id]);
    return row ? row.what_if : null;
  }

  /** A customer's language (the offer's PDF and mail), or null: no such customer here. */
  async customerLanguage(id: string): Promise<'en' | 'de' | null> {
    const [row]: Array<{ language: 'en' | 'de' }> = await this.manager.query(`SELECT language FROM customers WHERE id = $1`, [id]);
    return row?.language ?? null;
  }

  /**
   * Products by id with what their price is taken from: the tiers of their latest standard calculation (not a
   * what-if), or of the calculation chosen for the product in `chosen` (product id → calculation id; one of
   * another product is none: `calculationId` null), and their bulk bands ascending.
   */
  async productPrices(ids: string[], chosen: ReadonlyMap<string, string> = new Map()): Promise<Map<string, ProductPrices>> {
    if (ids.length === 0) return new Map();
    const products: Array<{ id: string; name: string; calculation_id: string | null; tiers: CalculationTier[] | null }> = await this.manager.query(
      `SELECT p.id, p.name, c.id AS calculation_id, c.result->'tiers' AS tiers
         FROM products p
         LEFT JOIN LATERAL (
           SELECT c.id, c.result FROM calculations c
            WHERE c.product_id = p.id AND CASE WHEN $2::jsonb ? p.id::text THEN c.id::text = $2::jsonb->>p.id::text ELSE NOT c.what_if END
            ORDER BY c.index DESC LIMIT 1
         ) c ON true
        WHERE p.id = ANY($1::uuid[])`,
      [ids, JSON.stringify(Object.fromEntries(chosen))],
    );
    const bands: Array<BulkBand & { productId: string }> = await this.manager.query(
      `SELECT product_id AS "productId", min_quantity::text AS "minQuantity", max_quantity::text AS "maxQuantity", unit_price::text AS "unitPrice"
         FROM product_bulk_prices WHERE product_id = ANY($1::uuid[]) ORDER BY min_quantity, id`,
      [ids],
    );
    return new Map(
      products.map((product) => [
        product.id,
        {
          id: product.id,
          name: product.name,
          calculationId: product.calculation_id,
          tiers: Array.isArray(product.tiers) ? product.tiers : null,
          bands: bands.filter((band) => band.productId === product.id),
        },
      ]),
    );
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
