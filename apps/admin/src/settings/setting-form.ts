import type { Setting } from '../api/contracts';

/**
 * A setting's value is one text or a list of texts. The form edits either,
 * with a switch between them; react-hook-form arrays need objects, so list
 * items travel as { text }.
 */
export type SettingValue = Setting['value'];

export interface SettingRecord {
  id?: string;
  slug: string;
  value: SettingValue;
}

export interface SettingFormValues {
  id?: string;
  slug: string;
  kind: 'single' | 'list';
  value: string;
  values: { text: string }[];
}

export function toSettingForm(record: Partial<SettingRecord> | undefined): SettingFormValues {
  const value = record?.value;
  const list = Array.isArray(value) || record?.slug === QUANTITY_TIERS;
  return {
    ...(record?.id !== undefined ? { id: record.id } : {}),
    slug: record?.slug ?? '',
    kind: list ? 'list' : 'single',
    value: list ? '' : (value ?? ''),
    values: Array.isArray(value) ? value.map((text) => ({ text })) : [],
  };
}

/**
 * The weights of the offer rating (docs/api-procurement.md, "Procurement II: the rating"): a list of
 * three numbers as texts, price, delivery and completeness; edited as three labelled inputs.
 */
export const OFFER_RATING_WEIGHTS = 'offer-rating-weights';
export const WEIGHT_NAMES = ['price', 'delivery', 'completeness'] as const;
export const DEFAULT_WEIGHTS = ['0.6', '0.25', '0.15'] as const;

/** A weight as the number input holds it: the exact decimal text ("0.25", typed "0,25" in German), read by the API. */
const weightText = (text: string | null | undefined) => (text ?? '').trim();

/**
 * What libs/rating's checkWeights refuses, as the API says it: a weight that is not a number of 0 or
 * more (named by `weight`), or all three 0 (said at the price). A message key, or undefined.
 */
export function weightProblem(index: number, values: readonly ({ text?: string } | undefined)[] | undefined): { message: string; weight?: (typeof WEIGHT_NAMES)[number] } | undefined {
  const text = weightText(values?.[index]?.text);
  const number = Number(text);
  if (text === '' || !Number.isFinite(number) || number < 0) return { message: 'resources.settings.weights.not_a_number', weight: WEIGHT_NAMES[index] };
  const all = WEIGHT_NAMES.map((_, at) => Number(weightText(values?.[at]?.text)));
  if (index === 0 && all.every((weight) => weight === 0)) return { message: 'resources.settings.weights.all_zero' };
  return undefined;
}

/**
 * The quantities a product is calculated at (docs/api.md): 1 to 20 whole numbers of pieces, each once,
 * at most a million; kept sorted. Edited as a list of numbers.
 */
export const QUANTITY_TIERS = 'quantity-tiers';

/** The VAT rate in percent, one number ("19", "7.7"), edited with the number input. */
export const VAT_RATE = 'vat-rate';

/** The parts the shop's machines take: each one positive length in mm, edited with the number input. */
export const PART_LIMITS: readonly string[] = ['part-max-length', 'part-max-width', 'part-min-thickness', 'part-max-thickness'];
export const MAX_TIERS = 20;
const MAX_TIER_QUANTITY = 1_000_000;

/**
 * A tier as the number input holds it: the exact decimal text of what was typed in the chosen language
 * ("1.000" in German, "1,000" in English, both "1000"); whole digits only, anything else is no tier.
 */
const tierNumber = (text: string | null | undefined) => {
  const compact = (text ?? '').trim();
  return /^\d+$/.test(compact) ? Number(compact) : NaN;
};

/**
 * What is wrong with a tier typed as `text`, among all the rows, as a message key of the console, or
 * undefined. A quantity that stands twice is marked on both rows.
 */
export function tierProblem(text: string | undefined, values: readonly ({ text?: string } | undefined)[] | undefined): string | undefined {
  const number = tierNumber(text);
  if (!Number.isSafeInteger(number) || number < 1) return 'resources.settings.tiers.whole';
  if (number > MAX_TIER_QUANTITY) return 'resources.settings.tiers.too_large';
  if ((values ?? []).filter((other) => tierNumber(other?.text) === number).length > 1) return 'resources.settings.tiers.repeated';
  return undefined;
}

/** The tiers as the API stores them: sorted ascending, as texts of whole numbers. */
export function sortedTiers(values: readonly ({ text?: string } | undefined)[] | undefined): string[] {
  return (values ?? [])
    .map((item) => tierNumber(item?.text))
    .filter((number) => Number.isFinite(number))
    .sort((a, b) => a - b)
    .map(String);
}

/** The settings the product itself reads, named in the reader's language (others show their key). */
export const KNOWN_SETTINGS = [
  'currency',
  'vat-rate',
  'quantity-tiers',
  'price-units',
  'payment-terms',
  'shipping-methods',
  'offer-rating-weights',
  'time-zone',
  'mail-sender-name',
  'letterhead-name',
  'letterhead-address',
  'letterhead-phone',
  'letterhead-email',
  'letterhead-website',
  'letterhead-vat-id',
  'letterhead-bank-name',
  'letterhead-iban',
  'letterhead-bic',
  'letterhead-tax-number',
  'default-payment-terms',
  'default-shipping-terms',
  'offer-validity-days',
  'mail-reply-to',
  'part-max-length',
  'part-max-width',
  'part-min-thickness',
  'part-max-thickness',
] as const;

/** The message key of a setting's name, or undefined for a key of the shop's own. */
export function settingNameKey(slug: string | undefined): string | undefined {
  return slug && (KNOWN_SETTINGS as readonly string[]).includes(slug) ? `resources.settings.names.${slug}` : undefined;
}

/** What the API stores: the list drops rows left empty. */
export function fromSettingForm(form: Partial<SettingFormValues>): SettingRecord {
  const slug = (form.slug ?? '').trim();
  if (slug === OFFER_RATING_WEIGHTS) return { slug, value: WEIGHT_NAMES.map((_, index) => weightText(form.values?.[index]?.text)) };
  if (slug === QUANTITY_TIERS) return { slug, value: sortedTiers(form.values) };
  if (form.kind === 'list') {
    return { slug, value: (form.values ?? []).map((item) => item?.text ?? '').filter((text) => text.trim() !== '') };
  }
  return { slug, value: form.value ?? '' };
}

export function settingValueText(value: SettingValue | null | undefined): string {
  if (value === null || value === undefined) return '';
  return Array.isArray(value) ? value.join(', ') : value;
}
