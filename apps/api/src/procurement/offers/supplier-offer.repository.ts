import { Injectable } from '@nestjs/common';
import { TenantTransactions } from '@fabquote/database';
import type { StarLabel } from '@fabquote/rating';
import { SelectQueryBuilder } from 'typeorm';
import type { OfferLineKind } from '../requests/asked-lines';
import { rowsOf } from '../shared/table-rows';
import type { StoredOfferRating } from './offer-rating';

/** A price of an offer revision: its line (`kind`, `line_id`) at a quantity, exact (numeric text). */
export interface OfferPriceRow {
  kind: OfferLineKind;
  line_id: string;
  quantity: string;
  unit_price: string;
}

/**
 * An offer revision as staff's list reads it (`OFFER_COLUMNS`): costs and the rating's figures exact
 * (numeric text), the rating's columns null until rated.
 */
export interface OfferListRow {
  id: string;
  purchaseRequestId: string;
  supplierId: string;
  supplierName: string;
  revision: number;
  latest: boolean;
  shippingDate: string;
  packagingCost: string;
  shippingCost: string;
  customsCost: string;
  leadTimeDays: number | null;
  additionalInformation: string | null;
  language: 'en' | 'de';
  submittedAt: Date;
  revisions: number;
  stars: number | null;
  trophy: boolean;
  ratingRank: number | null;
  ratingLabel: StarLabel | null;
  ratingScore: string | null;
  ratingPriceBand: number | null;
  ratingDeliveryBand: number | null;
  ratingCompleteness: string | null;
  ratingDetail: StoredOfferRating | null;
  ratedAt: Date | null;
}

/** A unit price of an offer revision as staff's list reads it (`PRICE_COLUMNS`): a line of either kind at a quantity, exact. */
export interface OfferPriceListRow {
  id: string;
  supplierOfferId: string;
  purchaseRequestOperationId: string | null;
  purchaseRequestPartId: string | null;
  quantity: string;
  unitPrice: string;
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

/** Suppliers' offer revisions and their prices: staff's lists (aliases `offer`, `supplier`, `price`) and the supplier's page. */
@Injectable()
export class SupplierOfferRepository {
  constructor(private readonly tenant: TenantTransactions) {}

  /** Every revision with its supplier's name (the list sorts and searches by it), for `readPage`. */
  offersBuilder(): SelectQueryBuilder<OfferListRow> {
    return this.tenant
      .manager()
      .createQueryBuilder()
      .select(OFFER_COLUMNS)
      .from(rowsOf('supplier_offers'), 'offer')
      .innerJoin('suppliers', 'supplier', 'supplier.id = offer.supplier_id') as SelectQueryBuilder<OfferListRow>;
  }

  async offer(id: string): Promise<OfferListRow | null> {
    return (await this.offersBuilder().where('offer.id = :id', { id }).getRawOne<OfferListRow>()) ?? null;
  }

  /** Every unit price with its offer (the list filters by the offer's request), for `readPage`. */
  pricesBuilder(): SelectQueryBuilder<OfferPriceListRow> {
    return this.tenant
      .manager()
      .createQueryBuilder()
      .select(PRICE_COLUMNS)
      .from(rowsOf('supplier_offer_prices'), 'price')
      .innerJoin('supplier_offers', 'offer', 'offer.id = price.supplier_offer_id') as SelectQueryBuilder<OfferPriceListRow>;
  }

  async price(id: string): Promise<OfferPriceListRow | null> {
    return (await this.pricesBuilder().where('price.id = :id', { id }).getRawOne<OfferPriceListRow>()) ?? null;
  }

  /** The prices of one revision, per line and quantity. */
  prices(supplierOfferId: string): Promise<OfferPriceRow[]> {
    return this.tenant.manager().query<OfferPriceRow[]>(
      `SELECT CASE WHEN purchase_request_operation_id IS NOT NULL THEN 'operation' ELSE 'part' END AS kind,
              coalesce(purchase_request_operation_id, purchase_request_part_id) AS line_id, quantity, unit_price
         FROM supplier_offer_prices WHERE supplier_offer_id = $1
        ORDER BY kind, line_id, quantity`,
      [supplierOfferId],
    );
  }
}
