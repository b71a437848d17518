import { EntityManager } from 'typeorm';
import type { PriceSource } from '@fabquote/queue';
import { CalculationStoreRepository } from './calculation-store.repository';

/**
 * The calculated products whose price depends on the changed thing: those that use it,
 * and every assembly above them. Products never calculated are left alone.
 */
export async function affectedProducts(manager: EntityManager, source: PriceSource, sourceId: string): Promise<string[]> {
  const rows = await new CalculationStoreRepository(manager).affectedProducts(source, sourceId);
  return rows.map((row) => row.id);
}
