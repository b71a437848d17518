import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { TenantTransactions } from '@fabquote/database';

/**
 * Materials for other areas (a survey matches the materials its drawings and texts name): master data owns the
 * table, so other areas read it here. Works inside the caller's tenant transaction (`TenantTransactions.manager()`).
 */
@Injectable()
export class Materials {
  constructor(private readonly tenant: TenantTransactions) {}

  private get manager(): EntityManager {
    return this.tenant.manager();
  }

  /** Material names and numbers (lower case) → the id of the first material (oldest, then id) that has them. */
  async matching(wanted: readonly string[]): Promise<Map<string, string>> {
    if (wanted.length === 0) return new Map();
    const rows: Array<{ id: string; name: string; number: string | null }> = await this.manager.query(
      `SELECT id, lower(name) AS name, lower(number) AS number FROM materials WHERE lower(name) = ANY($1) OR lower(number) = ANY($1) ORDER BY created_at, id`,
      [wanted],
    );
    const found = new Map<string, string>();
    for (const row of rows) {
      for (const key of [row.name, row.number]) if (key && wanted.includes(key) && !found.has(key)) found.set(key, row.id);
    }
    return found;
  }

  /**
   * The material whose number or name a text holds (`Cover S235-3.dxf`), the longest that fits; at least three
   * characters, so a short number does not match by chance. Null: none.
   */
  async namedIn(text: string | null): Promise<string | null> {
    if (!text) return null;
    const [row]: Array<{ id: string }> = await this.manager.query(
      `SELECT id FROM materials m CROSS JOIN LATERAL (SELECT unnest(ARRAY[m.number, m.name]) AS word) w
        WHERE length(w.word) >= 3 AND position(lower(w.word) IN lower($1)) > 0
        ORDER BY length(w.word) DESC, m.created_at, m.id LIMIT 1`,
      [text],
    );
    return row?.id ?? null;
  }

  /** A material's thickness (its `height`, as sheets are entered), as the exact decimal the column holds; null: none. */
  async thickness(materialId: string): Promise<string | null> {
    const [row]: Array<{ thickness: string | null }> = await this.manager.query(`SELECT height::text AS thickness FROM materials WHERE id = $1 AND height > 0`, [materialId]);
    return row?.thickness ?? null;
  }
}
