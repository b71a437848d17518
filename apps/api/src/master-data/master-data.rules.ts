import type { Phrase } from '@fabquote/i18n';
import { FieldInvalid } from '../common/app-exception';
import { AppException } from '../common/app-exception';
import { HttpStatus } from '@nestjs/common';
import { cuttingRatesTie } from '@fabquote/pricing';
import { SqlFilter } from '../common/list-query';
import { RecordRule } from '../records';
import { MasterDataRulesRepository } from './master-data-rules.repository';

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
    const rows = new MasterDataRulesRepository(manager);
    await rows.lock(bands.parentTable, parentId);
    const overlap = await rows.overlappingBand(bands, { parentId, id: id ?? null, minQuantity, maxQuantity: maxQuantity ?? null });
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

/** "0–3 mm", "3–∞ mm", "1,5–3 mm": a cutting rate's thickness range as the refusal names it, in the reader's notation. */
const thicknessRange = (from: unknown, to: unknown): Phrase => ({
  key: 'thickness_range',
  params: { from: from === null || from === undefined ? 0 : Number(from), to: to === null || to === undefined ? '∞' : Number(to) },
});

/**
 * A laser's cutting rates never tie: of the rates matching a product the most specific applies
 * (libs/pricing README, "the most specific cutting rate"), so a rate just as specific as another of the
 * same machine and material group whose thickness range overlaps it is refused on its field, rather
 * than left for pricing to refuse. The machine row is locked first, so two saves at once cannot both pass.
 */
export const cuttingRateSpecificity: RecordRule = async (rate, { manager, id }) => {
  const { assetId, groupId, thicknessFrom, thicknessTo } = rate as { assetId: string; groupId?: string | null; thicknessFrom?: number | null; thicknessTo?: number | null };
  if (thicknessFrom !== null && thicknessFrom !== undefined && thicknessTo !== null && thicknessTo !== undefined && Number(thicknessTo) < Number(thicknessFrom)) {
    throw new FieldInvalid('thicknessTo', 'max_below_min');
  }
  const rows = new MasterDataRulesRepository(manager);
  await rows.lock('assets', assetId);
  const others = await rows.otherCuttingRates(assetId, groupId ?? null, id ?? null);
  const saved = { materialGroupId: groupId ?? null, thicknessFrom: thicknessFrom ?? null, thicknessTo: thicknessTo ?? null, cutSpeed: 1, pierceTime: 0 };
  const tie = others.find((other) => cuttingRatesTie(saved, { materialGroupId: groupId ?? null, thicknessFrom: other.thickness_from, thicknessTo: other.thickness_to, cutSpeed: 1, pierceTime: 0 }));
  if (tie) throw new FieldInvalid('thicknessFrom', 'cutting_rate_tie', { range: thicknessRange(tie.thickness_from, tie.thickness_to) });
};

/**
 * A press brake has one bending rate per bend class: pricing looks a bend's class up among them, so a
 * second rate for a class is refused on its field, like a second cutting rate just as specific. Classes
 * written alike but for case or spaces ("Standard", "standard ") count as one, since a person reading
 * the list could not tell which applies. The machine row is locked first, so two saves at once cannot both pass.
 */
export const bendingRateTie: RecordRule = async (rate, { manager, id }) => {
  const { assetId, bendClass } = rate as { assetId: string; bendClass: string };
  const rows = new MasterDataRulesRepository(manager);
  await rows.lock('assets', assetId);
  const twin = await rows.bendingRateTwin(assetId, String(bendClass ?? ''), id ?? null);
  if (twin) throw new FieldInvalid('bendClass', 'bending_rate_tie', { bendClass: twin.bend_class });
};
