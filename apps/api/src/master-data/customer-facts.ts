import { EntityManager } from 'typeorm';
import { CustomerFactsRepository, CustomerFactsRow } from './customer-facts.repository';

export type CustomerFacts = CustomerFactsRow;

/**
 * The customers these ids name, as an offer prints and mails them (id → customer; an id without a customer here is
 * absent, so it also says which exist). Master data owns customers; one statement, in the caller's tenant transaction.
 */
export async function customerFacts(manager: EntityManager, ids: ReadonlyArray<string | null>): Promise<Map<string, CustomerFacts>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return new Map();
  const rows = await new CustomerFactsRepository(manager).facts(wanted);
  return new Map(rows.map((row) => [row.id, row]));
}
