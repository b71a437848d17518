import { Injectable } from '@nestjs/common';
import { EntityManager, SelectQueryBuilder } from 'typeorm';
import { TenantTransactions } from '@fabquote/database';
import type { Locale } from '@fabquote/i18n';
import type { StoredOfferRating } from '../offers/offer-rating';
import type { OfferLineKind } from '../requests/asked-lines';
import { rowsOf } from '../shared/table-rows';

/** One offer's rating as its row's columns take it. */
export interface OfferRecord {
  id: string;
  rank: number;
  stars: number;
  label: string;
  score: string;
  trophy: boolean;
  priceBand: number | null;
  deliveryBand: number;
  completeness: string;
  rating: StoredOfferRating;
}

/** A row of `supplier_offer_ratings`: one asked quantity of an offer (no line) or one cell (line × quantity). */
export interface RatingRow {
  supplierOfferId: string;
  lineKind: OfferLineKind | null;
  lineId: string | null;
  position: number;
  quantity: string;
  linesAsked: number;
  linesPriced: number;
  unitPrice: string | null;
  landedUnitPrice: string;
  bestLandedUnitPrice: string;
  best: boolean;
  percentAboveBest: string | null;
  band: number;
  competitive: boolean | null;
  explanations: Record<Locale, { landed: string | null; band: string }>;
}

/** A stored rating row as staff's list reads it (`LIST_COLUMNS`): with its request, supplier and when it was rated. */
export interface RatingListRow extends RatingRow {
  id: string;
  purchaseRequestId: string;
  supplierId: string;
  ratedAt: Date;
}

const LIST_COLUMNS = `rated.id AS "id", rated.purchase_request_id AS "purchaseRequestId", rated.supplier_offer_id AS "supplierOfferId",
  offer.supplier_id AS "supplierId", rated.line_kind AS "lineKind",
  coalesce(rated.purchase_request_operation_id, rated.purchase_request_part_id) AS "lineId", rated.position AS "position",
  rated.quantity AS "quantity", rated.lines_asked AS "linesAsked", rated.lines_priced AS "linesPriced", rated.unit_price AS "unitPrice",
  rated.landed_unit_price AS "landedUnitPrice", rated.best_landed_unit_price AS "bestLandedUnitPrice", rated.best AS "best",
  rated.percent_above_best AS "percentAboveBest", rated.band AS "band", rated.competitive AS "competitive",
  rated.explanations AS "explanations", rated.rated_at AS "ratedAt"`;

/** A request's latest offer as the rating reads it: its costs exact (numeric text), whether each was filled in. */
export interface LatestOfferRow {
  id: string;
  packaging_cost: string;
  shipping_cost: string;
  customs_cost: string;
  packaging_given: boolean;
  shipping_given: boolean;
  customs_given: boolean;
  lead_time_days: number | null;
}

/** A price of a latest offer: its line (an operation or part of the request) at a quantity (numeric text). */
export interface LatestPriceRow {
  offer_id: string;
  line_id: string;
  quantity: string;
  unit_price: string;
}

/** Rows written by one INSERT: a request of 50 suppliers × 50 lines × 10 quantities has 25,500. */
const BATCH = 2_000;

/** The ratings of a request's offers (`supplier_offer_ratings` and the offers' rating columns) and what the rating reads. */
@Injectable()
export class RatingRepository {
  constructor(private readonly tenant: TenantTransactions) {}

  /** The stored rows with their offer's supplier (aliases `rated`, `offer`), for `readPage`. */
  listBuilder(): SelectQueryBuilder<RatingListRow> {
    return this.tenant
      .manager()
      .createQueryBuilder()
      .select(LIST_COLUMNS)
      .from(rowsOf('supplier_offer_ratings'), 'rated')
      .innerJoin('supplier_offers', 'offer', 'offer.id = rated.supplier_offer_id') as SelectQueryBuilder<RatingListRow>;
  }

  async listed(id: string): Promise<RatingListRow | null> {
    return (await this.listBuilder().where('rated.id = :id', { id }).getRawOne<RatingListRow>()) ?? null;
  }

  private get manager(): EntityManager {
    return this.tenant.manager();
  }

  /** Two ratings of one request take turns on a lock held until the transaction ends. */
  async takeTurn(purchaseRequestId: string): Promise<void> {
    await this.manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`supplier-offer-ratings:${purchaseRequestId}`]);
  }

  /** The open requests with a latest offer, by id. */
  async openRequestsWithOffers(): Promise<string[]> {
    const rows = await this.manager.query<Array<{ id: string }>>(
      `SELECT pr.id FROM purchase_requests pr
        WHERE pr.status = 'open' AND EXISTS (SELECT 1 FROM supplier_offers o WHERE o.purchase_request_id = pr.id AND o.latest)
        ORDER BY pr.id`,
    );
    return rows.map((row) => row.id);
  }

  latestOffers(purchaseRequestId: string): Promise<LatestOfferRow[]> {
    return this.manager.query<LatestOfferRow[]>(
      `SELECT id, packaging_cost, shipping_cost, customs_cost, packaging_given, shipping_given, customs_given, lead_time_days
         FROM supplier_offers WHERE purchase_request_id = $1 AND latest ORDER BY id`,
      [purchaseRequestId],
    );
  }

  latestPrices(purchaseRequestId: string): Promise<LatestPriceRow[]> {
    return this.manager.query<LatestPriceRow[]>(
      `SELECT price.supplier_offer_id AS offer_id, coalesce(price.purchase_request_operation_id, price.purchase_request_part_id) AS line_id,
              price.quantity, price.unit_price
         FROM supplier_offer_prices price JOIN supplier_offers offer ON offer.id = price.supplier_offer_id
        WHERE offer.purchase_request_id = $1 AND offer.latest`,
      [purchaseRequestId],
    );
  }

  /**
   * Replaces the request's ratings: earlier revisions lose theirs, the latest get the new ones, the rows are written anew,
   * each `rated_at` the procurement clock's `ratedAt`.
   */
  async replace(purchaseRequestId: string, offers: OfferRecord[], rows: RatingRow[], ratedAt: Date): Promise<void> {
    const manager = this.manager;
    await manager.query(`DELETE FROM supplier_offer_ratings WHERE purchase_request_id = $1`, [purchaseRequestId]);
    await manager.query(
      `UPDATE supplier_offers SET rating_rank = NULL, rating_stars = NULL, rating_label = NULL, rating_score = NULL, rating_trophy = false,
              rating_price_band = NULL, rating_delivery_band = NULL, rating_completeness = NULL, rating = NULL, rated_at = NULL
        WHERE purchase_request_id = $1 AND NOT latest AND rated_at IS NOT NULL`,
      [purchaseRequestId],
    );
    if (offers.length > 0) {
      await manager.query(
        `UPDATE supplier_offers offer
            SET rating_rank = rated.rank, rating_stars = rated.stars, rating_label = rated.label, rating_score = rated.score,
                rating_trophy = rated.trophy, rating_price_band = rated.price_band, rating_delivery_band = rated.delivery_band,
                rating_completeness = rated.completeness, rating = rated.rating, rated_at = $11::timestamptz
           FROM unnest($1::uuid[], $2::int[], $3::int[], $4::text[], $5::numeric[], $6::boolean[], $7::int[], $8::int[], $9::numeric[], $10::jsonb[])
                AS rated(id, rank, stars, label, score, trophy, price_band, delivery_band, completeness, rating)
          WHERE offer.id = rated.id`,
        [
          offers.map((offer) => offer.id),
          offers.map((offer) => offer.rank),
          offers.map((offer) => offer.stars),
          offers.map((offer) => offer.label),
          offers.map((offer) => offer.score),
          offers.map((offer) => offer.trophy),
          offers.map((offer) => offer.priceBand),
          offers.map((offer) => offer.deliveryBand),
          offers.map((offer) => offer.completeness),
          offers.map((offer) => JSON.stringify(offer.rating)),
          ratedAt,
        ],
      );
    }
    for (let start = 0; start < rows.length; start += BATCH) {
      const batch = rows.slice(start, start + BATCH);
      await manager.query(
        `INSERT INTO supplier_offer_ratings (purchase_request_id, supplier_offer_id, line_kind, purchase_request_operation_id, purchase_request_part_id,
                                             position, quantity, lines_asked, lines_priced, unit_price, landed_unit_price, best_landed_unit_price,
                                             best, percent_above_best, band, competitive, explanations, rated_at)
         SELECT $1, row.offer_id, row.line_kind, CASE WHEN row.line_kind = 'operation' THEN row.line_id END,
                CASE WHEN row.line_kind = 'part' THEN row.line_id END, row.position, row.quantity, row.lines_asked, row.lines_priced,
                row.unit_price, row.landed, row.best_landed, row.best, row.percent, row.band, row.competitive, row.explanations, $17::timestamptz
           FROM unnest($2::uuid[], $3::text[], $4::uuid[], $5::int[], $6::numeric[], $7::int[], $8::int[], $9::numeric[], $10::numeric[],
                       $11::numeric[], $12::boolean[], $13::numeric[], $14::int[], $15::boolean[], $16::jsonb[])
                AS row(offer_id, line_kind, line_id, position, quantity, lines_asked, lines_priced, unit_price, landed, best_landed,
                       best, percent, band, competitive, explanations)`,
        [
          purchaseRequestId,
          batch.map((row) => row.supplierOfferId),
          batch.map((row) => row.lineKind),
          batch.map((row) => row.lineId),
          batch.map((row) => row.position),
          batch.map((row) => row.quantity),
          batch.map((row) => row.linesAsked),
          batch.map((row) => row.linesPriced),
          batch.map((row) => row.unitPrice),
          batch.map((row) => row.landedUnitPrice),
          batch.map((row) => row.bestLandedUnitPrice),
          batch.map((row) => row.best),
          batch.map((row) => row.percentAboveBest),
          batch.map((row) => row.band),
          batch.map((row) => row.competitive),
          batch.map((row) => JSON.stringify(row.explanations)),
          ratedAt,
        ],
      );
    }
  }
}
