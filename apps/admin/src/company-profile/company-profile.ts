import type { CompanyProfile, UpdateCompanyProfileDto } from '../api/contracts';

/** The company profile's logo: a PNG or JPEG of at most 1 MB (the API checks the content again). */
export const LOGO_TYPES = ['image/png', 'image/jpeg'] as const;
export const MAX_LOGO_BYTES = 1024 * 1024;

/** The form's values: the address as one text, a line each; the validity as the number input's decimal text. */
export interface ProfileFormValues {
  name: string;
  address: string;
  phone: string;
  email: string;
  website: string;
  vatId: string;
  taxNumber: string;
  bankName: string;
  iban: string;
  bic: string;
  timeZone: string;
  currency: string;
  paymentTerms: string;
  shippingTerms: string;
  offerValidityDays: string | null;
  replyTo: string;
}

/** The form's fields in its sections, in order (the page and its browser suite read it). */
export const SECTIONS = {
  company: ['name', 'address'],
  contact: ['phone', 'email', 'website', 'replyTo'],
  tax_bank: ['vatId', 'taxNumber', 'bankName', 'iban', 'bic'],
  documents: ['timeZone', 'currency', 'paymentTerms', 'shippingTerms', 'offerValidityDays'],
} as const satisfies Record<string, ReadonlyArray<keyof ProfileFormValues>>;

/** What the form starts with: the stored profile, blanks for what is not set. */
export function formValues(profile: CompanyProfile): ProfileFormValues {
  return {
    name: profile.name ?? '',
    address: profile.addressLines.join('\n'),
    phone: profile.phone ?? '',
    email: profile.email ?? '',
    website: profile.website ?? '',
    vatId: profile.vatId ?? '',
    taxNumber: profile.taxNumber ?? '',
    bankName: profile.bankName ?? '',
    iban: profile.iban ?? '',
    bic: profile.bic ?? '',
    timeZone: profile.timeZone,
    currency: profile.currency,
    paymentTerms: profile.paymentTerms ?? '',
    shippingTerms: profile.shippingTerms ?? '',
    offerValidityDays: String(profile.offerValidityDays),
    replyTo: profile.replyTo ?? '',
  };
}

const blankIsNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** The PUT body: every field, blanks as null (cleared), the address split into its lines. */
export function profileRequest(values: ProfileFormValues): UpdateCompanyProfileDto {
  return {
    name: blankIsNull(values.name),
    addressLines: (values.address ?? '')
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean),
    phone: blankIsNull(values.phone),
    email: blankIsNull(values.email),
    website: blankIsNull(values.website),
    vatId: blankIsNull(values.vatId),
    taxNumber: blankIsNull(values.taxNumber),
    bankName: blankIsNull(values.bankName),
    iban: blankIsNull(values.iban),
    bic: blankIsNull(values.bic),
    timeZone: blankIsNull(values.timeZone),
    currency: blankIsNull(values.currency)?.toUpperCase() ?? null,
    paymentTerms: blankIsNull(values.paymentTerms),
    shippingTerms: blankIsNull(values.shippingTerms),
    offerValidityDays: blankIsNull(values.offerValidityDays),
    replyTo: blankIsNull(values.replyTo),
  };
}

/** The API names the address `addressLines`; the form shows it as one text. Other fields keep their names. */
export function formErrors(errors: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!errors) return undefined;
  const { addressLines, ...rest } = errors;
  return addressLines === undefined ? rest : { ...rest, address: addressLines };
}

/** The time zones the browser knows (IANA), UTC first; the stored one is kept even if the browser does not know it. */
export function timeZoneChoices(stored: string | undefined): Array<{ id: string; name: string }> {
  const supported = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = ['UTC', ...supported.filter((zone) => zone !== 'UTC')];
  if (stored && !zones.includes(stored)) zones.push(stored);
  return zones.map((zone) => ({ id: zone, name: zone }));
}
