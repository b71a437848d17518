import { DataSource, EntityManager } from 'typeorm';
import { ADMINISTRATOR, DEFAULT_ROLES, generatePassword, hashPassword, PERMISSIONS } from '@fabquote/access';
import { Organization, SettingValue } from '../entities';
import { OrganizationRepository } from './organization.repository';
import { isCurrencyCode, settingFallback, TIME_ZONE, timeZoneSetting } from './setting-values';

export interface NewOrganization {
  slug: string;
  name: string;
  defaultLocale?: 'en' | 'de';
  /** The IANA time zone its deadlines and date-times are shown and mailed in (setting `time-zone`); none: UTC. */
  timeZone?: string;
}

export class InvalidOrganizationError extends Error {}

const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;
const RESERVED = new Set(['app', 'www']);

/** What every new shop starts with; each value can be changed in Settings. */
export const DEFAULT_SETTINGS: Record<string, SettingValue> = {
  currency: 'EUR',
  'vat-rate': '19',
  'price-units': ['kg', 'm²', 'sheet', 'piece'],
  'quantity-tiers': ['1', '5', '10', '25', '50', '100', '250', '500', '1000'],
  'payment-terms': ['30 days net', '14 days 2% discount, 30 days net'],
  'shipping-methods': ['Pickup', 'Parcel', 'Freight forwarder'],
  // The parts the shop's machines take, in mm: a CAD part outside them is flagged and not priced until confirmed.
  'part-max-length': '3000',
  'part-max-width': '1500',
  'part-min-thickness': '0.5',
  'part-max-thickness': '30',
};

/**
 * The defaults that are words for people (the others are codes the product reads, such as the price
 * units): a German organization gets them in German.
 */
export const GERMAN_DEFAULT_TEXTS: Record<string, SettingValue> = {
  'payment-terms': ['30 Tage netto', '14 Tage 2 % Skonto, 30 Tage netto'],
  'shipping-methods': ['Abholung', 'Paket', 'Spedition'],
};

/**
 * The organization's currency code (setting `currency`, ISO 4217), else the default; read in its tenant
 * transaction. A stored value that is no currency (`NOTACODE`, stored before settings were checked by kind)
 * is the default and a warning in the log, never a failure of what formats prices with it.
 */
export async function organizationCurrency(manager: EntityManager): Promise<string> {
  const setting = await new OrganizationRepository(manager).setting('currency');
  return currencySetting(setting?.value);
}

/** The currency code a stored `currency` setting's value stands for (`undefined`: none stored), as `organizationCurrency` reads it. */
export function currencySetting(value: unknown): string {
  const fallback = DEFAULT_SETTINGS.currency as string;
  if (value === undefined) return fallback;
  const code = typeof value === 'string' ? value.trim().toUpperCase() : undefined;
  return isCurrencyCode(code) ? code : settingFallback('currency', value, fallback);
}

/** The organization's time zone (setting `time-zone`, IANA), else UTC; read in its tenant transaction, never failing on a stored value. */
export async function organizationTimeZone(manager: EntityManager): Promise<string> {
  const setting = await new OrganizationRepository(manager).setting(TIME_ZONE);
  return timeZoneSetting(setting?.value);
}

/**
 * Creates an organization with its default settings, or completes one that exists.
 * Idempotent: the CLI, the demo seed and the tests all call this, any number of times.
 */
export async function provisionOrganization(dataSource: DataSource, input: NewOrganization): Promise<Organization> {
  const slug = input.slug.trim().toLowerCase();
  const name = input.name.trim();
  if (!SLUG.test(slug) || RESERVED.has(slug)) {
    throw new InvalidOrganizationError(
      `"${input.slug}" is not a usable organization slug: use 1-63 lower-case letters, digits or dashes, not "app" or "www"`,
    );
  }
  if (!name || name.length > 255) throw new InvalidOrganizationError('An organization needs a name of 1 to 255 characters');

  return dataSource.transaction(async (manager) => {
    const organizations = new OrganizationRepository(manager);
    await organizations.insertUnlessTaken({ slug, name, defaultLocale: input.defaultLocale ?? 'en' });
    const organization = await manager.getRepository(Organization).findOneByOrFail({ slug });
    await organizations.actAs(organization.id);
    const zone = input.timeZone?.trim() ? { [TIME_ZONE]: timeZoneSetting(input.timeZone) } : {};
    for (const [settingSlug, value] of Object.entries({ ...DEFAULT_SETTINGS, ...(organization.defaultLocale === 'de' ? GERMAN_DEFAULT_TEXTS : {}), ...zone })) {
      await organizations.settingUnlessSet(settingSlug, value);
    }
    await provisionAccess(manager);
    return organization;
  });
}

/**
 * Languages, the permission catalogue and the default roles. New roles get their
 * default permissions once; Administrator is always brought up to every permission.
 */
async function provisionAccess(manager: EntityManager): Promise<void> {
  const organization = new OrganizationRepository(manager);
  await organization.languages();
  await organization.permissions(PERMISSIONS);
  for (const [role, permissions] of Object.entries(DEFAULT_ROLES)) {
    if (!(await organization.roleCreated(role)) && role !== ADMINISTRATOR) continue;
    await organization.grant(role, permissions);
  }
}

export interface NewAdministrator {
  email: string;
  name: string;
  /** When absent, a one-time password is generated and returned. */
  password?: string;
}

/**
 * The organization's first administrator. Does nothing when a user with that
 * email exists already (their password is theirs now); returns the password when created.
 */
export async function provisionAdministrator(
  dataSource: DataSource,
  organization: Organization,
  admin: NewAdministrator,
): Promise<{ created: boolean; password?: string }> {
  const email = admin.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new InvalidOrganizationError(`"${admin.email}" is not an email address`);
  const password = admin.password ?? generatePassword();
  const passwordHash = await hashPassword(password);
  return dataSource.transaction(async (manager) => {
    const organizations = new OrganizationRepository(manager);
    await organizations.actAs(organization.id);
    const inserted = await organizations.userUnlessTaken({ name: admin.name, email, passwordHash, language: organization.defaultLocale });
    if (!inserted) return { created: false };
    await organizations.assignRole(inserted.id, ADMINISTRATOR);
    return { created: true, password };
  });
}

export async function listOrganizations(dataSource: DataSource): Promise<Organization[]> {
  return dataSource.getRepository(Organization).find({ order: { slug: 'ASC' } });
}

/** Disabling keeps every row; a disabled organization is simply not found by requests and jobs. */
export async function disableOrganization(dataSource: DataSource, slug: string): Promise<boolean> {
  return new OrganizationRepository(dataSource.manager).disable(slug);
}
