import { Injectable } from '@nestjs/common';
import { Locale } from '@fabquote/i18n';
import { RecordNotFound } from '../../common/app-exception';
import { ListSpec, Page, parseListRequest, readPage, SqlFilter } from '../../common/list-query';
import { RatingListRow, RatingRepository } from './rating.repository';

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
function ratingRow(row: RatingListRow, locale: Locale) {
  const explanations = row.explanations;
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
  constructor(private readonly ratings: RatingRepository) {}

  async list(query: Record<string, unknown>, locale: Locale) {
    const page = await readPage(this.ratings.listBuilder(), parseListRequest(query, RATINGS), RATINGS, FILTERS);
    return new Page(page.rows.map((row) => ratingRow(row, locale)), page.total);
  }

  async get(id: string, locale: Locale) {
    const row = await this.ratings.listed(id);
    if (!row) throw new RecordNotFound();
    return ratingRow(row, locale);
  }
}
