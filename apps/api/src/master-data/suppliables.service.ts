import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { TenantTransactions } from '@fabquote/database';
import { suppliableBands, suppliableKind } from './master-data.rules';

/** What a suppliable supplies: a part or an operation of the catalogue. */
export type SuppliableKind = 'part' | 'operation';

/** A bulk price band as written: decimal strings, `maxQuantity` null for open. */
export interface SuppliableBand {
  minQuantity: string;
  maxQuantity: string | null;
  unitPrice: string;
}

/** A suppliable and what it supplies. */
export interface SuppliableTarget {
  id: string;
  kind: SuppliableKind;
  targetId: string;
}

/** The suppliable's column naming what it supplies; the kind is one of two fixed words. */
const targetColumn = (kind: SuppliableKind) => (kind === 'part' ? 'part_id' : 'operation_id');

/**
 * Suppliables and their bulk prices for other areas (an award writes them): master data owns the tables,
 * so its rules run here as they do behind its API (`suppliableKind`, `suppliableBands`). Works inside the
 * caller's tenant transaction (`TenantTransactions.manager()`); emits no event (the caller reprices).
 */
@Injectable()
export class Suppliables {
  constructor(private readonly tenant: TenantTransactions) {}

  private get manager(): EntityManager {
    return this.tenant.manager();
  }

  /** The suppliable's kind and part or operation; null when there is none. */
  async find(id: string): Promise<SuppliableTarget | null> {
    const [row]: Array<{ id: string; type: SuppliableKind; part_id: string | null; operation_id: string | null }> = await this.manager.query(
      `SELECT id, type, part_id, operation_id FROM suppliables WHERE id = $1`,
      [id],
    );
    if (!row) return null;
    return { id: row.id, kind: row.type, targetId: (row.type === 'part' ? row.part_id : row.operation_id) as string };
  }

  /** The supplier's suppliable of the part or operation: the active one first, then the oldest; null when there is none. */
  async supplierSuppliable(supplierId: string, kind: SuppliableKind, targetId: string): Promise<string | null> {
    const [existing]: Array<{ id: string }> = await this.manager.query(
      `SELECT id FROM suppliables WHERE supplier_id = $1 AND type = $2 AND ${targetColumn(kind)} = $3 ORDER BY active DESC, created_at, id LIMIT 1`,
      [supplierId, kind, targetId],
    );
    return existing?.id ?? null;
  }

  /**
   * The supplier's suppliable of the part or operation (as `supplierSuppliable` finds it) with this cost and
   * these bands, switched on: an existing one has its cost set and its bands replaced; else a new one numbered
   * `<numberPrefix><n>`, n one above the highest the supplier has under that prefix. Each band is checked by
   * master data's band rule before it is written (a `bulk_price_overlap` or `max_below_min` on its field).
   */
  async save(input: { supplierId: string; kind: SuppliableKind; targetId: string; cost: string; bands: readonly SuppliableBand[]; numberPrefix: string }): Promise<string> {
    const { supplierId, kind, targetId, cost, bands, numberPrefix } = input;
    const manager = this.manager;
    await suppliableKind({ type: kind, partId: kind === 'part' ? targetId : null, operationId: kind === 'operation' ? targetId : null }, { manager });
    let suppliableId = await this.supplierSuppliable(supplierId, kind, targetId);
    if (suppliableId) {
      await manager.query(`UPDATE suppliables SET cost = $2, active = true, updated_at = now() WHERE id = $1`, [suppliableId, cost]);
      await manager.query(`DELETE FROM suppliable_bulk_prices WHERE suppliable_id = $1`, [suppliableId]);
    } else {
      const [{ last }] = await manager.query(
        `SELECT coalesce(max(substring(number FROM $3)::numeric), 0) AS last FROM suppliables
          WHERE supplier_id = $1 AND left(number, length($2)) = $2 AND substring(number FROM $3) IS NOT NULL`,
        [supplierId, numberPrefix, `^${numberPrefix.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}(\\d{1,9})$`],
      );
      const [created] = await manager.query(
        `INSERT INTO suppliables (type, number, supplier_id, ${targetColumn(kind)}, cost, active) VALUES ($1, $2, $3, $4, $5, true) RETURNING id`,
        [kind, `${numberPrefix}${Number(last) + 1}`, supplierId, targetId, cost],
      );
      suppliableId = created.id as string;
    }
    for (const band of bands) {
      const maxQuantity = band.maxQuantity === null ? null : Number(band.maxQuantity);
      await suppliableBands({ suppliableId, minQuantity: Number(band.minQuantity), maxQuantity }, { manager });
      await manager.query(`INSERT INTO suppliable_bulk_prices (suppliable_id, min_quantity, max_quantity, unit_price) VALUES ($1, $2, $3, $4)`, [
        suppliableId,
        band.minQuantity,
        band.maxQuantity,
        band.unitPrice,
      ]);
    }
    return suppliableId;
  }

  /** Switches off every active suppliable of the part or operation but `keep`; answers their ids, sorted. */
  async switchOffOthers(kind: SuppliableKind, targetId: string, keep: string): Promise<string[]> {
    // Read through a SELECT: TypeORM answers an UPDATE … RETURNING as [rows, count].
    const rows: Array<{ id: string }> = await this.manager.query(
      `WITH switched_off AS (UPDATE suppliables SET active = false, updated_at = now() WHERE ${targetColumn(kind)} = $1 AND id <> $2 AND active RETURNING id)
       SELECT id FROM switched_off ORDER BY id`,
      [targetId, keep],
    );
    return rows.map((row) => row.id);
  }

  async switchOff(id: string): Promise<void> {
    await this.manager.query(`UPDATE suppliables SET active = false, updated_at = now() WHERE id = $1`, [id]);
  }

  async switchOn(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.manager.query(`UPDATE suppliables SET active = true, updated_at = now() WHERE id = ANY($1::uuid[])`, [ids]);
  }
}
