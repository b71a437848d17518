import { EntityManager } from 'typeorm';
import type { Locale } from '@fabquote/i18n';

/** How to write to a supplier: its name, email and language. */
export interface SupplierContact {
  id: string;
  name: string;
  email: string;
  language: Locale;
}

/**
 * A supplier's contact for other areas' mails (procurement's): master data owns the table, so other areas read it
 * here, in the caller's tenant transaction. Null: no such supplier.
 */
export async function supplierContact(manager: EntityManager, supplierId: string): Promise<SupplierContact | null> {
  const [row]: SupplierContact[] = await manager.query(`SELECT id, name, email, language FROM suppliers WHERE id = $1`, [supplierId]);
  return row ?? null;
}
