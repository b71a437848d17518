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
  const list = Array.isArray(value);
  return {
    ...(record?.id !== undefined ? { id: record.id } : {}),
    slug: record?.slug ?? '',
    kind: list ? 'list' : 'single',
    value: list ? '' : (value ?? ''),
    values: list ? value.map((text) => ({ text })) : [],
  };
}

/**
 * The weights of the offer rating (docs/api-procurement.md, "Procurement II: the rating"): a list of
 * three numbers as texts, price, delivery and completeness; edited as three labelled inputs.
 */
export const OFFER_RATING_WEIGHTS = 'offer-rating-weights';
export const WEIGHT_NAMES = ['price', 'delivery', 'completeness'] as const;
export const DEFAULT_WEIGHTS = ['0.6', '0.25', '0.15'] as const;

/** "0,25" as a German types it is 0.25; the API reads a decimal point. */
const weightText = (text: string | undefined) => (text ?? '').trim().replace(',', '.');

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

/** What the API stores: the list drops rows left empty. */
export function fromSettingForm(form: Partial<SettingFormValues>): SettingRecord {
  const slug = (form.slug ?? '').trim();
  if (slug === OFFER_RATING_WEIGHTS) return { slug, value: WEIGHT_NAMES.map((_, index) => weightText(form.values?.[index]?.text)) };
  if (form.kind === 'list') {
    return { slug, value: (form.values ?? []).map((item) => item?.text ?? '').filter((text) => text.trim() !== '') };
  }
  return { slug, value: form.value ?? '' };
}

export function settingValueText(value: SettingValue | null | undefined): string {
  if (value === null || value === undefined) return '';
  return Array.isArray(value) ? value.join(', ') : value;
}
