import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { TenantTransactions } from '@fabquote/database';

/** What a suppliable supplies: a part or an operation of the catalogue. */
export type SuppliableKind = 'part' | 'operation';

/** A bulk price band as written: decimal strings, `maxQuantity` null for open. */
export interface SuppliableBand {
  minQuantity: string;
  maxQuantity: string | null;
  unitPrice: string;
}

/** A suppliable's kind and the part or operation it names. */
export interface SuppliableTargetRow {
  id: string;
  type: SuppliableKind;
  part_id: string | null;
  operation_id: string | null;
}

/** A suppliable with its supplier's name, the part's or operation's name and its bands (by minimum quantity). */
export interface SuppliableOfferRow {
  id: string;
  supplier_id: string;
  supplier_name: string;
  type: SuppliableKind;
  cost: string | null;
  active: boolean;
  line_name: string | null;
  bulk: SuppliableBand[];
}

/** A row named by its id. */
export interface IdRow {
  id: string;
}

/** A catalogue row's name (a supplier, a part, an operation). */
export interface NameRow {
  name: string;
}

/** The highest number a supplier's suppliables have under a prefix, 0 when none. */
export interface LastNumberRow {
  last: string;
}

/** The suppliable's column naming what it supplies; the kind is one of two fixed words. */
const targetColumn = (kind: SuppliableKind) => (kind === 'part' ? 'part_id' : 'operation_id');
/** The catalogue's table of what a suppliable supplies. */
const targetTable = (kind: SuppliableKind) => (kind === 'part' ? 'parts' : 'operations');

/** Suppliables (`suppliables`, `suppliable_bulk_prices`) and the names of what they supply, in the tenant transaction. */
@Injectable()
export class SuppliableRepository {
  constructor(private readonly tenant: TenantTransactions) {}

  private get manager(): EntityManager {
    return this.tenant.manager();
  }

  async target(id: string): Promise<SuppliableTargetRow | null> {
    const [row] = await this.manager.query<SuppliableTargetRow[]>(`SELECT id, type, part_id, operation_id FROM suppliables WHERE id = $1`, [id]);
    return row ?? null;
  }

  /** Every suppliable of the part or operation (any supplier, any kind naming it), the active first, then the oldest. */
  ofTarget(kind: SuppliableKind, targetId: string): Promise<SuppliableOfferRow[]> {
    return this.manager.query<SuppliableOfferRow[]>(
      `SELECT s.id, s.supplier_id, sup.name AS supplier_name, s.type, s.cost::text AS cost, s.active, t.name AS line_name,
              coalesce((SELECT json_agg(json_build_object('minQuantity', b.min_quantity::text, 'maxQuantity', b.max_quantity::text, 'unitPrice', b.unit_price::text) ORDER BY b.min_quantity)
                          FROM suppliable_bulk_prices b WHERE b.suppliable_id = s.id), '[]'::json) AS bulk
         FROM suppliables s JOIN suppliers sup ON sup.id = s.supplier_id JOIN ${targetTable(kind)} t ON t.id = s.${targetColumn(kind)}
        WHERE s.${targetColumn(kind)} = $1
        ORDER BY s.active DESC, s.created_at, s.id`,
      [targetId],
    );
  }

  async targetName(kind: SuppliableKind, targetId: string): Promise<NameRow | null> {
    const [row] = await this.manager.query<NameRow[]>(`SELECT name FROM ${targetTable(kind)} WHERE id = $1`, [targetId]);
    return row ?? null;
  }

  async supplierName(supplierId: string): Promise<NameRow | null> {
    const [row] = await this.manager.query<NameRow[]>(`SELECT name FROM suppliers WHERE id = $1`, [supplierId]);
    return row ?? null;
  }

  /** Locks the part or operation (its row, `FOR UPDATE`) until the transaction ends. */
  async lockTarget(kind: SuppliableKind, targetId: string): Promise<void> {
    await this.manager.query<unknown[]>(`SELECT 1 FROM ${targetTable(kind)} WHERE id = $1 FOR UPDATE`, [targetId]);
  }

  idsOf(kind: SuppliableKind, targetId: string): Promise<IdRow[]> {
    return this.manager.query<IdRow[]>(`SELECT id FROM suppliables WHERE ${targetColumn(kind)} = $1`, [targetId]);
  }

  /** The supplier's suppliable of the part or operation: the active one first, then the oldest. */
  async supplierSuppliable(supplierId: string, kind: SuppliableKind, targetId: string): Promise<IdRow | null> {
    const [row] = await this.manager.query<IdRow[]>(
      `SELECT id FROM suppliables WHERE supplier_id = $1 AND type = $2 AND ${targetColumn(kind)} = $3 ORDER BY active DESC, created_at, id LIMIT 1`,
      [supplierId, kind, targetId],
    );
    return row ?? null;
  }

  /** Sets the cost, switches it on and drops its bands (to be written again). */
  async reprice(id: string, cost: string): Promise<void> {
    await this.manager.query<unknown[]>(`UPDATE suppliables SET cost = $2, active = true, updated_at = now() WHERE id = $1`, [id, cost]);
    await this.manager.query<unknown[]>(`DELETE FROM suppliable_bulk_prices WHERE suppliable_id = $1`, [id]);
  }

  /** The highest n of the supplier's numbers `<numberPrefix><n>`. */
  async lastNumber(supplierId: string, numberPrefix: string): Promise<LastNumberRow> {
    const [row] = await this.manager.query<LastNumberRow[]>(
      `SELECT coalesce(max(substring(number FROM $3)::numeric), 0) AS last FROM suppliables
        WHERE supplier_id = $1 AND left(number, length($2)) = $2 AND substring(number FROM $3) IS NOT NULL`,
      [supplierId, numberPrefix, `^${numberPrefix.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}(\\d{1,9})$`],
    );
    return row;
  }

  /** A new active suppliable. */
  async insert(input: { kind: SuppliableKind; number: string; supplierId: string; targetId: string; cost: string }): Promise<IdRow> {
    const [row] = await this.manager.query<IdRow[]>(
      `INSERT INTO suppliables (type, number, supplier_id, ${targetColumn(input.kind)}, cost, active) VALUES ($1, $2, $3, $4, $5, true) RETURNING id`,
      [input.kind, input.number, input.supplierId, input.targetId, input.cost],
    );
    return row;
  }

  async insertBand(suppliableId: string, band: SuppliableBand): Promise<void> {
    await this.manager.query<unknown[]>(`INSERT INTO suppliable_bulk_prices (suppliable_id, min_quantity, max_quantity, unit_price) VALUES ($1, $2, $3, $4)`, [
      suppliableId,
      band.minQuantity,
      band.maxQuantity,
      band.unitPrice,
    ]);
  }

  /** Switches off every active suppliable of the part or operation but `keep`; their ids, sorted. */
  switchOffOthers(kind: SuppliableKind, targetId: string, keep: string): Promise<IdRow[]> {
    // Read through a SELECT: TypeORM answers an UPDATE … RETURNING as [rows, count].
    return this.manager.query<IdRow[]>(
      `WITH switched_off AS (UPDATE suppliables SET active = false, updated_at = now() WHERE ${targetColumn(kind)} = $1 AND id <> $2 AND active RETURNING id)
       SELECT id FROM switched_off ORDER BY id`,
      [targetId, keep],
    );
  }

  async switchOff(id: string): Promise<void> {
    await this.manager.query<unknown[]>(`UPDATE suppliables SET active = false, updated_at = now() WHERE id = $1`, [id]);
  }

  async switchOn(ids: readonly string[]): Promise<void> {
    await this.manager.query<unknown[]>(`UPDATE suppliables SET active = true, updated_at = now() WHERE id = ANY($1::uuid[])`, [ids]);
  }
}
