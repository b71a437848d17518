import { Letterhead, LetterheadLogo } from './types';

/**
 * The settings (slug → value, as the `settings` table stores them) the letterhead is read from.
 * None is required: a shop that has set none gets its organization's name and nothing else, and
 * every one it sets appears. `letterhead-address` is a list, one line each (street, "zip city", country).
 */
export const LETTERHEAD_SETTINGS = {
  name: 'letterhead-name',
  addressLines: 'letterhead-address',
  phone: 'letterhead-phone',
  email: 'letterhead-email',
  website: 'letterhead-website',
  vatId: 'letterhead-vat-id',
  taxNumber: 'letterhead-tax-number',
  bankName: 'letterhead-bank-name',
  iban: 'letterhead-iban',
  bic: 'letterhead-bic',
} as const;

type SettingValue = string | readonly string[] | null | undefined;

const single = (value: SettingValue): string | null => {
  const text = Array.isArray(value) ? value.join(', ') : value;
  return typeof text === 'string' && text.trim() ? text.trim() : null;
};

const list = (value: SettingValue): string[] =>
  (Array.isArray(value) ? value : typeof value === 'string' ? value.split('\n') : []).map((line) => String(line).trim()).filter(Boolean);

/**
 * The letterhead from the organization's settings; `organizationName` when `letterhead-name` is not set. `logo`: the
 * company profile's logo (a PNG or JPEG checked on upload), printed at the top of the first page.
 */
export function letterheadFromSettings(organizationName: string, settings: Readonly<Record<string, SettingValue>>, logo: LetterheadLogo | null = null): Letterhead {
  const at = (key: keyof typeof LETTERHEAD_SETTINGS) => settings[LETTERHEAD_SETTINGS[key]];
  return {
    name: single(at('name')) ?? organizationName,
    addressLines: list(at('addressLines')),
    phone: single(at('phone')),
    email: single(at('email')),
    website: single(at('website')),
    vatId: single(at('vatId')),
    taxNumber: single(at('taxNumber')),
    bankName: single(at('bankName')),
    iban: single(at('iban')),
    bic: single(at('bic')),
    logo,
  };
}
