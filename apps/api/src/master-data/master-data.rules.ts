import { FieldInvalid } from '../common/app-exception';
import { AppException } from '../common/app-exception';
import { HttpStatus } from '@nestjs/common';
import { SqlFilter } from '../common/list-query';
import { RecordRule } from '../records/records.service';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Factors valid on a day: open ends count as valid; both ends inclusive. */
export const validOn: SqlFilter = ([value], param) => {
  if (!ISO_DATE.test(value) || Number.isNaN(Date.parse(value))) {
    throw new AppException(HttpStatus.BAD_REQUEST, 'invalid_list_parameter', 'list_parameter', {}, { validOn: { key: 'invalid_date' } });
  }
  const day = param(value);
  return `(t.valid_from IS NULL OR t.valid_from <= ${day}::date) AND (t.valid_until IS NULL OR t.valid_until >= ${day}::date)`;
};

/** A factor's validity may not end before it starts; said on the field before the database would refuse it. */
export const factorValidity: RecordRule = async (factor) => {
  const { validFrom, validUntil } = factor as { validFrom?: string | null; validUntil?: string | null };
  if (validFrom && validUntil && validUntil < validFrom) throw new FieldInvalid('validUntil', 'valid_until_before_from');
};

/** A suppliable of type part names no operation, and the other way round. */
export const suppliableKind: RecordRule = async (suppliable) => {
  const { type, partId, operationId } = suppliable as { type?: string; partId?: string | null; operationId?: string | null };
  if ((type === 'part' && operationId) || (type === 'operation' && partId)) throw new FieldInvalid('type', 'suppliable_kind');
};

/**
 * Bulk price bands of one parent (a suppliable, a product) never overlap. The parent
 * row is locked first, so two saves at once cannot both pass the check.
 */
export function nonOverlappingBands(bands: { table: string; parentTable: string; parentColumn: string; parentField: string }): RecordRule {
  return async (band, { manager, id }) => {
    const { minQuantity, maxQuantity } = band as { minQuantity: number; maxQuantity?: number | null };
    const parentId = band[bands.parentField] as string;
    if (maxQuantity !== null && maxQuantity !== undefined && maxQuantity < minQuantity) throw new FieldInvalid('maxQuantity', 'max_below_min');
    await manager.query(`SELECT 1 FROM ${bands.parentTable} WHERE id = $1 FOR UPDATE`, [parentId]);
    const [overlap] = await manager.query(
      `SELECT min_quantity, max_quantity FROM ${bands.table}
        WHERE ${bands.parentColumn} = $1 AND id <> coalesce($2::uuid, '00000000-0000-0000-0000-000000000000')
          AND numrange(min_quantity, max_quantity, '[]') && numrange($3::numeric, $4::numeric, '[]')
        LIMIT 1`,
      [parentId, id ?? null, minQuantity, maxQuantity ?? null],
    );
    if (overlap) {
      const max = overlap.max_quantity === null ? '∞' : Number(overlap.max_quantity);
      throw new FieldInvalid('minQuantity', 'bulk_price_overlap', { min: Number(overlap.min_quantity), max });
    }
  };
}

export const suppliableBands = nonOverlappingBands({
  table: 'suppliable_bulk_prices',
  parentTable: 'suppliables',
  parentColumn: 'suppliable_id',
  parentField: 'suppliableId',
});
