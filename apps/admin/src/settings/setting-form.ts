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

/** What the API stores: the list drops rows left empty. */
export function fromSettingForm(form: Partial<SettingFormValues>): SettingRecord {
  const slug = (form.slug ?? '').trim();
  if (form.kind === 'list') {
    return { slug, value: (form.values ?? []).map((item) => item?.text ?? '').filter((text) => text.trim() !== '') };
  }
  return { slug, value: form.value ?? '' };
}

export function settingValueText(value: SettingValue | null | undefined): string {
  if (value === null || value === undefined) return '';
  return Array.isArray(value) ? value.join(', ') : value;
}
