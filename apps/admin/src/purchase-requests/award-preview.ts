import type { AwardPreview, OfferAwarded } from '../api/contracts';
import { compareNumbers, decimalText } from '../shared/numbers';

/**
 * The award's preview: what `POST /supplier-offers/{id}/award-preview` answers
 * (docs/api-procurement.md, "Award preview"), read for the dialog. Pure, tested in award-preview.spec.ts.
 */

export type AwardPreviewData = AwardPreview['data'];
export type PreviewProduct = AwardPreviewData['products'][number];
export type PreviewTier = PreviewProduct['tiers'][number];
export type PreviewSuppliable = AwardPreviewData['suppliables'][number];
export type SuppliableAction = PreviewSuppliable['action'];
export type PriceRise = OfferAwarded['priceRises'][number];

/** How a tier's unit price moves: up (a rise, marked), down, the same, or unknown (a side without a price). */
export type TierChange = 'rise' | 'fall' | 'same' | 'unknown';

export function tierChange(tier: PreviewTier): TierChange {
  const before = decimalText(tier.before);
  const after = decimalText(tier.after);
  if (before === null || after === null) return 'unknown';
  const order = compareNumbers(after, before);
  return order > 0 ? 'rise' : order < 0 ? 'fall' : 'same';
}

/** A product rises when the API says so or any of its tiers does (the marks agree with the figures). */
export const productRises = (product: PreviewProduct) => product.rises || product.tiers.some((tier) => tierChange(tier) === 'rise');

/** A product's name as the dialog and the notice write it: "BR-90 Bracket 90". */
export const productLabel = (product: { number?: string | null; name?: string | null }) => [product.number, product.name].filter(Boolean).join(' ') || '--';

/** The suppliables the award changes first (switched off, replaced), those it keeps last, each by supplier and line. */
export function orderedSuppliables(suppliables: readonly PreviewSuppliable[]): PreviewSuppliable[] {
  const rank: Record<SuppliableAction, number> = { 'switch-off': 0, replace: 1, keep: 2 };
  return [...suppliables].sort(
    (a, b) => rank[a.action] - rank[b.action] || (a.supplierName ?? '').localeCompare(b.supplierName ?? '') || (a.lineName ?? '').localeCompare(b.lineName ?? ''),
  );
}

/** What the award's body sends: the lines (none for the whole offer) and whether other suppliers' prices go off. */
export function awardBody(lines: readonly { kind: string; id: string }[] | null, switchOffOthers: boolean): { lines?: { kind: string; lineId: string }[]; switchOffOthers: boolean } {
  return lines ? { lines: lines.map((line) => ({ kind: line.kind, lineId: line.id })), switchOffOthers } : { switchOffOthers };
}

/** The notice after an award: the products whose price rose, named, or none. */
export function risesNotice(priceRises: readonly Pick<PriceRise, 'number' | 'name'>[] | null | undefined): string | null {
  if (!priceRises || priceRises.length === 0) return null;
  return priceRises.map(productLabel).join(', ');
}
