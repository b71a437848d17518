import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { TenantTransactions } from '@fabquote/database';

/** A product using a part or an operation, with the quantities of its latest calculation (null: never calculated). */
export interface ProductInUse {
  id: string;
  number: string | null;
  name: string;
  calculated: string[] | null;
  /** Whether it has a latest calculation. */
  hasCalculation: boolean;
}

/**
 * What products use, for other areas (an award buys parts and operations for products' lines and reprices what uses
 * them): products owns its lines and calculations, so other areas read them here, in the caller's tenant transaction.
 */
@Injectable()
export class ProductUsage {
  constructor(private readonly tenant: TenantTransactions) {}

  private get manager(): EntityManager {
    return this.tenant.manager();
  }

  /** What each production line buys (line id → its operation) and each part line (line id → its part); null: nothing bought. */
  async bought(lines: { operationLineIds: readonly string[]; partLineIds: readonly string[] }): Promise<Map<string, string | null>> {
    if (lines.operationLineIds.length + lines.partLineIds.length === 0) return new Map();
    const rows: Array<{ id: string; target_id: string | null }> = await this.manager.query(
      `SELECT id, operation_id AS target_id FROM product_operations WHERE id = ANY($1::uuid[])
       UNION ALL
       SELECT id, part_id FROM product_parts WHERE id = ANY($2::uuid[])`,
      [lines.operationLineIds, lines.partLineIds],
    );
    return new Map(rows.map((row) => [row.id, row.target_id]));
  }

  /**
   * The products using these parts or operations and every assembly above them, by number then id; each with its
   * latest calculation's quantities.
   */
  async using(input: { partIds: readonly string[]; operationIds: readonly string[] }): Promise<ProductInUse[]> {
    return this.manager.query(
      `WITH RECURSIVE affected(id) AS (
         SELECT product_id FROM product_parts WHERE part_id = ANY($1::uuid[])
         UNION SELECT product_id FROM product_operations WHERE operation_id = ANY($2::uuid[])
         UNION SELECT line.product_id FROM product_parts line JOIN affected ON line.sub_product_id = affected.id
       )
       SELECT p.id, p.number, p.name, c.quantities AS calculated, p.latest_calculation_id IS NOT NULL AS "hasCalculation"
         FROM products p JOIN affected ON affected.id = p.id
         LEFT JOIN calculations c ON c.id = p.latest_calculation_id
        ORDER BY p.number, p.id`,
      [input.partIds, input.operationIds],
    );
  }
}
