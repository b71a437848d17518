import { Injectable } from '@nestjs/common';
import { TenantTransactions } from '@fabquote/database';
import { EventOutbox } from '@fabquote/queue';
import { OfferToRate, rateOffers, RatingResult, RatingWeights } from '@fabquote/rating';
import { ratingWeights } from '../../settings';
import { AskedLineRepository } from '../requests/asked-line.repository';
import { AskedLine, OfferLineKind } from '../requests/asked-lines';
import { ProcurementClock } from '../shared/procurement-clock';
import { OfferRecord, RatingRepository, RatingRow } from './rating.repository';

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
    private readonly ratings: RatingRepository,
    private readonly askedLines: AskedLineRepository,
  ) {}

  /**
   * Rates the request's latest offers and replaces what was stored: the same offers give the same rows.
   * Two ratings of one request (jobs run four at a time) take turns on a transaction lock, and each
   * reads after taking it, so the one committing last has read the latest offers.
   */
  async rate(purchaseRequestId: string): Promise<{ offers: number; rows: number }> {
    await this.ratings.takeTurn(purchaseRequestId);
    const inputs = await this.inputs(purchaseRequestId);
    const input = { lines: inputs.lines.map((line) => ({ lineId: line.id, quantities: line.quantities })), offers: inputs.offers };
    const { offers, rows } = ratingRecords(
      rateOffers(input, inputs.weights, { language: 'en' }),
      rateOffers(input, inputs.weights, { language: 'de' }),
      new Map(inputs.lines.map((line) => [line.id, line.kind])),
    );
    await this.ratings.replace(purchaseRequestId, offers, rows, this.clock.now());
    return { offers: offers.length, rows: rows.length };
  }

  /** New weights: every open request with an offer is rated again, each by a job of its own. */
  async rateOpenRequests(): Promise<number> {
    const requests = await this.ratings.openRequestsWithOffers();
    for (const id of requests) await this.outbox.emit('procurement.rate-offers', { purchaseRequestId: id });
    return requests.length;
  }

  /** The lines asked (as the supplier's page asks them), the latest offers with their prices, the weights in force. */
  async inputs(purchaseRequestId: string): Promise<RatingInputs> {
    const lines = await this.askedLines.of(purchaseRequestId);
    const offerRows = await this.ratings.latestOffers(purchaseRequestId);
    const priceRows = await this.ratings.latestPrices(purchaseRequestId);
    const prices = new Map<string, OfferToRate['prices']>();
    for (const row of priceRows) {
      const list = prices.get(row.offer_id) ?? [];
      list.push({ lineId: row.line_id, quantity: row.quantity, unitPrice: row.unit_price });
      prices.set(row.offer_id, list);
    }
    const offers = offerRows.map(
      (row): OfferToRate => ({
        id: row.id,
        prices: prices.get(row.id) ?? [],
        packaging: row.packaging_cost,
        shipping: row.shipping_cost,
        customs: row.customs_cost,
        breakdownGiven: { packaging: row.packaging_given, shipping: row.shipping_given, customs: row.customs_given },
        leadTimeDays: row.lead_time_days,
      }),
    );
    return { lines, offers, weights: await ratingWeights(this.tenant.manager()) };
  }
}
