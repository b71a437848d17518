import { Injectable } from '@nestjs/common';
import { CatalogueRepository } from './catalogue.repository';

/**
 * Materials for other areas (a survey matches the materials its drawings and texts name): master data owns the
 * table, so other areas read it here. Works inside the caller's tenant transaction (`TenantTransactions.manager()`).
 */
@Injectable()
export class Materials {
  constructor(private readonly catalogue: CatalogueRepository) {}

  /** Material names and numbers (lower case) → the id of the first material (oldest, then id) that has them. */
  async matching(wanted: readonly string[]): Promise<Map<string, string>> {
    if (wanted.length === 0) return new Map();
    const rows = await this.catalogue.materialsNamed(wanted);
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
    const row = await this.catalogue.materialNamedIn(text);
    return row?.id ?? null;
  }

  /** A material's thickness (its `height`, as sheets are entered), as the exact decimal the column holds; null: none. */
  async thickness(materialId: string): Promise<string | null> {
    const row = await this.catalogue.materialThickness(materialId);
    return row?.thickness ?? null;
  }
}
