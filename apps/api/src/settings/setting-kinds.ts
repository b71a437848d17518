import { LETTERHEAD_SETTINGS } from '@fabquote/documents';
import { compactIban, isBic, isCurrencyCode, isIban, isTimeZone, SettingValue, TIME_ZONE } from '@fabquote/database';
import { MessageKey } from '@fabquote/i18n';
import { FieldInvalid } from '../common/app-exception';
import { checkedRatingWeights, OFFER_RATING_WEIGHTS } from './offer-rating-weights';
import { checkedQuantityTiers, QUANTITY_TIERS } from './quantity-tiers';
import { checkedVatRate, VAT_RATE } from './vat-rate';

export { TIME_ZONE };

/** The thickness range of the part limits; a write of one is checked against the other (settings.service). */
export const PART_MIN_THICKNESS = 'part-min-thickness';
export const PART_MAX_THICKNESS = 'part-max-thickness';

/** The company profile's defaults for a new order, and where the customer's reply to an offer mail goes. */
export const DEFAULT_PAYMENT_TERMS = 'default-payment-terms';
export const DEFAULT_SHIPPING_TERMS = 'default-shipping-terms';
export const OFFER_VALIDITY_DAYS = 'offer-validity-days';
export const MAIL_REPLY_TO = 'mail-reply-to';

/** The public quote-request page and its instant indicative prices (docs/api-surveys.md "The quote-request page"): both off unless switched on. */
export const QUOTE_PAGE_ENABLED = 'quote-page-enabled';
export const QUOTE_INSTANT_PRICES = 'quote-instant-prices';

/**
 * What a setting holds, which decides how a write of it is checked:
 * - `currency`: an ISO 4217 code in use (`EUR`; `chf` is stored as `CHF`);
 * - `time-zone`: an IANA zone (`Europe/Berlin`) or `UTC`;
 * - `percent`: 0 to 100, at most two decimals (`19`, `7.7`);
 * - `quantities`: 1–20 whole numbers of pieces, each once, stored sorted;
 * - `weights`: the offer rating's three weights, numbers of 0 or more, not all 0;
 * - `millimetres`: one positive length in mm, at most three decimals (`3000`, `0.5`; `0,5` is stored as `0.5`);
 * - `days`: whole days from 1 to 365 (`30`), an offer's validity;
 * - `email`, `url`, `iban` (checked by modulo 97, stored in groups of four), `bic`: one text of that form, or empty (not set);
 * - `text`: one text; `lines`: a text or a list, one line each; `list`: a list of texts, none empty;
 * - `boolean`: a switch, `true` or `false` (stored so; read with `settingSwitch`, anything else read as off);
 * - `any`: a key of the shop's own: a text or a list of texts, as the body's validation allows.
 */
export type SettingKind = 'currency' | 'time-zone' | 'percent' | 'quantities' | 'weights' | 'millimetres' | 'days' | 'email' | 'url' | 'iban' | 'bic' | 'text' | 'lines' | 'list' | 'boolean' | 'any';

/** The kind of each setting the product reads (the organization's defaults among them, libs/database `DEFAULT_SETTINGS`). */
export const SETTING_KINDS: Readonly<Record<string, SettingKind>> = {
  currency: 'currency',
  [VAT_RATE]: 'percent',
  [QUANTITY_TIERS]: 'quantities',
  'price-units': 'list',
  'payment-terms': 'list',
  'shipping-methods': 'list',
  [OFFER_RATING_WEIGHTS]: 'weights',
  [TIME_ZONE]: 'time-zone',
  // The parts a shop's machines take: a CAD part outside them is flagged, not priced.
  'part-max-length': 'millimetres',
  'part-max-width': 'millimetres',
  [PART_MIN_THICKNESS]: 'millimetres',
  [PART_MAX_THICKNESS]: 'millimetres',
  'mail-sender-name': 'text',
  [LETTERHEAD_SETTINGS.name]: 'text',
  [LETTERHEAD_SETTINGS.addressLines]: 'lines',
  [LETTERHEAD_SETTINGS.phone]: 'text',
  [LETTERHEAD_SETTINGS.email]: 'email',
  [LETTERHEAD_SETTINGS.website]: 'url',
  [LETTERHEAD_SETTINGS.vatId]: 'text',
  [LETTERHEAD_SETTINGS.taxNumber]: 'text',
  [LETTERHEAD_SETTINGS.bankName]: 'text',
  [LETTERHEAD_SETTINGS.iban]: 'iban',
  [LETTERHEAD_SETTINGS.bic]: 'bic',
  [DEFAULT_PAYMENT_TERMS]: 'text',
  [DEFAULT_SHIPPING_TERMS]: 'text',
  [OFFER_VALIDITY_DAYS]: 'days',
  [MAIL_REPLY_TO]: 'email',
  [QUOTE_PAGE_ENABLED]: 'boolean',
  [QUOTE_INSTANT_PRICES]: 'boolean',
};

export const settingKind = (slug: string): SettingKind => SETTING_KINDS[slug] ?? 'any';

const MILLIMETRES = /^\d{1,6}(\.\d{1,3})?$/;

/** A positive length in mm as stored ("3000", "0.5"), or a 422 on `value` (`setting_millimetres`). */
function millimetres(value: SettingValue | undefined): string {
  const text = single(value).replace(',', '.');
  if (!MILLIMETRES.test(text) || !(Number(text) > 0)) throw new FieldInvalid('value', 'setting_millimetres');
  return text;
}

const DAYS = /^\d{1,3}$/;

/** Whole days from 1 to 365 as stored ("30"), or a 422 on `value` (`offer_validity_days`). */
function days(value: SettingValue | undefined): string {
  const text = single(value);
  if (!DAYS.test(text) || Number(text) < 1 || Number(text) > 365) throw new FieldInvalid('value', 'offer_validity_days');
  return String(Number(text));
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const URL_LIKE = /^(https?:\/\/)?[^\s/:]+\.[^\s/:]{2,}(:\d{1,5})?(\/\S*)?$/i;

/** One text, or a 422 on `value` (`setting_single_text`). */
function single(value: SettingValue | undefined): string {
  if (typeof value !== 'string') throw new FieldInvalid('value', 'setting_single_text');
  return value.trim();
}

/** One text of a form, or empty (the setting not filled in); else a 422 with `problem`. */
function optionalForm(value: SettingValue | undefined, fits: (text: string) => boolean, problem: MessageKey): string {
  const text = single(value);
  if (text && !fits(text)) throw new FieldInvalid('value', problem);
  return text;
}

/**
 * A setting's value as it is stored, checked by its kind (on create and on update alike): a 422 on `value`
 * in the reader's language when it does not fit. Codes are stored in their one spelling (`CHF`, a compact
 * IBAN in groups of four), texts trimmed, quantity tiers sorted.
 */
export function checkedSetting(slug: string, value: SettingValue | undefined): SettingValue | undefined {
  switch (settingKind(slug)) {
    case 'currency': {
      const code = single(value).toUpperCase();
      if (!isCurrencyCode(code)) throw new FieldInvalid('value', 'currency_unknown');
      return code;
    }
    case 'time-zone': {
      const zone = single(value);
      if (!isTimeZone(zone)) throw new FieldInvalid('value', 'time_zone_invalid');
      return zone;
    }
    case 'percent':
      return checkedVatRate(value);
    case 'quantities':
      return checkedQuantityTiers(value);
    case 'weights':
      checkedRatingWeights(value);
      return value;
    case 'millimetres':
      return millimetres(value);
    case 'days':
      return days(value);
    case 'email':
      return optionalForm(value, (text) => EMAIL.test(text), 'invalid_email');
    case 'url':
      return optionalForm(value, (text) => URL_LIKE.test(text), 'url_invalid');
    case 'iban': {
      const iban = optionalForm(value, isIban, 'iban_invalid');
      return compactIban(iban).replace(/(.{4})(?=.)/g, '$1 ');
    }
    case 'bic':
      return optionalForm(value, isBic, 'bic_invalid').replace(/\s+/g, '').toUpperCase();
    case 'text':
      return single(value);
    case 'list':
      if (!Array.isArray(value)) throw new FieldInvalid('value', 'setting_list');
      // A stored value is checked again on an update that leaves it as it was: it may hold anything.
      if (!value.every((text): text is string => typeof text === 'string')) throw new FieldInvalid('value', 'setting_list');
      if (value.some((text) => !text.trim())) throw new FieldInvalid('value', 'setting_list_blank');
      return value.map((text) => text.trim());
    case 'boolean': {
      const text = single(value).toLowerCase();
      if (text !== 'true' && text !== 'false') throw new FieldInvalid('value', 'setting_boolean');
      return text;
    }
    case 'lines':
    case 'any':
      return value;
  }
}
