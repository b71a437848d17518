import { Injectable } from '@nestjs/common';
import { TenantTransactions } from '@fabquote/database';
import { Locale } from '@fabquote/i18n';
import { ratingWords, StarLabel } from '@fabquote/rating';
import { RecordNotFound } from '../../common/app-exception';
import { ListSpec, Page, parseListRequest, readPage } from '../../common/list-query';
import type { StoredOfferRating } from './offer-rating';
import { SupplierOffer } from './supplier-offer.entity';
import { rowsOf } from '../shared/table-rows';

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

// The columns of both lists, as the lists' rows name them.
const OFFER_COLUMNS = `offer.id AS "id", offer.purchase_request_id AS "purchaseRequestId", offer.supplier_id AS "supplierId",
  supplier.name AS "supplierName", offer.revision AS "revision", offer.latest AS "latest", offer.shipping_date::text AS "shippingDate",
  offer.packaging_cost AS "packagingCost", offer.shipping_cost AS "shippingCost", offer.customs_cost AS "customsCost",
  offer.lead_time_days AS "leadTimeDays", offer.additional_information AS "additionalInformation", offer.language AS "language",
  offer.submitted_at AS "submittedAt",
  (SELECT count(*)::int FROM supplier_offers other
    WHERE other.purchase_request_id = offer.purchase_request_id AND other.supplier_id = offer.supplier_id) AS "revisions",
  offer.rating_stars AS "stars", offer.rating_trophy AS "trophy", offer.rating_rank AS "ratingRank", offer.rating_label AS "ratingLabel",
  offer.rating_score AS "ratingScore", offer.rating_price_band AS "ratingPriceBand", offer.rating_delivery_band AS "ratingDeliveryBand",
  offer.rating_completeness AS "ratingCompleteness", offer.rating AS "ratingDetail", offer.rated_at AS "ratedAt"`;

const PRICE_COLUMNS = `price.id AS "id", price.supplier_offer_id AS "supplierOfferId",
  price.purchase_request_operation_id AS "purchaseRequestOperationId", price.purchase_request_part_id AS "purchaseRequestPartId",
  price.quantity AS "quantity", price.unit_price AS "unitPrice"`;

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


const RATING_COLUMNS = ['stars', 'trophy', 'ratingRank', 'ratingLabel', 'ratingScore', 'ratingPriceBand', 'ratingDeliveryBand', 'ratingCompleteness', 'ratingDetail', 'ratedAt'];

/**
 * The offer's rating as the reader reads it: figures as JSON numbers, the label and the explanations
 * in the reader's language (both languages are stored, rendered by libs/rating). Null until rated,
 * and for a revision that no longer counts.
 */
function offerRating(row: Record<string, unknown>, locale: Locale) {
  const detail = row.ratingDetail as StoredOfferRating | null;
  if (row.ratedAt === null || !detail) return null;
  const scores = detail.scores;
  return {
    rank: row.ratingRank as number,
    label: row.ratingLabel as StarLabel,
    labelText: ratingWords(locale).starLabel[row.ratingLabel as StarLabel],
    score: Number(row.ratingScore as string),
    priceBand: row.ratingPriceBand as number | null,
    deliveryBand: row.ratingDeliveryBand as number,
    completeness: Number(row.ratingCompleteness as string),
    scores: { price: Number(scores.price), delivery: Number(scores.delivery), completeness: Number(scores.completeness) },
    multipleTiers: detail.completeness.multipleTiers,
    breakdown: detail.completeness.breakdown,
    pricesAsked: detail.completeness.pricesAsked,
    pricesGiven: detail.completeness.pricesGiven,
    weights: { price: Number(detail.weights.price), delivery: Number(detail.weights.delivery), completeness: Number(detail.weights.completeness) },
    explanations: detail.explanations[locale] ?? detail.explanations.en,
    ratedAt: row.ratedAt as Date,
  };
}

const offerRow = (row: Record<string, unknown>, locale: Locale) => {
  const plain = Object.fromEntries(Object.entries(row).filter(([name]) => !RATING_COLUMNS.includes(name)));
  return {
    ...plain,
    packagingCost: Number(row.packagingCost as string),
    shippingCost: Number(row.shippingCost as string),
    customsCost: Number(row.customsCost as string),
    stars: row.stars as number | null,
    trophy: row.trophy as boolean,
    rating: offerRating(row, locale),
  };
};

const priceRow = (row: Record<string, unknown>) => ({ ...row, quantity: Number(row.quantity as string), unitPrice: Number(row.unitPrice as string) });

/** Staff's read of what suppliers submitted (`supplier-offers`, `supplier-offer-prices`): every revision, `latest` the one that counts. */
@Injectable()
export class SupplierOffersService {
  constructor(private readonly tenant: TenantTransactions) {}

  private offers() {
    return this.tenant
      .manager()
      .createQueryBuilder()
      .select(OFFER_COLUMNS)
      .from(rowsOf('supplier_offers'), 'offer')
      .innerJoin('suppliers', 'supplier', 'supplier.id = offer.supplier_id');
  }

  private prices() {
    return this.tenant
      .manager()
      .createQueryBuilder()
      .select(PRICE_COLUMNS)
      .from(rowsOf('supplier_offer_prices'), 'price')
      .innerJoin('supplier_offers', 'offer', 'offer.id = price.supplier_offer_id');
  }

  async listOffers(query: Record<string, unknown>, locale: Locale) {
    const page = await readPage<Record<string, unknown>>(this.offers(), parseListRequest(query, OFFERS), OFFERS);
    return new Page(page.rows.map((row) => offerRow(row, locale)), page.total);
  }

  async getOffer(id: string, locale: Locale) {
    const row = await this.offers().where('offer.id = :id', { id }).getRawOne<Record<string, unknown>>();
    if (!row) throw new RecordNotFound();
    return offerRow(row, locale);
  }

  async listPrices(query: Record<string, unknown>) {
    const page = await readPage<Record<string, unknown>>(this.prices(), parseListRequest(query, PRICES), PRICES);
    return new Page(page.rows.map(priceRow), page.total);
  }

  async getPrice(id: string) {
    const row = await this.prices().where('price.id = :id', { id }).getRawOne<Record<string, unknown>>();
    if (!row) throw new RecordNotFound();
    return priceRow(row);
  }
}
