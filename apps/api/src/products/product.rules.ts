import { FieldInvalid } from '../common/app-exception';
import { nonOverlappingBands } from '../master-data';
import { RecordRule } from '../records';
import { ProductRulesRepository } from './product-rules.repository';

/**
 * A product line is a part or a sub-assembly, never both, and a sub-assembly may
 * not contain, at any depth, the product it is added to.
 */
export const partOrAcyclicSubAssembly: RecordRule = async (line, { manager }) => {
  const { productId, partId, subProductId } = line as { productId: string; partId?: string | null; subProductId?: string | null };
  if (!partId === !subProductId) throw new FieldInvalid('partId', 'part_or_sub_assembly');
  if (!subProductId) return;
  if (await new ProductRulesRepository(manager).contains(subProductId, productId)) throw new FieldInvalid('subProductId', 'sub_assembly_cycle');
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
  const rows = new ProductRulesRepository(manager);
  await rows.lockProduct(productId);
  if (await rows.hasOtherOuterContour(productId, id ?? null)) throw new FieldInvalid('kind', 'second_outer_contour');
};
