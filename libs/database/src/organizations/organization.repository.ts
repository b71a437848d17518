import { EntityManager } from 'typeorm';
import type { SettingValue } from '../entities';

/** A setting's stored value (JSON as written). */
export interface StoredSettingRow {
  value: SettingValue;
}

/** A row named by its id. */
export interface OrganizationIdRow {
  id: string;
}

/**
 * Organizations and what a new one starts with (its settings, languages, permission catalogue, default roles, first
 * administrator), built over the manager of the provisioning's transaction, or of a tenant transaction for the
 * organization-wide settings every area reads (currency, time zone).
 */
export class OrganizationRepository {
  constructor(private readonly manager: EntityManager) {}

  /** The organization, unless its slug is taken. */
  async insertUnlessTaken(organization: { slug: string; name: string; defaultLocale: string }): Promise<void> {
    await this.manager.query<unknown[]>(`INSERT INTO organizations (slug, name, default_locale) VALUES ($1, $2, $3) ON CONFLICT (slug) DO NOTHING`, [
      organization.slug,
      organization.name,
      organization.defaultLocale,
    ]);
  }

  /** The organization whose rows the transaction touches from now on (`app.organization_id`, which row-level security reads). */
  async actAs(organizationId: string): Promise<void> {
    await this.manager.query<unknown[]>(`SELECT set_config('app.organization_id', $1, true)`, [organizationId]);
  }

  /** Disables the active organization of the slug; false when there is none. */
  async disable(slug: string): Promise<boolean> {
    // An UPDATE answers its rows and how many there were.
    const [, changed] = await this.manager.query<[unknown[], number]>(`UPDATE organizations SET disabled_at = now(), updated_at = now() WHERE slug = $1 AND disabled_at IS NULL`, [
      slug,
    ]);
    return (changed ?? 0) > 0;
  }

  async setting(slug: string): Promise<StoredSettingRow | null> {
    const [row] = await this.manager.query<StoredSettingRow[]>(`SELECT value FROM settings WHERE slug = $1`, [slug]);
    return row ?? null;
  }

  /** The setting, unless the organization has it already. */
  async settingUnlessSet(slug: string, value: SettingValue): Promise<void> {
    await this.manager.query<unknown[]>(`INSERT INTO settings (slug, value) VALUES ($1, $2::jsonb) ON CONFLICT DO NOTHING`, [slug, JSON.stringify(value)]);
  }

  /** English and German, unless there. */
  async languages(): Promise<void> {
    await this.manager.query<unknown[]>(`INSERT INTO languages (code, name) VALUES ('en', 'English'), ('de', 'Deutsch') ON CONFLICT DO NOTHING`);
  }

  /** The permission catalogue's names, those missing added. */
  async permissions(names: readonly string[]): Promise<void> {
    await this.manager.query<unknown[]>(`INSERT INTO permissions (name) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING`, [names]);
  }

  /** Creates the role unless it exists; whether it was created. */
  async roleCreated(name: string): Promise<boolean> {
    const created = await this.manager.query<OrganizationIdRow[]>(`INSERT INTO roles (name) VALUES ($1) ON CONFLICT DO NOTHING RETURNING id`, [name]);
    return created.length > 0;
  }

  /** Grants the role these permissions (by name), those it lacks. */
  async grant(role: string, permissions: readonly string[]): Promise<void> {
    await this.manager.query<unknown[]>(
      `INSERT INTO role_permissions (role_id, permission_id)
         SELECT r.id, p.id FROM roles r JOIN permissions p ON p.name = ANY($2::text[]) WHERE r.name = $1
       ON CONFLICT DO NOTHING`,
      [role, permissions],
    );
  }

  /** A new user, unless the email is taken (in any case); null then. */
  async userUnlessTaken(user: { name: string; email: string; passwordHash: string; language: string }): Promise<OrganizationIdRow | null> {
    const [row] = await this.manager.query<OrganizationIdRow[]>(
      `INSERT INTO users (name, email, password_hash, language_code) VALUES ($1, $2, $3, $4)
       ON CONFLICT (organization_id, lower(email)) DO NOTHING RETURNING id`,
      [user.name, user.email, user.passwordHash, user.language],
    );
    return row ?? null;
  }

  async assignRole(userId: string, role: string): Promise<void> {
    await this.manager.query<unknown[]>(`INSERT INTO user_roles (user_id, role_id) SELECT $1, id FROM roles WHERE name = $2`, [userId, role]);
  }
}
