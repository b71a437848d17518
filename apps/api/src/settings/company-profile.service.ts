import { HttpStatus, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { DEFAULT_SETTINGS, Organization, SettingValue, TenantTransactions, TIME_ZONE, timeZoneSetting } from '@fabquote/database';
import { LETTERHEAD_SETTINGS, LetterheadLogo } from '@fabquote/documents';
import { Locale, MessageKey, MessageParams, translate } from '@fabquote/i18n';
import { AppException, FieldInvalid, RecordNotFound } from '../common/app-exception';
import { UploadedPart } from '../common/multipart-upload';
import { logoImage } from './company-logo';
import { UpdateCompanyProfileDto } from './company-profile.dto';
import { SettingsRepository } from './settings.repository';
import { checkedSetting, DEFAULT_PAYMENT_TERMS, DEFAULT_SHIPPING_TERMS, MAIL_REPLY_TO, OFFER_VALIDITY_DAYS } from './setting-kinds';

type ProfileField = keyof UpdateCompanyProfileDto;

/** Each field of the company profile and the setting it is kept in (existing keys kept: the PDF and the mail read them). */
export const PROFILE_SETTINGS: Readonly<Record<ProfileField, string>> = {
  name: LETTERHEAD_SETTINGS.name,
  addressLines: LETTERHEAD_SETTINGS.addressLines,
  phone: LETTERHEAD_SETTINGS.phone,
  email: LETTERHEAD_SETTINGS.email,
  website: LETTERHEAD_SETTINGS.website,
  vatId: LETTERHEAD_SETTINGS.vatId,
  taxNumber: LETTERHEAD_SETTINGS.taxNumber,
  bankName: LETTERHEAD_SETTINGS.bankName,
  iban: LETTERHEAD_SETTINGS.iban,
  bic: LETTERHEAD_SETTINGS.bic,
  timeZone: TIME_ZONE,
  currency: 'currency',
  paymentTerms: DEFAULT_PAYMENT_TERMS,
  shippingTerms: DEFAULT_SHIPPING_TERMS,
  offerValidityDays: OFFER_VALIDITY_DAYS,
  replyTo: MAIL_REPLY_TO,
};

/** Fields that cannot be cleared: every price and date needs them. */
const REQUIRED: ReadonlySet<ProfileField> = new Set(['timeZone', 'currency']);

/** An offer is valid for so many days unless the profile says otherwise. */
export const DEFAULT_OFFER_VALIDITY_DAYS = 30;

export interface CompanyLogoInfo {
  contentType: string;
  width: number;
  height: number;
  size: number;
  updatedAt: Date;
}

export interface CompanyProfile {
  name: string | null;
  organizationName: string;
  addressLines: string[];
  phone: string | null;
  email: string | null;
  website: string | null;
  vatId: string | null;
  taxNumber: string | null;
  bankName: string | null;
  iban: string | null;
  bic: string | null;
  timeZone: string;
  currency: string;
  paymentTerms: string | null;
  shippingTerms: string | null;
  offerValidityDays: number;
  replyTo: string | null;
  logo: CompanyLogoInfo | null;
}

const text = (value: SettingValue | undefined): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

const lines = (value: SettingValue | undefined): string[] =>
  (Array.isArray(value) ? value : typeof value === 'string' ? value.split('\n') : []).map((line) => String(line).trim()).filter(Boolean);

/** The stored validity in days, else 30 (a value stored before it was checked is the default too). */
const validityDays = (value: SettingValue | undefined): number => {
  const days = typeof value === 'string' && /^\d{1,3}$/.test(value.trim()) ? Number(value) : NaN;
  return days >= 1 && days <= 365 ? days : DEFAULT_OFFER_VALIDITY_DAYS;
};

/** The stored values of these settings (slug → value; a setting never stored is absent), read in the caller's tenant transaction. */
export async function readSettings(manager: EntityManager, slugs: readonly string[]): Promise<Record<string, SettingValue>> {
  const rows = await new SettingsRepository(manager).settings(slugs);
  return Object.fromEntries(rows.map((row) => [row.slug, row.value]));
}

/**
 * What a new order takes from the company profile when it is not given: payment and shipping terms,
 * and how many days the offer is valid. Read in the caller's tenant transaction.
 */
export async function orderDefaults(manager: EntityManager): Promise<{ paymentTerms: string | null; shippingTerms: string | null; validityDays: number }> {
  const stored = await readSettings(manager, [DEFAULT_PAYMENT_TERMS, DEFAULT_SHIPPING_TERMS, OFFER_VALIDITY_DAYS]);
  return { paymentTerms: text(stored[DEFAULT_PAYMENT_TERMS]), shippingTerms: text(stored[DEFAULT_SHIPPING_TERMS]), validityDays: validityDays(stored[OFFER_VALIDITY_DAYS]) };
}

/** The company profile's logo for the PDF, or null; read in the caller's tenant transaction. */
export async function companyLogo(manager: EntityManager): Promise<LetterheadLogo | null> {
  const row = await new SettingsRepository(manager).logo();
  return row ? { content: row.content, width: row.width, height: row.height } : null;
}

/** The shop's address for replies to offer mails set in the company profile (`mail-reply-to`), or null. */
export async function profileReplyTo(manager: EntityManager): Promise<string | null> {
  return text((await readSettings(manager, [MAIL_REPLY_TO]))[MAIL_REPLY_TO]);
}

/**
 * The company profile (docs/api-identity.md, "Company profile"): the shop's letterhead, reach, tax and bank
 * details, time zone, currency and the defaults of new orders, kept as settings and checked by their kinds;
 * and its logo, one PNG or JPEG per organization. No query filters by organization: row-level security does.
 */
@Injectable()
export class CompanyProfileService {
  constructor(private readonly tenant: TenantTransactions) {}

  async get(organization: Organization): Promise<CompanyProfile> {
    const manager = this.tenant.manager();
    const stored = await readSettings(manager, Object.values(PROFILE_SETTINGS));
    const at = (field: ProfileField) => stored[PROFILE_SETTINGS[field]];
    const logo = await new SettingsRepository(manager).logoFacts();
    const currency = text(at('currency'))?.toUpperCase();
    return {
      name: text(at('name')),
      organizationName: organization.name,
      addressLines: lines(at('addressLines')),
      phone: text(at('phone')),
      email: text(at('email')),
      website: text(at('website')),
      vatId: text(at('vatId')),
      taxNumber: text(at('taxNumber')),
      bankName: text(at('bankName')),
      iban: text(at('iban')),
      bic: text(at('bic')),
      timeZone: timeZoneSetting(at('timeZone')),
      currency: currency && /^[A-Z]{3}$/.test(currency) ? currency : (DEFAULT_SETTINGS.currency as string),
      paymentTerms: text(at('paymentTerms')),
      shippingTerms: text(at('shippingTerms')),
      offerValidityDays: validityDays(at('offerValidityDays')),
      replyTo: text(at('replyTo')),
      logo: logo ? { contentType: logo.content_type, width: logo.width, height: logo.height, size: logo.size, updatedAt: logo.updated_at } : null,
    };
  }

  /**
   * Writes the fields given, each checked by its setting's kind; every field that does not fit is named in
   * one 422 in the reader's language, and nothing is written then. Null or blank clears a field.
   */
  async update(input: UpdateCompanyProfileDto, organization: Organization, locale: Locale): Promise<CompanyProfile & { message: string }> {
    const writes: Array<{ slug: string; value: SettingValue | null }> = [];
    const errors: Record<string, { key: MessageKey; params?: MessageParams }> = {};
    for (const field of Object.keys(PROFILE_SETTINGS) as ProfileField[]) {
      const given = input[field];
      if (given === undefined) continue;
      const slug = PROFILE_SETTINGS[field];
      const value = Array.isArray(given) ? given.map((line) => line.trim()).filter(Boolean) : typeof given === 'string' ? given.trim() : null;
      const empty = value === null || value.length === 0;
      if (empty) {
        if (REQUIRED.has(field)) errors[field] = { key: 'required' };
        else writes.push({ slug, value: null });
        continue;
      }
      try {
        writes.push({ slug, value: checkedSetting(slug, value) ?? null });
      } catch (error) {
        const problem = error instanceof AppException ? error.fieldErrors?.value : undefined;
        if (!problem) throw error;
        errors[field] = problem;
      }
    }
    const [first] = Object.values(errors);
    if (first) throw new AppException(HttpStatus.UNPROCESSABLE_ENTITY, 'validation_failed', first.key, first.params, errors);
    const settings = new SettingsRepository(this.tenant.manager());
    for (const { slug, value } of writes) {
      if (value === null) await settings.remove(slug);
      else await settings.put(slug, value);
    }
    return { message: translate(locale, 'company_profile_saved'), ...(await this.get(organization)) };
  }

  /** The logo's bytes and type; 404 when the shop has none. */
  async logo(): Promise<{ contentType: string; content: Buffer }> {
    const row = await new SettingsRepository(this.tenant.manager()).logo();
    if (!row) throw new RecordNotFound();
    return { contentType: row.content_type, content: row.content };
  }

  /** Replaces the logo with a PNG or JPEG of at most 1 MB, checked by its content (company-logo.ts); a 422 on `logo` otherwise. */
  async putLogo(file: UploadedPart | undefined, organization: Organization, locale: Locale): Promise<CompanyProfile & { message: string }> {
    const image = logoImage(file?.buffer ?? Buffer.alloc(0));
    if ('problem' in image) throw new FieldInvalid('logo', image.problem);
    await new SettingsRepository(this.tenant.manager()).putLogo({ contentType: image.contentType, width: image.width, height: image.height, content: file!.buffer });
    return { message: translate(locale, 'company_logo_saved'), ...(await this.get(organization)) };
  }

  /** Removes the logo; 404 when there is none. */
  async removeLogo(organization: Organization, locale: Locale): Promise<CompanyProfile & { message: string }> {
    if (!(await new SettingsRepository(this.tenant.manager()).removeLogo())) throw new RecordNotFound();
    return { message: translate(locale, 'company_logo_removed'), ...(await this.get(organization)) };
  }
}
