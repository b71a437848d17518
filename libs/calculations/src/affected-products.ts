import { EntityManager } from 'typeorm';
import type { PriceSource } from '@fabquote/queue';

/** Products that use the changed thing directly. */
const DIRECT: Record<PriceSource, string> = {
  material: `SELECT id FROM products WHERE material_id = $1 UNION SELECT product_id FROM product_materials WHERE material_id = $1`,
  group: `SELECT p.id FROM products p JOIN materials m ON m.id = p.material_id WHERE m.group_id = $1
          UNION SELECT pm.product_id FROM product_materials pm JOIN materials m ON m.id = pm.material_id WHERE m.group_id = $1`,
  asset: `SELECT product_id FROM product_operations WHERE asset_id = $1`,
  // A factor applies to whatever its scope multiplies: every product may be affected.
  factor: `SELECT id FROM products WHERE $1::uuid IS NOT NULL`,
  suppliable: `SELECT pp.product_id FROM product_parts pp JOIN suppliables s ON s.part_id = pp.part_id WHERE s.id = $1
               UNION SELECT po.product_id FROM product_operations po JOIN suppliables s ON s.operation_id = po.operation_id WHERE s.id = $1`,
  part: `SELECT product_id FROM product_parts WHERE part_id = $1`,
  product: `SELECT $1::uuid AS id`,
};

/**
 * The calculated products whose price depends on the changed thing: those that use it,
 * and every assembly above them. Products never calculated are left alone.
 */
export async function affectedProducts(manager: EntityManager, source: PriceSource, sourceId: string): Promise<string[]> {
  const rows: Array<{ id: string }> = await manager.query(
    `WITH RECURSIVE affected(id) AS (
       ${DIRECT[source]}
       UNION
       SELECT line.product_id FROM product_parts line JOIN affected ON line.sub_product_id = affected.id
     )
     SELECT p.id FROM products p JOIN affected ON affected.id = p.id WHERE p.latest_calculation_id IS NOT NULL ORDER BY p.id`,
    [sourceId],
  );
  return rows.map((row) => row.id);
}
