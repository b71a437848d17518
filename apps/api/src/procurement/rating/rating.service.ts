import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { TenantTransactions } from '@fabquote/database';
import { Locale } from '@fabquote/i18n';
import { EventOutbox } from '@fabquote/queue';
import { OfferToRate, rateOffers, RatingResult, RatingWeights } from '@fabquote/rating';
import { ratingWeights } from '../../settings';
import { StoredOfferRating } from '../offers/offer-rating';
import { askedLines, AskedLine, OfferLineKind } from '../requests/asked-lines';
import { ProcurementClock } from '../shared/procurement-clock';

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

/**
 * The stored form of one rating, from the same rating in English and German (the figures are the same,
 * only the words differ). Per offer its asked quantities first, then its cells, in libs/rating's order:
 * `position` keeps it.
 */
export function ratingRecords(en: RatingResult, de: RatingResult, kinds: ReadonlyMap<string, OfferLineKind>): { offers: OfferRecord[]; rows: RatingRow[] } {
  const german = new Map(de.offers.map((offer) => [offer.id, offer]));
  const offers: OfferRecord[] = [];
  const rows: RatingRow[] = [];
  for (const offer of en.offers) {
    const other = german.get(offer.id)!;
    offers.push({
      id: offer.id,
      rank: offer.rank,
      stars: offer.stars,
      label: offer.label,
      score: offer.score,
      trophy: offer.trophy,
      priceBand: offer.priceBand,
      deliveryBand: offer.deliveryBand,
      completeness: offer.completeness.score,
      rating: { scores: offer.scores, completeness: offer.completeness, weights: en.weights, explanations: { en: offer.explanations, de: other.explanations } },
    });
    let position = 0;
    offer.perQuantity.forEach((quantity, index) => {
      rows.push({
        supplierOfferId: offer.id,
        lineKind: null,
        lineId: null,
        position: position++,
        quantity: quantity.quantity,
        linesAsked: quantity.linesAsked,
        linesPriced: quantity.linesPriced,
        unitPrice: null,
        landedUnitPrice: quantity.landedUnitPrice,
        bestLandedUnitPrice: quantity.bestLandedUnitPrice,
        best: quantity.best,
        percentAboveBest: quantity.percentAboveBest,
        band: quantity.band,
        competitive: quantity.competitive,
        explanations: { en: { landed: null, band: quantity.explanation }, de: { landed: null, band: other.perQuantity[index].explanation } },
      });
    });
    offer.cells.forEach((cell, index) => {
      const germanCell = other.cells[index];
      rows.push({
        supplierOfferId: offer.id,
        lineKind: kinds.get(cell.lineId) ?? 'operation',
        lineId: cell.lineId,
        position: position++,
        quantity: cell.quantity,
        linesAsked: 1,
        linesPriced: 1,
        unitPrice: cell.unitPrice,
        landedUnitPrice: cell.landedUnitPrice,
        bestLandedUnitPrice: cell.bestLandedUnitPrice,
        best: cell.best,
        percentAboveBest: cell.percentAboveBest,
        band: cell.band,
        competitive: null,
        explanations: { en: cell.explanations, de: germanCell.explanations },
      });
    });
  }
  return { offers, rows };
}

/** What the rating of one request reads: its lines and its latest offers. */
export interface RatingInputs {
  lines: AskedLine[];
  offers: OfferToRate[];
  weights: RatingWeights;
}

/** Rows written by one INSERT: a request of 50 suppliers × 50 lines × 10 quantities has 25,500. */
const BATCH = 2_000;

/**
 * The rating of a purchase request's offers (docs/api-procurement.md "Procurement II: the rating"):
 * every latest offer rated together by libs/rating with the organization's weights, stored on the
 * offers and in `supplier_offer_ratings`. Runs in the caller's tenant transaction (the job's).
 */
@Injectable()
export class OfferRatings {
  constructor(
    private readonly tenant: TenantTransactions,
    private readonly outbox: EventOutbox,
    private readonly clock: ProcurementClock,
  ) {}

  /**
   * Rates the request's latest offers and replaces what was stored: the same offers give the same rows.
   * Two ratings of one request (jobs run four at a time) take turns on a transaction lock, and each
   * reads after taking it, so the one committing last has read the latest offers.
   */
  async rate(purchaseRequestId: string): Promise<{ offers: number; rows: number }> {
    const manager = this.tenant.manager();
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`supplier-offer-ratings:${purchaseRequestId}`]);
    const inputs = await this.inputs(manager, purchaseRequestId);
    const input = { lines: inputs.lines.map((line) => ({ lineId: line.id, quantities: line.quantities })), offers: inputs.offers };
    const { offers, rows } = ratingRecords(
      rateOffers(input, inputs.weights, { language: 'en' }),
      rateOffers(input, inputs.weights, { language: 'de' }),
      new Map(inputs.lines.map((line) => [line.id, line.kind])),
    );
    await this.store(manager, purchaseRequestId, offers, rows, this.clock.now());
    return { offers: offers.length, rows: rows.length };
  }

  /** New weights: every open request with an offer is rated again, each by a job of its own. */
  async rateOpenRequests(): Promise<number> {
    const requests: Array<{ id: string }> = await this.tenant.manager().query(
      `SELECT pr.id FROM purchase_requests pr
        WHERE pr.status = 'open' AND EXISTS (SELECT 1 FROM supplier_offers o WHERE o.purchase_request_id = pr.id AND o.latest)
        ORDER BY pr.id`,
    );
    for (const { id } of requests) await this.outbox.emit('procurement.rate-offers', { purchaseRequestId: id });
    return requests.length;
  }

  /** The lines asked (as the supplier's page asks them), the latest offers with their prices, the weights in force. */
  async inputs(manager: EntityManager, purchaseRequestId: string): Promise<RatingInputs> {
    const lines = await askedLines(manager, purchaseRequestId);
    const offerRows: Array<Record<string, string | number | boolean | null>> = await manager.query(
      `SELECT id, packaging_cost, shipping_cost, customs_cost, packaging_given, shipping_given, customs_given, lead_time_days
         FROM supplier_offers WHERE purchase_request_id = $1 AND latest ORDER BY id`,
      [purchaseRequestId],
    );
    const priceRows: Array<{ offer_id: string; line_id: string; quantity: string; unit_price: string }> = await manager.query(
      `SELECT price.supplier_offer_id AS offer_id, coalesce(price.purchase_request_operation_id, price.purchase_request_part_id) AS line_id,
              price.quantity, price.unit_price
         FROM supplier_offer_prices price JOIN supplier_offers offer ON offer.id = price.supplier_offer_id
        WHERE offer.purchase_request_id = $1 AND offer.latest`,
      [purchaseRequestId],
    );
    const prices = new Map<string, OfferToRate['prices']>();
    for (const row of priceRows) {
      const list = prices.get(row.offer_id) ?? [];
      list.push({ lineId: row.line_id, quantity: row.quantity, unitPrice: row.unit_price });
      prices.set(row.offer_id, list);
    }
    const offers = offerRows.map(
      (row): OfferToRate => ({
        id: row.id as string,
        prices: prices.get(row.id as string) ?? [],
        packaging: row.packaging_cost as string,
        shipping: row.shipping_cost as string,
        customs: row.customs_cost as string,
        breakdownGiven: { packaging: row.packaging_given as boolean, shipping: row.shipping_given as boolean, customs: row.customs_given as boolean },
        leadTimeDays: row.lead_time_days as number | null,
      }),
    );
    return { lines, offers, weights: await ratingWeights(manager) };
  }

  /**
   * Replaces the request's ratings: earlier revisions lose theirs, the latest get the new ones, the rows are written anew,
   * each `rated_at` the procurement clock's `ratedAt`.
   */
  private async store(manager: EntityManager, purchaseRequestId: string, offers: OfferRecord[], rows: RatingRow[], ratedAt: Date): Promise<void> {
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
