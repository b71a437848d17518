import { Injectable } from '@nestjs/common';
import { Locale } from '@fabquote/i18n';
import { ratingWords } from '@fabquote/rating';
import { RecordNotFound } from '../../common/app-exception';
import { ListSpec, Page, parseListRequest, readPage } from '../../common/list-query';
import { SupplierOffer } from './supplier-offer.entity';
import { OfferListRow, OfferPriceListRow, SupplierOfferRepository } from './supplier-offer.repository';

/** An offer revision as staff and the supplier's page read it; its costs as JSON numbers. */
export function presentOffer(offer: SupplierOffer, more: { supplierName: string; revisions: number }) {
  return {
    id: offer.id,
    purchaseRequestId: offer.purchaseRequestId,
    supplierId: offer.supplierId,
    supplierName: more.supplierName,
    revision: offer.revision,
    latest: offer.latest,
    shippingDate: offer.shippingDate,
    packagingCost: Number(offer.packagingCost),
    shippingCost: Number(offer.shippingCost),
    customsCost: Number(offer.customsCost),
    leadTimeDays: offer.leadTimeDays,
    additionalInformation: offer.additionalInformation,
    language: offer.language,
    submittedAt: offer.submittedAt,
    revisions: more.revisions,
  };
}

export const OFFERS: ListSpec = {
  sortable: {
    submittedAt: 'offer.submitted_at',
    revision: 'offer.revision',
    supplierName: 'supplier.name',
    shippingDate: 'offer.shipping_date',
    leadTimeDays: 'offer.lead_time_days',
    packagingCost: 'offer.packaging_cost',
    shippingCost: 'offer.shipping_cost',
    customsCost: 'offer.customs_cost',
    stars: 'offer.rating_stars',
    score: 'offer.rating_score',
    rank: 'offer.rating_rank',
  },
  filters: {
    purchaseRequestId: { uuid: 'offer.purchase_request_id' },
    supplierId: { uuid: 'offer.supplier_id' },
    latest: 'offer.latest',
    trophy: 'offer.rating_trophy',
  },
  searchable: ['supplier.name'],
  defaultSort: 'submittedAt',
};

export const PRICES: ListSpec = {
  sortable: { quantity: 'price.quantity', unitPrice: 'price.unit_price' },
  filters: { supplierOfferId: { uuid: 'price.supplier_offer_id' }, purchaseRequestId: { uuid: 'offer.purchase_request_id' } },
  searchable: [],
  defaultSort: 'quantity',
};

/**
 * The offer's rating as the reader reads it: figures as JSON numbers, the label and the explanations
 * in the reader's language (both languages are stored, rendered by libs/rating). Null until rated,
 * and for a revision that no longer counts.
 */
function offerRating(row: OfferListRow, locale: Locale) {
  const detail = row.ratingDetail;
  // A rated revision has every rating column (the rating writes them together).
  if (row.ratedAt === null || !detail || row.ratingRank === null || row.ratingLabel === null || row.ratingDeliveryBand === null) return null;
  const scores = detail.scores;
  return {
    rank: row.ratingRank,
    label: row.ratingLabel,
    labelText: ratingWords(locale).starLabel[row.ratingLabel],
    score: Number(row.ratingScore),
    priceBand: row.ratingPriceBand,
    deliveryBand: row.ratingDeliveryBand,
    completeness: Number(row.ratingCompleteness),
    scores: { price: Number(scores.price), delivery: Number(scores.delivery), completeness: Number(scores.completeness) },
    multipleTiers: detail.completeness.multipleTiers,
    breakdown: detail.completeness.breakdown,
    pricesAsked: detail.completeness.pricesAsked,
    pricesGiven: detail.completeness.pricesGiven,
    weights: { price: Number(detail.weights.price), delivery: Number(detail.weights.delivery), completeness: Number(detail.weights.completeness) },
    explanations: detail.explanations[locale] ?? detail.explanations.en,
    ratedAt: row.ratedAt,
  };
}

/** A list row as staff reads it: costs as JSON numbers, the rating's columns as one `rating`. */
const offerRow = (row: OfferListRow, locale: Locale) => ({
  id: row.id,
  purchaseRequestId: row.purchaseRequestId,
  supplierId: row.supplierId,
  supplierName: row.supplierName,
  revision: row.revision,
  latest: row.latest,
  shippingDate: row.shippingDate,
  packagingCost: Number(row.packagingCost),
  shippingCost: Number(row.shippingCost),
  customsCost: Number(row.customsCost),
  leadTimeDays: row.leadTimeDays,
  additionalInformation: row.additionalInformation,
  language: row.language,
  submittedAt: row.submittedAt,
  revisions: row.revisions,
  stars: row.stars,
  trophy: row.trophy,
  rating: offerRating(row, locale),
});

const priceRow = (row: OfferPriceListRow) => ({ ...row, quantity: Number(row.quantity), unitPrice: Number(row.unitPrice) });

/** Staff's read of what suppliers submitted (`supplier-offers`, `supplier-offer-prices`): every revision, `latest` the one that counts. */
@Injectable()
export class SupplierOffersService {
  constructor(private readonly offers: SupplierOfferRepository) {}

  async listOffers(query: Record<string, unknown>, locale: Locale) {
    const page = await readPage(this.offers.offersBuilder(), parseListRequest(query, OFFERS), OFFERS);
    return new Page(page.rows.map((row) => offerRow(row, locale)), page.total);
  }

  async getOffer(id: string, locale: Locale) {
    const row = await this.offers.offer(id);
    if (!row) throw new RecordNotFound();
    return offerRow(row, locale);
  }

  async listPrices(query: Record<string, unknown>) {
    const page = await readPage(this.offers.pricesBuilder(), parseListRequest(query, PRICES), PRICES);
    return new Page(page.rows.map(priceRow), page.total);
  }

  async getPrice(id: string) {
    const row = await this.offers.price(id);
    if (!row) throw new RecordNotFound();
    return priceRow(row);
  }
}
