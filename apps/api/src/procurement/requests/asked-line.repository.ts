import { Injectable } from '@nestjs/common';
import { TenantTransactions } from '@fabquote/database';
import type { AskedLine, OfferLineKind } from './asked-lines';

/** A line a request asks as the database answers it: quantities as numeric text. */
interface AskedLineRow {
  kind: OfferLineKind;
  id: string;
  product_id: string;
  product_name: string;
  name: string | null;
  number: string | null;
  quantities: string[] | null;
}

/** What a request asks prices for: its operations and parts joined to the products' lines they copy. */
@Injectable()
export class AskedLineRepository {
  constructor(private readonly tenant: TenantTransactions) {}

  /**
   * The operations and parts a request asks, in the page's order; a line's quantities are its product's,
   * times the pieces per product (operations: × 1). The supplier's page, the rating and the award read them
   * here, so all ask the same.
   */
  async of(purchaseRequestId: string): Promise<AskedLine[]> {
    const rows = await this.tenant.manager().query<AskedLineRow[]>(
      `SELECT 'operation' AS kind, pro.id, po.product_id, p.name AS product_name, p.number AS product_number,
              coalesce(o.name, a.name) AS name, o.fab_number AS number, prp.quantities, po.sorting AS position
         FROM purchase_request_operations pro
         JOIN product_operations po ON po.id = pro.product_operation_id
         JOIN products p ON p.id = po.product_id
         LEFT JOIN operations o ON o.id = po.operation_id
         LEFT JOIN assets a ON a.id = po.asset_id
         LEFT JOIN purchase_request_products prp ON prp.purchase_request_id = pro.purchase_request_id AND prp.product_id = po.product_id
        WHERE pro.purchase_request_id = $1
       UNION ALL
       SELECT 'part', prt.id, pp.product_id, p.name, p.number, pt.name, pt.number,
              ARRAY(SELECT asked.quantity * pp.quantity FROM unnest(prp.quantities) WITH ORDINALITY AS asked(quantity, n) ORDER BY asked.n),
              0
         FROM purchase_request_parts prt
         JOIN product_parts pp ON pp.id = prt.product_part_id
         JOIN products p ON p.id = pp.product_id
         LEFT JOIN parts pt ON pt.id = pp.part_id
         LEFT JOIN purchase_request_products prp ON prp.purchase_request_id = prt.purchase_request_id AND prp.product_id = pp.product_id
        WHERE prt.purchase_request_id = $1
        ORDER BY product_number, product_id, kind, position, name, id`,
      [purchaseRequestId],
    );
    return rows.map((row) => ({
      kind: row.kind,
      id: row.id,
      productId: row.product_id,
      productName: row.product_name,
      name: row.name,
      number: row.number,
      quantities: row.quantities ?? [],
    }));
  }
}
