import { FieldInvalid } from '../common/app-exception';
import { nonOverlappingBands } from '../master-data';
import { RecordRule } from '../records';

/**
 * A product line is a part or a sub-assembly, never both, and a sub-assembly may
 * not contain, at any depth, the product it is added to.
 */
export const partOrAcyclicSubAssembly: RecordRule = async (line, { manager }) => {
  const { productId, partId, subProductId } = line as { productId: string; partId?: string | null; subProductId?: string | null };
  if (!partId === !subProductId) throw new FieldInvalid('partId', 'part_or_sub_assembly');
  if (!subProductId) return;
  const [cycle] = await manager.query(
    `WITH RECURSIVE contained(id) AS (
       SELECT $1::uuid
       UNION
       SELECT line.sub_product_id FROM product_parts line JOIN contained ON line.product_id = contained.id WHERE line.sub_product_id IS NOT NULL
     )
     SELECT 1 FROM contained WHERE id = $2 LIMIT 1`,
    [subProductId, productId],
  );
  if (cycle) throw new FieldInvalid('subProductId', 'sub_assembly_cycle');
};

export const productBands = nonOverlappingBands({
  table: 'product_bulk_prices',
  parentTable: 'products',
  parentColumn: 'product_id',
  parentField: 'productId',
});
