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

/**
 * A part has one outer contour (its pierce count adds one for it): a second outer contour of the
 * product, or an outer contour with a count above one, is refused; cut-outs are inner contours.
 * The product is locked first, so two contours saved at once are checked one after the other.
 */
export const oneOuterContour: RecordRule = async (contour, { manager, id }) => {
  const { productId, kind, count } = contour as { productId: string; kind?: string; count?: number | null };
  if (kind !== 'outer') return;
  if ((count ?? 1) > 1) throw new FieldInvalid('count', 'outer_contour_count');
  await manager.query(`SELECT 1 FROM products WHERE id = $1 FOR UPDATE`, [productId]);
  const [other] = await manager.query(`SELECT 1 FROM product_contours WHERE product_id = $1 AND kind = 'outer' AND id IS DISTINCT FROM $2::uuid LIMIT 1`, [productId, id ?? null]);
  if (other) throw new FieldInvalid('kind', 'second_outer_contour');
};
