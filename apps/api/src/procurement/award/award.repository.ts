import { Injectable } from '@nestjs/common';
import { EntityManager, SelectQueryBuilder } from 'typeorm';
import { TenantTransactions } from '@fabquote/database';
import type { OfferLineKind } from '../requests/asked-lines';
import { rowsOf } from '../shared/table-rows';
import type { Band } from './award.rules';

/** An award as the list and the resource answer it (`awardedByName` filled in by the service, `bulkPrices` as stored). */
export interface AwardRow {
  id: string;
  purchaseRequestId: string;
  supplierOfferId: string;
  revision: number;
  supplierId: string;
  supplierName: string;
  kind: OfferLineKind;
  lineId: string;
  productId: string | null;
  lineName: string | null;
  suppliableId: string | null;
  suppliableNumber: string | null;
  bulkPrices: Band[] | null;
  awardedAt: Date;
  awardedBy: string | null;
  awardedByName: string | null;
  withdrawnAt: Date | null;
  withdrawnBy: string | null;
  replacedBy: string | null;
  active: boolean;
}

/** The offer an award is of: its request and supplier. */
export interface AwardedOffer {
  purchase_request_id: string;
  supplier_id: string;
}

/** An active award of a line: which offer holds it. */
export interface ActiveAward {
  id: string;
  supplier_offer_id: string;
  line_id: string;
}

/** One price of an offer: a line (`kind`, `line_id`) at a quantity, exact (numeric text). */
export interface OfferPriceRow {
  kind: OfferLineKind;
  line_id: string;
  quantity: string;
  unit_price: string;
}

/** A line of a request with the products' line it copies (a product operation or product part). */
export interface RequestLineRow {
  kind: OfferLineKind;
  line_id: string;
  product_line_id: string;
}

/** The quantities a request asks of a product (numeric text). */
export interface AskedQuantities {
  product_id: string;
  quantities: string[];
}

const AWARD_COLUMNS = `award.id AS "id", award.purchase_request_id AS "purchaseRequestId", award.supplier_offer_id AS "supplierOfferId",
  offer.revision AS "revision", award.supplier_id AS "supplierId", supplier.name AS "supplierName",
  CASE WHEN award.purchase_request_operation_id IS NOT NULL THEN 'operation' ELSE 'part' END AS "kind",
  coalesce(award.purchase_request_operation_id, award.purchase_request_part_id) AS "lineId",
  coalesce(product_operation.product_id, product_part.product_id) AS "productId",
  coalesce(operation.name, part.name) AS "lineName",
  award.suppliable_id AS "suppliableId", suppliable.number AS "suppliableNumber", award.bulk_prices AS "bulkPrices",
  award.awarded_at AS "awardedAt", award.awarded_by AS "awardedBy", NULL AS "awardedByName",
  award.withdrawn_at AS "withdrawnAt", award.withdrawn_by AS "withdrawnBy", award.replaced_by AS "replacedBy",
  (award.withdrawn_at IS NULL) AS "active"`;

/**
 * The awards of purchase requests and what the award reads of the request and its offers, in the request's
 * tenant transaction. The suppliables it writes are master data's (`Suppliables`), the products' lines are
 * products' (`ProductUsage`).
 */
@Injectable()
export class AwardRepository {
  constructor(private readonly tenant: TenantTransactions) {}

  private get manager(): EntityManager {
    return this.tenant.manager();
  }

  /** The awards' rows for `readPage` (the list's sorting and search use the joined names). */
  listBuilder(): SelectQueryBuilder<AwardRow> {
    return this.manager
      .createQueryBuilder()
      .select(AWARD_COLUMNS)
      .from(rowsOf('purchase_request_awards'), 'award')
      .innerJoin('supplier_offers', 'offer', 'offer.id = award.supplier_offer_id')
      .innerJoin('suppliers', 'supplier', 'supplier.id = award.supplier_id')
      .leftJoin('suppliables', 'suppliable', 'suppliable.id = award.suppliable_id')
      .leftJoin('purchase_request_operations', 'request_operation', 'request_operation.id = award.purchase_request_operation_id')
      .leftJoin('product_operations', 'product_operation', 'product_operation.id = request_operation.product_operation_id')
      .leftJoin('operations', 'operation', 'operation.id = product_operation.operation_id')
      .leftJoin('purchase_request_parts', 'request_part', 'request_part.id = award.purchase_request_part_id')
      .leftJoin('product_parts', 'product_part', 'product_part.id = request_part.product_part_id')
      .leftJoin('parts', 'part', 'part.id = product_part.part_id') as SelectQueryBuilder<AwardRow>;
  }

  async award(id: string): Promise<AwardRow | null> {
    return (await this.listBuilder().where('award.id = :id', { id }).getRawOne<AwardRow>()) ?? null;
  }

  /** Runs `work` inside a savepoint that is rolled back after it, whatever it wrote: a preview. */
  async rolledBack<T>(work: () => Promise<T>): Promise<T> {
    await this.manager.query('SAVEPOINT award_preview');
    try {
      return await work();
    } finally {
      await this.manager.query('ROLLBACK TO SAVEPOINT award_preview');
      await this.manager.query('RELEASE SAVEPOINT award_preview');
    }
  }

  async offer(offerId: string): Promise<AwardedOffer | null> {
    const [found] = await this.manager.query<AwardedOffer[]>(`SELECT purchase_request_id, supplier_id FROM supplier_offers WHERE id = $1`, [offerId]);
    return found ?? null;
  }

  /**
   * The request locked (awards of one request one after the other), and its supplier's row with it (a revision
   * submitted meanwhile waits: the page locks this supplier's row too).
   */
  async lockRequest(purchaseRequestId: string, supplierId?: string): Promise<{ id: string; number: string }> {
    const [request] = await this.manager.query<Array<{ id: string; number: string }>>(`SELECT id, number FROM purchase_requests WHERE id = $1 FOR UPDATE`, [
      purchaseRequestId,
    ]);
    if (supplierId !== undefined) {
      await this.manager.query(`SELECT 1 FROM purchase_request_suppliers WHERE purchase_request_id = $1 AND supplier_id = $2 FOR UPDATE`, [purchaseRequestId, supplierId]);
    }
    return request;
  }

  /** The active awards of these lines (operations or parts of a request). */
  async activeOfLines(lineIds: string[]): Promise<ActiveAward[]> {
    return this.manager.query<ActiveAward[]>(
      `SELECT id, supplier_offer_id, coalesce(purchase_request_operation_id, purchase_request_part_id) AS line_id
         FROM purchase_request_awards
        WHERE withdrawn_at IS NULL AND coalesce(purchase_request_operation_id, purchase_request_part_id) = ANY($1::uuid[])`,
      [lineIds],
    );
  }

  async withdraw(ids: string[], userId: string, at: Date): Promise<void> {
    await this.manager.query(`UPDATE purchase_request_awards SET withdrawn_at = $3, withdrawn_by = $2, updated_at = now() WHERE id = ANY($1::uuid[])`, [ids, userId, at]);
  }

  async replaced(previousId: string, byId: string): Promise<void> {
    await this.manager.query(`UPDATE purchase_request_awards SET replaced_by = $2 WHERE id = $1`, [previousId, byId]);
  }

  /** The request of an award; null: no such award. */
  async requestOf(awardId: string): Promise<string | null> {
    const [found] = await this.manager.query<Array<{ purchase_request_id: string }>>(`SELECT purchase_request_id FROM purchase_request_awards WHERE id = $1`, [awardId]);
    return found?.purchase_request_id ?? null;
  }

  /** Whether an active award uses one of these suppliables. */
  async anyActiveUsing(suppliableIds: string[]): Promise<boolean> {
    const rows = await this.manager.query<unknown[]>(`SELECT 1 FROM purchase_request_awards WHERE withdrawn_at IS NULL AND suppliable_id = ANY($1::uuid[]) LIMIT 1`, [
      suppliableIds,
    ]);
    return rows.length > 0;
  }

  /** The quantities the request asks of these products. */
  async askedQuantities(purchaseRequestId: string, productIds: string[]): Promise<AskedQuantities[]> {
    return this.manager.query<AskedQuantities[]>(
      `SELECT product_id, quantities FROM purchase_request_products WHERE purchase_request_id = $1 AND product_id = ANY($2::uuid[])`,
      [purchaseRequestId, productIds],
    );
  }

  async offerPrices(offerId: string): Promise<OfferPriceRow[]> {
    return this.manager.query<OfferPriceRow[]>(
      `SELECT CASE WHEN purchase_request_operation_id IS NOT NULL THEN 'operation' ELSE 'part' END AS kind,
              coalesce(purchase_request_operation_id, purchase_request_part_id) AS line_id, quantity, unit_price
         FROM supplier_offer_prices WHERE supplier_offer_id = $1`,
      [offerId],
    );
  }

  /** The request's operations and parts with the products' lines they copy. */
  async requestLines(purchaseRequestId: string): Promise<RequestLineRow[]> {
    return this.manager.query<RequestLineRow[]>(
      `SELECT 'operation' AS kind, id AS line_id, product_operation_id AS product_line_id FROM purchase_request_operations WHERE purchase_request_id = $1
       UNION ALL
       SELECT 'part', id, product_part_id FROM purchase_request_parts WHERE purchase_request_id = $1`,
      [purchaseRequestId],
    );
  }
}
