import { EntityManager } from 'typeorm';
import type { SettingValue } from '@fabquote/database';

/** A stored setting: its slug and value (JSON as written, checked by its kind when written). */
export interface SettingRow {
  slug: string;
  value: SettingValue;
}

/** What the company profile shows of its logo. */
export interface LogoFactsRow {
  content_type: string;
  width: number;
  height: number;
  size: number;
  updated_at: Date;
}

/** The logo's bytes with their type and size in pixels. */
export interface LogoRow {
  content_type: string;
  content: Buffer;
  width: number;
  height: number;
}

/**
 * The organization's settings (`settings`) and company logo (`company_logos`), built over the manager of the
 * caller's tenant transaction (settings' readers are handed it by other areas). Row-level security scopes every row.
 */
export class SettingsRepository {
  constructor(private readonly manager: EntityManager) {}

  /** The stored settings among these slugs. */
  settings(slugs: readonly string[]): Promise<SettingRow[]> {
    return this.manager.query<SettingRow[]>(`SELECT slug, value FROM settings WHERE slug = ANY($1::text[])`, [slugs]);
  }

  async setting(slug: string): Promise<SettingRow | null> {
    const [row] = await this.manager.query<SettingRow[]>(`SELECT slug, value FROM settings WHERE slug = $1`, [slug]);
    return row ?? null;
  }

  async put(slug: string, value: SettingValue): Promise<void> {
    await this.manager.query<unknown[]>(
      `INSERT INTO settings (slug, value) VALUES ($1, $2::jsonb)
       ON CONFLICT (organization_id, slug) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      [slug, JSON.stringify(value)],
    );
  }

  async remove(slug: string): Promise<void> {
    await this.manager.query<unknown[]>(`DELETE FROM settings WHERE slug = $1`, [slug]);
  }

  async logoFacts(): Promise<LogoFactsRow | null> {
    const [row] = await this.manager.query<LogoFactsRow[]>(`SELECT content_type, width, height, size, updated_at FROM company_logos`);
    return row ?? null;
  }

  async logo(): Promise<LogoRow | null> {
    const [row] = await this.manager.query<LogoRow[]>(`SELECT content_type, content, width, height FROM company_logos`);
    return row ?? null;
  }

  /** The organization's one logo, replaced. */
  async putLogo(logo: { contentType: string; width: number; height: number; content: Buffer }): Promise<void> {
    await this.manager.query<unknown[]>(
      `INSERT INTO company_logos (content_type, width, height, size, content) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (organization_id) DO UPDATE
         SET content_type = EXCLUDED.content_type, width = EXCLUDED.width, height = EXCLUDED.height, size = EXCLUDED.size,
             content = EXCLUDED.content, updated_at = now()`,
      [logo.contentType, logo.width, logo.height, logo.content.length, logo.content],
    );
  }

  /** Removes the logo; false when there was none. */
  async removeLogo(): Promise<boolean> {
    // A DELETE answers its rows and how many there were.
    const [, removed] = await this.manager.query<[unknown[], number]>(`DELETE FROM company_logos`);
    return removed > 0;
  }
}
