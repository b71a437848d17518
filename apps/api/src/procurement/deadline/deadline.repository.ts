import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { TenantTransactions } from '@fabquote/database';
import type { RankedOffer } from './deadline-mails';
import type { PurchaseRequestStatus } from '../shared/purchase-request.entity';

/** A request as its close and its ranking mail read it. */
export interface ClosedRequest {
  number: string;
  name: string;
  status: PurchaseRequestStatus;
  closed_at: Date | null;
  created_by: string | null;
}

/** A ranked offer, and whether the rating ranked it (else the asked prices and the landed total did). */
export interface RankedOfferRow extends RankedOffer {
  rated: boolean;
}

/** How many prices (line × quantity) the request asks: each operation and each part at each of its product's quantities. */
const ASKED_PRICES = `
  SELECT (SELECT count(*) FROM purchase_request_operations r JOIN product_operations po ON po.id = r.product_operation_id
            JOIN purchase_request_products rp ON rp.purchase_request_id = r.purchase_request_id AND rp.product_id = po.product_id
            CROSS JOIN LATERAL unnest(rp.quantities) q WHERE r.purchase_request_id = $1)
       + (SELECT count(*) FROM purchase_request_parts r JOIN product_parts pp ON pp.id = r.product_part_id
            JOIN purchase_request_products rp ON rp.purchase_request_id = r.purchase_request_id AND rp.product_id = pp.product_id
            CROSS JOIN LATERAL unnest(rp.quantities) q WHERE r.purchase_request_id = $1) AS asked`;

/**
 * The latest offer of each supplier, best first: by the stored rating's rank when the offers are rated
 * (the rating job, `rating_rank` 1 = best, and `rating_stars`), then the most of the asked prices given (prices at
 * quantities not asked are not counted),
 * the lowest landed total (Σ unit price × quantity, plus packaging, shipping and customs; exact
 * `numeric`), the earliest.
 */
const RANKED_OFFERS = `
  SELECT s.name AS "supplierName", o.lead_time_days AS "leadTimeDays", p.priced, p.total::text AS "landedTotal",
         o.rating_stars AS stars, o.rated_at IS NOT NULL AS rated
    FROM supplier_offers o
    JOIN suppliers s ON s.id = o.supplier_id
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS priced,
             coalesce(sum(x.unit_price * x.quantity), 0) + o.packaging_cost + o.shipping_cost + o.customs_cost AS total
        FROM supplier_offer_prices x
       WHERE x.supplier_offer_id = o.id
         -- Only prices at asked quantities count, as in the rating and the award.
         AND EXISTS (
           SELECT 1 FROM purchase_request_operations r JOIN product_operations po ON po.id = r.product_operation_id
             JOIN purchase_request_products rp ON rp.purchase_request_id = r.purchase_request_id AND rp.product_id = po.product_id
            WHERE r.id = x.purchase_request_operation_id AND x.quantity = ANY(rp.quantities)
           UNION ALL
           SELECT 1 FROM purchase_request_parts r JOIN product_parts pp ON pp.id = r.product_part_id
             JOIN purchase_request_products rp ON rp.purchase_request_id = r.purchase_request_id AND rp.product_id = pp.product_id
            WHERE r.id = x.purchase_request_part_id AND x.quantity IN (SELECT asked * pp.quantity FROM unnest(rp.quantities) asked))) p
   WHERE o.purchase_request_id = $1 AND o.latest
   ORDER BY o.rating_rank NULLS LAST, p.priced DESC, p.total, o.submitted_at, s.name`;

/** What the deadline reads and writes: the close of due requests, the suppliers to tell of a reopening, the ranking mail's facts. */
@Injectable()
export class DeadlineRepository {
  constructor(private readonly tenant: TenantTransactions) {}

  private get manager(): EntityManager {
    return this.tenant.manager();
  }

  /**
   * Closes the open requests whose deadline has come by `now`, `closed_at` = their deadline; answers their ids.
   * Concurrent checks do not close one twice: the update takes the row and re-reads its status.
   */
  async closeDue(now: Date): Promise<string[]> {
    const rows = await this.manager.query<Array<{ id: string }>>(
      `WITH closed AS (
         UPDATE purchase_requests SET status = 'closed', closed_at = close_submission_deadline, updated_at = now()
          WHERE status = 'open' AND close_submission_deadline <= $1 RETURNING id)
       SELECT id FROM closed`,
      [now],
    );
    return rows.map((row) => row.id);
  }

  /** The suppliers the request was sent to, in the order they were added. */
  async invitedSuppliers(purchaseRequestId: string): Promise<string[]> {
    const rows = await this.manager.query<Array<{ supplier_id: string }>>(
      `SELECT supplier_id FROM purchase_request_suppliers WHERE purchase_request_id = $1 AND invited_at IS NOT NULL ORDER BY created_at, id`,
      [purchaseRequestId],
    );
    return rows.map((row) => row.supplier_id);
  }

  async request(purchaseRequestId: string): Promise<ClosedRequest | null> {
    const [request] = await this.manager.query<ClosedRequest[]>(`SELECT number, name, status, closed_at, created_by FROM purchase_requests WHERE id = $1`, [
      purchaseRequestId,
    ]);
    return request ?? null;
  }

  rankedOffers(purchaseRequestId: string): Promise<RankedOfferRow[]> {
    return this.manager.query<RankedOfferRow[]>(RANKED_OFFERS, [purchaseRequestId]);
  }

  async askedPrices(purchaseRequestId: string): Promise<number> {
    const [{ asked }] = await this.manager.query<Array<{ asked: string }>>(ASKED_PRICES, [purchaseRequestId]);
    return Number(asked);
  }

  /** The names of the suppliers of the request that offered nothing, by name. */
  async suppliersWithoutOffer(purchaseRequestId: string): Promise<string[]> {
    const rows = await this.manager.query<Array<{ name: string }>>(
      `SELECT s.name FROM purchase_request_suppliers rs JOIN suppliers s ON s.id = rs.supplier_id
        WHERE rs.purchase_request_id = $1
          AND NOT EXISTS (SELECT 1 FROM supplier_offers o WHERE o.purchase_request_id = rs.purchase_request_id AND o.supplier_id = rs.supplier_id)
        ORDER BY s.name`,
      [purchaseRequestId],
    );
    return rows.map((row) => row.name);
  }
}
