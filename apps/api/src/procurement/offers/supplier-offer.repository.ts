import { Injectable } from '@nestjs/common';
import { TenantTransactions } from '@fabquote/database';
import type { OfferLineKind } from '../requests/asked-lines';

/** A price of an offer revision: its line (`kind`, `line_id`) at a quantity, exact (numeric text). */
export interface OfferPriceRow {
  kind: OfferLineKind;
  line_id: string;
  quantity: string;
  unit_price: string;
}

/** Suppliers' offer revisions and their prices, as read beside the lists (the supplier's page). */
@Injectable()
export class SupplierOfferRepository {
  constructor(private readonly tenant: TenantTransactions) {}

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
