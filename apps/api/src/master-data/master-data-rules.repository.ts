import { EntityManager } from 'typeorm';
import type { Locale } from '@fabquote/i18n';

/** A bulk price band's quantities as the column holds them (decimal strings), `max_quantity` null for open. */
export interface BandRangeRow {
  min_quantity: string;
  max_quantity: string | null;
}

/** A cutting rate's thickness range, null ends open. */
export interface ThicknessRangeRow {
  thickness_from: string | null;
  thickness_to: string | null;
}

/** A bending rate's bend class as written. */
export interface BendClassRow {
  bend_class: string;
}

/** How to write to a supplier: its name, email and language. */
export interface SupplierContactRow {
  id: string;
  name: string;
  email: string;
  language: Locale;
}

/**
 * Master data's reads for its rules and for the calls that hand it their manager (a `RecordRule` gets the
 * write's, `supplierContact` the caller's): built over that manager, so it reads inside the same tenant
 * transaction and its locks last until that ends.
 */
export class MasterDataRulesRepository {
  constructor(private readonly manager: EntityManager) {}

  /** Locks the row `id` of the parent table (`FOR UPDATE`) until the transaction ends. */
  async lock(table: string, id: string): Promise<void> {
    await this.manager.query<unknown[]>(`SELECT 1 FROM ${table} WHERE id = $1 FOR UPDATE`, [id]);
  }

  /** A band of the parent other than `id` whose quantities overlap `[min, max]` (max null: open); null when none does. */
  async overlappingBand(
    bands: { table: string; parentColumn: string },
    band: { parentId: string; id: string | null; minQuantity: number; maxQuantity: number | null },
  ): Promise<BandRangeRow | null> {
    const [row] = await this.manager.query<BandRangeRow[]>(
      `SELECT min_quantity, max_quantity FROM ${bands.table}
        WHERE ${bands.parentColumn} = $1 AND id <> coalesce($2::uuid, '00000000-0000-0000-0000-000000000000')
          AND numrange(min_quantity, max_quantity, '[]') && numrange($3::numeric, $4::numeric, '[]')
        LIMIT 1`,
      [band.parentId, band.id, band.minQuantity, band.maxQuantity],
    );
    return row ?? null;
  }

  /** The machine's other cutting rates of the material group (null: every group), by thickness. */
  otherCuttingRates(assetId: string, groupId: string | null, id: string | null): Promise<ThicknessRangeRow[]> {
    return this.manager.query<ThicknessRangeRow[]>(
      `SELECT thickness_from, thickness_to FROM asset_cutting_rates
        WHERE asset_id = $1 AND group_id IS NOT DISTINCT FROM $2::uuid AND id <> coalesce($3::uuid, '00000000-0000-0000-0000-000000000000')
        ORDER BY thickness_from NULLS FIRST, thickness_to NULLS FIRST`,
      [assetId, groupId, id],
    );
  }

  /** Another bending rate of the machine whose class reads the same but for case and spaces; null when none. */
  async bendingRateTwin(assetId: string, bendClass: string, id: string | null): Promise<BendClassRow | null> {
    const [row] = await this.manager.query<BendClassRow[]>(
      `SELECT bend_class FROM asset_bending_rates
        WHERE asset_id = $1 AND lower(btrim(bend_class)) = lower(btrim($2)) AND id <> coalesce($3::uuid, '00000000-0000-0000-0000-000000000000')
        LIMIT 1`,
      [assetId, bendClass, id],
    );
    return row ?? null;
  }

  async supplierContact(supplierId: string): Promise<SupplierContactRow | null> {
    const [row] = await this.manager.query<SupplierContactRow[]>(`SELECT id, name, email, language FROM suppliers WHERE id = $1`, [supplierId]);
    return row ?? null;
  }
}
