import { EntityManager } from 'typeorm';
import { MasterDataRulesRepository, SupplierContactRow } from './master-data-rules.repository';

/** How to write to a supplier: its name, email and language. */
export type SupplierContact = SupplierContactRow;

/**
 * A supplier's contact for other areas' mails (procurement's): master data owns the table, so other areas read it
 * here, in the caller's tenant transaction. Null: no such supplier.
 */
export function supplierContact(manager: EntityManager, supplierId: string): Promise<SupplierContact | null> {
  return new MasterDataRulesRepository(manager).supplierContact(supplierId);
}
