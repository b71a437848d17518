/**
 * The supplier's page (docs/api-procurement.md "The supplier's page"): what GET answers, and the offer
 * form's rules — pure, so they are tested without a browser. The API checks all of it again.
 */
import type { SupplierPage, SupplierPageOffer, SupplierPagePrice } from '../api/contracts';

/** What GET answers is the API's contract (contracts.ts, generated from its OpenAPI document). */
export type { SupplierPage };

export type LineKind = SupplierPagePrice['kind'];

export type PageLanguage = 'en' | 'de';

/** `?lang=` when it names one of the two languages, else the supplier's, else English. */
export function pageLanguage(requested: string | null, supplierLanguage: string | null | undefined): PageLanguage {
  for (const candidate of [requested, supplierLanguage]) {
    const language = (candidate ?? '').trim().toLowerCase().slice(0, 2);
    if (language === 'en' || language === 'de') return language;
  }
  return 'en';
}

/** The form holds what is typed: text, so "12,50" or an emptied field stay as the supplier left them. */
export interface OfferForm {
  shippingDate: string;
  packagingCost: string;
  shippingCost: string;
  customsCost: string;
  leadTimeDays: string;
  additionalInformation: string;
  /** Unit prices keyed by tierKey(). */
  prices: Record<string, string>;
}

/** One input per line and quantity. */
export const tierKey = (kind: LineKind, lineId: string, quantity: number | string) => `${kind}:${lineId}:${Number(quantity)}`;

const text = (value: number | string | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** What of a submitted offer the form starts from. */
export type OfferValues = Pick<SupplierPageOffer, 'shippingDate' | 'packagingCost' | 'shippingCost' | 'customsCost' | 'leadTimeDays' | 'additionalInformation' | 'prices'>;

/** Empty for a first offer; the latest one's values for a revision. */
export function initialForm(offer: OfferValues | null): OfferForm {
  const prices: Record<string, string> = {};
  for (const price of offer?.prices ?? []) prices[tierKey(price.kind, price.lineId, price.quantity)] = text(price.unitPrice);
  return {
    shippingDate: offer?.shippingDate?.slice(0, 10) ?? '',
    packagingCost: text(offer?.packagingCost),
    shippingCost: text(offer?.shippingCost),
    customsCost: text(offer?.customsCost),
    leadTimeDays: text(offer?.leadTimeDays),
    additionalInformation: offer?.additionalInformation ?? '',
    prices,
  };
}

/** "12,50" (a German decimal comma) and "12.50" are both 12.5; empty is nothing; anything else NaN. */
export function readAmount(value: string): number | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const normalized = /^\d{1,3}(\.\d{3})+(,\d+)?$/.test(trimmed) ? trimmed.replace(/\./g, '').replace(',', '.') : trimmed.replace(',', '.');
  return /^\d+(\.\d+)?$/.test(normalized) ? Number(normalized) : Number.NaN;
}

/** Message keys under fabquote.public_purchase_request.errors. */
export type OfferProblem = 'shipping_date_required' | 'pricing_tier_required' | 'not_a_number' | 'whole_days';

/** What the form says before sending, field by field (`prices` for the tiers as a whole, a tier's key for one). */
export function offerProblems(form: OfferForm): Record<string, OfferProblem> {
  const problems: Record<string, OfferProblem> = {};
  if (!form.shippingDate.trim()) problems.shippingDate = 'shipping_date_required';
  for (const field of ['packagingCost', 'shippingCost', 'customsCost'] as const) {
    if (Number.isNaN(readAmount(form[field]))) problems[field] = 'not_a_number';
  }
  const days = readAmount(form.leadTimeDays);
  if (Number.isNaN(days)) problems.leadTimeDays = 'not_a_number';
  else if (days !== null && !Number.isInteger(days)) problems.leadTimeDays = 'whole_days';
  let priced = 0;
  for (const [key, value] of Object.entries(form.prices)) {
    const amount = readAmount(value);
    if (Number.isNaN(amount)) problems[key] = 'not_a_number';
    else if (amount !== null) priced += 1;
  }
  if (priced === 0 && !Object.keys(problems).some((key) => key.includes(':'))) problems.prices = 'pricing_tier_required';
  return problems;
}

/** What POST …/offers takes: numbers, and only the tiers given a price. */
export function offerPayload(form: OfferForm, lines: SupplierPage['lines']) {
  const prices: SupplierPagePrice[] = [];
  for (const line of lines) {
    for (const quantity of line.quantities) {
      const unitPrice = readAmount(form.prices[tierKey(line.kind, line.id, quantity)] ?? '');
      if (unitPrice !== null && !Number.isNaN(unitPrice)) prices.push({ kind: line.kind, lineId: line.id, quantity: Number(quantity), unitPrice });
    }
  }
  const amount = (value: string) => readAmount(value);
  return {
    shippingDate: form.shippingDate.trim(),
    packagingCost: amount(form.packagingCost),
    shippingCost: amount(form.shippingCost),
    customsCost: amount(form.customsCost),
    leadTimeDays: amount(form.leadTimeDays),
    additionalInformation: form.additionalInformation.trim() ? form.additionalInformation.trim() : null,
    prices,
  };
}

/** The API's 422 names tiers as `prices.3.unitPrice`; the form shows the problem at that tier's input. */
export function tierOfError(field: string, payload: ReturnType<typeof offerPayload>): string | null {
  const match = /^prices\.(\d+)/.exec(field);
  const price = match ? payload.prices[Number(match[1])] : undefined;
  return price ? tierKey(price.kind, price.lineId, price.quantity) : null;
}
