/**
 * The supplier's page (docs/api-procurement.md "The supplier's page"): what GET answers, and the offer
 * form's rules — pure, so they are tested without a browser. The API checks all of it again.
 */
import type { SupplierPage, SupplierPageOffer, SupplierPagePrice } from '../api/contracts';
import { formatNumber, numberProblemMessage, readNumber } from '../shared/numbers';

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

/** The form holds what is typed: text, so "12,50" or an emptied field stay as the supplier left them; numbers are read in the page's language. */
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

/** Money as the page's language writes it, with the cents: 0.1 → "0,10" in German, "0.10" in English. */
const moneyText = (value: number | string | null | undefined, language: PageLanguage) => formatNumber(value, language, { minFractionDigits: 2 });

/** What of a submitted offer the form starts from. */
export type OfferValues = Pick<SupplierPageOffer, 'shippingDate' | 'packagingCost' | 'shippingCost' | 'customsCost' | 'leadTimeDays' | 'additionalInformation' | 'prices'>;

/** Empty for a first offer; the latest one's values for a revision, written the way the page's language writes numbers ("0,10"). */
export function initialForm(offer: OfferValues | null, language: PageLanguage): OfferForm {
  const prices: Record<string, string> = {};
  for (const price of offer?.prices ?? []) prices[tierKey(price.kind, price.lineId, price.quantity)] = moneyText(price.unitPrice, language);
  return {
    shippingDate: offer?.shippingDate?.slice(0, 10) ?? '',
    packagingCost: moneyText(offer?.packagingCost, language),
    shippingCost: moneyText(offer?.shippingCost, language),
    customsCost: moneyText(offer?.customsCost, language),
    leadTimeDays: formatNumber(offer?.leadTimeDays, language),
    additionalInformation: offer?.additionalInformation ?? '',
    prices,
  };
}

/**
 * An amount as the page's language writes it (shared/numbers.ts): German "12,50" and "1.234,5", English
 * "12.50" and "1,234.5"; empty is nothing; anything else, a negative amount and German "1.5" or English
 * "1,5" included, NaN: refused, never read another way. Within numeric(14, 4) the number is exact.
 */
export function readAmount(value: string, language: PageLanguage): number | null {
  const reading = readNumber(value, language);
  if (reading.problem !== undefined) return Number.NaN;
  if (reading.value === null) return null;
  return reading.value.startsWith('-') ? Number.NaN : Number(reading.value);
}

/** Message keys under fabquote.public_purchase_request. */
export type OfferProblem = 'shipping_date_required' | 'pricing_tier_required' | 'not_a_number' | 'whole_days' | 'number_ambiguous' | 'number_unreadable';

/** Why an amount cannot be sent: not written the page's language's way (with its notation), or below zero. */
function amountProblem(value: string, language: PageLanguage): OfferProblem | undefined {
  const reading = readNumber(value, language);
  if (reading.problem === 'ambiguous') return 'number_ambiguous';
  if (reading.problem !== undefined) return 'number_unreadable';
  return reading.value?.startsWith('-') ? 'not_a_number' : undefined;
}

/** The placeholders of a field's problem: what was typed and how the page's language writes it ("1,5"; "1.000"). */
export function offerProblemValues(form: OfferForm, field: string, language: PageLanguage): Record<string, string> {
  const typed = field in form.prices ? form.prices[field] : (form as unknown as Record<string, unknown>)[field];
  const reading = readNumber(typeof typed === 'string' ? typed : '', language);
  return numberProblemMessage(reading.problem ?? 'not_a_number', typeof typed === 'string' ? typed : '', reading.problem !== undefined ? reading.suggestion : undefined, language).args;
}

/**
 * The typed numbers of the form written the new language's way when the supplier switches it ("12,50" →
 * "12.50"), so nothing typed is lost or read differently; what cannot be read stays as typed.
 */
export function relanguageForm(form: OfferForm, from: PageLanguage, to: PageLanguage): OfferForm {
  if (from === to) return form;
  const again = (value: string) => {
    const reading = readNumber(value, from);
    if (reading.problem !== undefined || reading.value === null) return value;
    return formatNumber(reading.value, to, { minFractionDigits: reading.value.split('.')[1]?.length });
  };
  const prices = Object.fromEntries(Object.entries(form.prices).map(([key, value]) => [key, again(value)]));
  return { ...form, packagingCost: again(form.packagingCost), shippingCost: again(form.shippingCost), customsCost: again(form.customsCost), leadTimeDays: again(form.leadTimeDays), prices };
}

/** What the form says before sending, field by field (`prices` for the tiers as a whole, a tier's key for one), in the page's language. */
export function offerProblems(form: OfferForm, language: PageLanguage): Record<string, OfferProblem> {
  const problems: Record<string, OfferProblem> = {};
  if (!form.shippingDate.trim()) problems.shippingDate = 'shipping_date_required';
  for (const field of ['packagingCost', 'shippingCost', 'customsCost'] as const) {
    const problem = amountProblem(form[field], language);
    if (problem) problems[field] = problem;
  }
  const days = readAmount(form.leadTimeDays, language);
  const daysProblem = amountProblem(form.leadTimeDays, language);
  if (daysProblem) problems.leadTimeDays = daysProblem;
  else if (days !== null && !Number.isInteger(days)) problems.leadTimeDays = 'whole_days';
  let priced = 0;
  for (const [key, value] of Object.entries(form.prices)) {
    const problem = amountProblem(value, language);
    if (problem) problems[key] = problem;
    else if (readAmount(value, language) !== null) priced += 1;
  }
  if (priced === 0 && !Object.keys(problems).some((key) => key.includes(':'))) problems.prices = 'pricing_tier_required';
  return problems;
}

/** What POST …/offers takes: numbers (read in the page's language), and only the tiers given a price. */
export function offerPayload(form: OfferForm, lines: SupplierPage['lines'], language: PageLanguage) {
  const prices: SupplierPagePrice[] = [];
  for (const line of lines) {
    for (const quantity of line.quantities) {
      const unitPrice = readAmount(form.prices[tierKey(line.kind, line.id, quantity)] ?? '', language);
      if (unitPrice !== null && !Number.isNaN(unitPrice)) prices.push({ kind: line.kind, lineId: line.id, quantity: Number(quantity), unitPrice });
    }
  }
  const amount = (value: string) => readAmount(value, language);
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
