import { Injectable } from '@nestjs/common';
import { TenantTransactions } from '@fabquote/database';
import { suppliableBands, suppliableKind } from './master-data.rules';
import { SuppliableBand, SuppliableKind, SuppliableRepository } from './suppliable.repository';

export type { SuppliableBand, SuppliableKind } from './suppliable.repository';

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

/**
 * Suppliables and their bulk prices for other areas (an award writes them): master data owns the tables,
 * so its rules run here as they do behind its API (`suppliableKind`, `suppliableBands`). Works inside the
 * caller's tenant transaction (`TenantTransactions.manager()`); emits no event (the caller reprices).
 */
@Injectable()
export class Suppliables {
  constructor(
    private readonly tenant: TenantTransactions,
    private readonly suppliables: SuppliableRepository,
  ) {}

  /** The suppliable's kind and part or operation; null when there is none. */
  async find(id: string): Promise<SuppliableTarget | null> {
    const row = await this.suppliables.target(id);
    if (!row) return null;
    return { id: row.id, kind: row.type, targetId: (row.type === 'part' ? row.part_id : row.operation_id) as string };
  }

  /** Every suppliable of the part or operation (any supplier, any kind naming it), the active first, then the oldest. */
  async ofTarget(kind: SuppliableKind, targetId: string): Promise<SuppliableOffer[]> {
    const rows = await this.suppliables.ofTarget(kind, targetId);
    return rows.map((row) => ({ id: row.id, supplierId: row.supplier_id, supplierName: row.supplier_name, kind: row.type, lineName: row.line_name, cost: row.cost, active: row.active, bands: row.bulk }));
  }

  /** The supplier's name and the part's or operation's (null where there is none), for a suppliable not made yet. */
  async names(supplierId: string, kind: SuppliableKind, targetId: string): Promise<{ supplierName: string | null; lineName: string | null }> {
    const target = await this.suppliables.targetName(kind, targetId);
    const supplier = await this.suppliables.supplierName(supplierId);
    return { supplierName: supplier?.name ?? null, lineName: target?.name ?? null };
  }

  /**
   * Locks the part or operation (its row, `FOR UPDATE`) until the caller's transaction ends, so writes of its
   * suppliables (two awards of it) take turns.
   */
  async lockTarget(kind: SuppliableKind, targetId: string): Promise<void> {
    await this.suppliables.lockTarget(kind, targetId);
  }

  /** The ids of every suppliable of the part or operation. */
  async idsOf(kind: SuppliableKind, targetId: string): Promise<string[]> {
    const rows = await this.suppliables.idsOf(kind, targetId);
    return rows.map((row) => row.id);
  }

  /** The supplier's suppliable of the part or operation: the active one first, then the oldest; null when there is none. */
  async supplierSuppliable(supplierId: string, kind: SuppliableKind, targetId: string): Promise<string | null> {
    const existing = await this.suppliables.supplierSuppliable(supplierId, kind, targetId);
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
    const manager = this.tenant.manager();
    await suppliableKind({ type: kind, partId: kind === 'part' ? targetId : null, operationId: kind === 'operation' ? targetId : null }, { manager });
    let suppliableId = await this.supplierSuppliable(supplierId, kind, targetId);
    if (suppliableId) {
      await this.suppliables.reprice(suppliableId, cost);
    } else {
      const { last } = await this.suppliables.lastNumber(supplierId, numberPrefix);
      const created = await this.suppliables.insert({ kind, number: `${numberPrefix}${Number(last) + 1}`, supplierId, targetId, cost });
      suppliableId = created.id;
    }
    for (const band of bands) {
      const maxQuantity = band.maxQuantity === null ? null : Number(band.maxQuantity);
      await suppliableBands({ suppliableId, minQuantity: Number(band.minQuantity), maxQuantity }, { manager });
      await this.suppliables.insertBand(suppliableId, band);
    }
    return suppliableId;
  }

  /** Switches off every active suppliable of the part or operation but `keep`; answers their ids, sorted. */
  async switchOffOthers(kind: SuppliableKind, targetId: string, keep: string): Promise<string[]> {
    const rows = await this.suppliables.switchOffOthers(kind, targetId, keep);
    return rows.map((row) => row.id);
  }

  async switchOff(id: string): Promise<void> {
    await this.suppliables.switchOff(id);
  }

  async switchOn(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.suppliables.switchOn(ids);
  }
}
