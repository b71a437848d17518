import { Injectable } from '@nestjs/common';
import { TenantTransactions } from '@fabquote/database';
import { Locale } from '@fabquote/i18n';
import { RecordNotFound } from '../../common/app-exception';
import { ListSpec, Page, parseListRequest, readPage, SqlFilter } from '../../common/list-query';
import type { RatingRow } from './rating.repository';
import { rowsOf } from '../shared/table-rows';

const COLUMNS = `rated.id AS "id", rated.purchase_request_id AS "purchaseRequestId", rated.supplier_offer_id AS "supplierOfferId",
  offer.supplier_id AS "supplierId", rated.line_kind AS "lineKind",
  coalesce(rated.purchase_request_operation_id, rated.purchase_request_part_id) AS "lineId", rated.position AS "position",
  rated.quantity AS "quantity", rated.lines_asked AS "linesAsked", rated.lines_priced AS "linesPriced", rated.unit_price AS "unitPrice",
  rated.landed_unit_price AS "landedUnitPrice", rated.best_landed_unit_price AS "bestLandedUnitPrice", rated.best AS "best",
  rated.percent_above_best AS "percentAboveBest", rated.band AS "band", rated.competitive AS "competitive",
  rated.explanations AS "explanations", rated.rated_at AS "ratedAt"`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DECIMAL = /^\d{1,20}(\.\d{1,20})?$/;

/** Filters that are no plain column match: a quantity as a number (10 = 10.0), a line of either kind, the per-quantity rows. */
const FILTERS: Record<string, SqlFilter> = {
  quantity: (values, param) => {
    const quantities = values.map((value) => value.trim()).filter((value) => DECIMAL.test(value));
    return quantities.length > 0 ? `rated.quantity = ANY(${param(quantities)}::numeric[])` : 'false';
  },
  lineId: (values, param) => {
    const ids = values.filter((value) => UUID.test(value));
    return ids.length > 0
      ? `(rated.purchase_request_operation_id = ANY(${param(ids)}::uuid[]) OR rated.purchase_request_part_id = ANY(${param(ids)}::uuid[]))`
      : 'false';
  },
  perQuantity: (values) => {
    const wanted = new Set(values.map((value) => value.trim().toLowerCase()));
    if (wanted.has('true') && wanted.has('false')) return 'true';
    return wanted.has('true') ? 'rated.line_kind IS NULL' : wanted.has('false') ? 'rated.line_kind IS NOT NULL' : 'false';
  },
};

export const RATINGS: ListSpec = {
  sortable: {
    position: 'rated.position',
    quantity: 'rated.quantity',
    landedUnitPrice: 'rated.landed_unit_price',
    percentAboveBest: 'rated.percent_above_best',
    band: 'rated.band',
  },
  filters: {
    purchaseRequestId: { uuid: 'rated.purchase_request_id' },
    supplierOfferId: { uuid: 'rated.supplier_offer_id' },
    supplierId: { uuid: 'offer.supplier_id' },
    quantity: 'rated.quantity',
    lineId: 'rated.purchase_request_operation_id',
    lineKind: 'rated.line_kind',
    perQuantity: 'rated.line_kind',
    best: 'rated.best',
    band: 'rated.band',
  },
  searchable: [],
  defaultSort: 'position',
};

const number = (value: unknown) => (value === null ? null : Number(value));

/** A row as the reader reads it: figures as JSON numbers, the explanations in the reader's language. */
function ratingRow(row: Record<string, unknown>, locale: Locale) {
  const explanations = row.explanations as RatingRow['explanations'];
  return {
    ...row,
    quantity: Number(row.quantity),
    unitPrice: number(row.unitPrice),
    landedUnitPrice: Number(row.landedUnitPrice),
    bestLandedUnitPrice: Number(row.bestLandedUnitPrice),
    percentAboveBest: number(row.percentAboveBest),
    explanations: explanations[locale] ?? explanations.en,
  };
}

/** Staff's read of the stored ratings per asked quantity and per cell (`supplier-offer-ratings`). */
@Injectable()
export class SupplierOfferRatingsService {
  constructor(private readonly tenant: TenantTransactions) {}

  private ratings() {
    return this.tenant
      .manager()
      .createQueryBuilder()
      .select(COLUMNS)
      .from(rowsOf('supplier_offer_ratings'), 'rated')
      .innerJoin('supplier_offers', 'offer', 'offer.id = rated.supplier_offer_id');
  }

  async list(query: Record<string, unknown>, locale: Locale) {
    const page = await readPage<Record<string, unknown>>(this.ratings(), parseListRequest(query, RATINGS), RATINGS, FILTERS);
    return new Page(page.rows.map((row) => ratingRow(row, locale)), page.total);
  }

  async get(id: string, locale: Locale) {
    const row = await this.ratings().where('rated.id = :id', { id }).getRawOne<Record<string, unknown>>();
    if (!row) throw new RecordNotFound();
    return ratingRow(row, locale);
  }
}
