import { Injectable } from '@nestjs/common';
import { TenantTransactions } from '@fabquote/database';
import { ORDER_ROWS, ORDER_STATUSES, OrderStatus } from '../orders';
import { readSettings, TIME_ZONE } from '../settings';
import type { Period } from './dashboard-interval';

export const PRODUCT_STATUSES = ['ready', 'pending', 'creation_stopped', 'manually_created', 'generated_from_data_extractor'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export interface StatusCount<S extends string> {
  status: S;
  count: number;
}
export interface Conversion {
  offered: number;
  ordered: number;
  /** ordered / offered, 0–1 to four decimals; null when nothing was offered. */
  rate: number | null;
}
export interface OrderVolume {
  currency: string;
  orders: number;
  valueOfGoods: number;
  subtotal: number;
  totalWithVat: number;
}
export interface RecentOrder {
  id: string;
  number: string;
  name: string;
  status: OrderStatus;
  customerName: string | null;
  currency: string;
  valueOfGoods: number;
  totalWithVat: number;
  createdAt: Date;
}
export interface RecentProduct {
  id: string;
  number: string;
  name: string;
  status: ProductStatus;
  createdAt: Date;
}

const RECENT = 5;

/** Every status in its order, counted or 0, so a chart's bars never move. */
function everyStatus<S extends string>(statuses: readonly S[], rows: Array<{ status: S; count: number }>): Array<StatusCount<S>> {
  const counted = new Map(rows.map((row) => [row.status, Number(row.count)]));
  return statuses.map((status) => ({ status, count: counted.get(status) ?? 0 }));
}

/**
 * The dashboard's reads: one query per widget group, each bounded by the period on an indexed
 * time column (migrations 1795220900000-orders and 1795221000000-dashboard). No query names the
 * organization: row-level security does, inside the request's tenant transaction.
 */
@Injectable()
export class DashboardRepository {
  constructor(private readonly tenant: TenantTransactions) {}

  private query<T>(sql: string, { from, to }: Period): Promise<T[]> {
    return this.tenant.manager().query(sql, [from, to]);
  }

  /** Orders created in the period, by their status now (the counts add up to the number of orders). */
  async ordersByStatus(period: Period): Promise<Array<StatusCount<OrderStatus>>> {
    const rows = await this.query<{ status: OrderStatus; count: number }>(
      `SELECT status, count(*)::int AS count FROM orders WHERE created_at >= $1 AND created_at < $2 GROUP BY status`,
      period,
    );
    return everyStatus(ORDER_STATUSES, rows);
  }

  /**
   * Orders offered in the period (a change to Offered in their history, counted once), and how many of
   * them are Ordered now. Ordered is final and comes after the offer, so those are found among the
   * orders Ordered since the period began (an index range) rather than by reading every order.
   */
  async conversion(period: Period): Promise<Conversion> {
    const [row] = await this.query<{ offered: number; ordered: number }>(
      `SELECT (SELECT count(DISTINCT h.order_id)::int FROM order_status_changes h
                WHERE h.to_status = 'offered' AND h.changed_at >= $1 AND h.changed_at < $2) AS offered,
              (SELECT count(*)::int FROM orders o
                WHERE o.status = 'ordered' AND o.status_changed_at >= $1
                  AND EXISTS (SELECT 1 FROM order_status_changes h
                               WHERE h.order_id = o.id AND h.to_status = 'offered' AND h.changed_at >= $1 AND h.changed_at < $2)) AS ordered`,
      period,
    );
    return { offered: row.offered, ordered: row.ordered, rate: conversionRate(row.ordered, row.offered) };
  }

  /** Offers the customer accepted on the offer page in the period (docs/api-orders.md "The customer's offer page"). */
  async onlineAcceptances(period: Period): Promise<number> {
    const [row] = await this.query<{ count: number }>(`SELECT count(*)::int AS count FROM orders WHERE accepted_online_at >= $1 AND accepted_online_at < $2`, period);
    return row.count;
  }

  /** Requests from the public quote page in the period (docs/api-surveys.md "The quote-request page"). */
  async quoteRequests(period: Period): Promise<number> {
    const [row] = await this.query<{ count: number }>(`SELECT count(*)::int AS count FROM quote_requests WHERE created_at >= $1 AND created_at < $2`, period);
    return row.count;
  }

  /** Orders that became Ordered in the period (Ordered is final: its `status_changed_at` is that moment), summed per currency. */
  async orderVolume(period: Period): Promise<OrderVolume[]> {
    // Summing a year's orders costs a few hundred thousand planner units, past PostgreSQL's JIT threshold;
    // compiling costs more than it saves on a query this size (measured: 35 ms of 370 at 10,000 orders).
    await this.tenant.manager().query(`SET LOCAL jit = off`);
    return this.query<OrderVolume>(
      `SELECT t.currency, count(*)::int AS orders, sum(t.value_of_goods)::float8 AS "valueOfGoods",
              sum(t.subtotal)::float8 AS subtotal, sum(t.total_with_vat)::float8 AS "totalWithVat"
         FROM ${ORDER_ROWS} t
        WHERE t.status = 'ordered' AND t.status_changed_at >= $1 AND t.status_changed_at < $2
        GROUP BY t.currency ORDER BY "valueOfGoods" DESC, t.currency`,
      period,
    );
  }

  /** The newest orders created in the period; totals computed for these five only. */
  async recentOrders(period: Period): Promise<RecentOrder[]> {
    return this.query<RecentOrder>(
      `SELECT t.id, t.number, t.name, t.status, t.customer_name AS "customerName", t.currency,
              t.value_of_goods::float8 AS "valueOfGoods", t.total_with_vat::float8 AS "totalWithVat", t.created_at AS "createdAt"
         FROM ${ORDER_ROWS} t
        WHERE t.id IN (SELECT id FROM orders WHERE created_at >= $1 AND created_at < $2 ORDER BY created_at DESC, id DESC LIMIT ${RECENT})
        ORDER BY t.created_at DESC, t.id DESC`,
      period,
    );
  }

  /** Products created in the period, by their status now. */
  async productsByStatus(period: Period): Promise<Array<StatusCount<ProductStatus>>> {
    const rows = await this.query<{ status: ProductStatus; count: number }>(
      `SELECT status, count(*)::int AS count FROM products WHERE created_at >= $1 AND created_at < $2 GROUP BY status`,
      period,
    );
    return everyStatus(PRODUCT_STATUSES, rows);
  }

  async recentProducts(period: Period): Promise<RecentProduct[]> {
    return this.query<RecentProduct>(
      `SELECT id, number, name, status, created_at AS "createdAt" FROM products
        WHERE created_at >= $1 AND created_at < $2 ORDER BY created_at DESC, id DESC LIMIT ${RECENT}`,
      period,
    );
  }

  /** The setting `time-zone` as stored (checked on write), or null: settings' `readSettings`. */
  async timeZoneSetting(): Promise<unknown> {
    return (await readSettings(this.tenant.manager(), [TIME_ZONE]))[TIME_ZONE] ?? null;
  }
}

/**
 * Ordered of offered as a fraction, from the counts and rounded once, half up, to a tenth of a percent: what the
 * console shows without rounding again (7 of 13 → 0.538, "53.8 %"; rounding to 0.5385 first made it 53.9 %).
 * Integers throughout: `ordered × 1000 / offered` is rounded by comparing the remainder with half the divisor.
 */
export function conversionRate(ordered: number, offered: number): number | null {
  if (!offered) return null;
  const whole = Math.floor((ordered * 1000) / offered);
  const remainder = ordered * 1000 - whole * offered;
  return (2 * remainder >= offered ? whole + 1 : whole) / 1000;
}
