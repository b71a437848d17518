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

/** A suppliable as an award's preview shows it: its supplier, what it supplies, its cost and bands. */
export interface SuppliableOffer {
  id: string;
  supplierId: string;
  supplierName: string;
  kind: SuppliableKind;
  /** The part's or operation's name. */
  lineName: string | null;
  cost: string | null;
  active: boolean;
  /** By minimum quantity, decimal strings. */
  bands: SuppliableBand[];
}

/** The suppliable's column naming what it supplies; the kind is one of two fixed words. */
const targetColumn = (kind: SuppliableKind) => (kind === 'part' ? 'part_id' : 'operation_id');
/** The catalogue's table of what a suppliable supplies. */
const targetTable = (kind: SuppliableKind) => (kind === 'part' ? 'parts' : 'operations');

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

  /** Every suppliable of the part or operation (any supplier, any kind naming it), the active first, then the oldest. */
  async ofTarget(kind: SuppliableKind, targetId: string): Promise<SuppliableOffer[]> {
    const rows: Array<{ id: string; supplier_id: string; supplier_name: string; type: SuppliableKind; cost: string | null; active: boolean; line_name: string | null; bulk: SuppliableBand[] }> =
      await this.manager.query(
        `SELECT s.id, s.supplier_id, sup.name AS supplier_name, s.type, s.cost::text AS cost, s.active, t.name AS line_name,
                coalesce((SELECT json_agg(json_build_object('minQuantity', b.min_quantity::text, 'maxQuantity', b.max_quantity::text, 'unitPrice', b.unit_price::text) ORDER BY b.min_quantity)
                            FROM suppliable_bulk_prices b WHERE b.suppliable_id = s.id), '[]'::json) AS bulk
           FROM suppliables s JOIN suppliers sup ON sup.id = s.supplier_id JOIN ${targetTable(kind)} t ON t.id = s.${targetColumn(kind)}
          WHERE s.${targetColumn(kind)} = $1
          ORDER BY s.active DESC, s.created_at, s.id`,
        [targetId],
      );
    return rows.map((row) => ({ id: row.id, supplierId: row.supplier_id, supplierName: row.supplier_name, kind: row.type, lineName: row.line_name, cost: row.cost, active: row.active, bands: row.bulk }));
  }

  /** The supplier's name and the part's or operation's (null where there is none), for a suppliable not made yet. */
  async names(supplierId: string, kind: SuppliableKind, targetId: string): Promise<{ supplierName: string | null; lineName: string | null }> {
    const [target]: Array<{ name: string }> = await this.manager.query(`SELECT name FROM ${targetTable(kind)} WHERE id = $1`, [targetId]);
    const [supplier]: Array<{ name: string }> = await this.manager.query(`SELECT name FROM suppliers WHERE id = $1`, [supplierId]);
    return { supplierName: supplier?.name ?? null, lineName: target?.name ?? null };
  }

  /**
   * Locks the part or operation (its row, `FOR UPDATE`) until the caller's transaction ends, so writes of its
   * suppliables (two awards of it) take turns.
   */
  async lockTarget(kind: SuppliableKind, targetId: string): Promise<void> {
    await this.manager.query(`SELECT 1 FROM ${targetTable(kind)} WHERE id = $1 FOR UPDATE`, [targetId]);
  }

  /** The ids of every suppliable of the part or operation. */
  async idsOf(kind: SuppliableKind, targetId: string): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.manager.query(`SELECT id FROM suppliables WHERE ${targetColumn(kind)} = $1`, [targetId]);
    return rows.map((row) => row.id);
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
