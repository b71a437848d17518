import { EntityManager } from 'typeorm';

/** A customer as an offer's letterhead and mails name it: its names, account and address. */
export interface CustomerFactsRow {
  id: string;
  name: string;
  billingName: string | null;
  accountNumber: string | null;
  address: string | null;
  zipCode: string | null;
  city: string | null;
  country: string | null;
  language: 'en' | 'de';
}

/** Customers as other areas read them (docs/architecture.md, "Persistence: one rule"), in the caller's tenant transaction. */
export class CustomerFactsRepository {
  constructor(private readonly manager: EntityManager) {}

  facts(ids: readonly string[]): Promise<CustomerFactsRow[]> {
    return this.manager.query<CustomerFactsRow[]>(
      `SELECT id, name, billing_name AS "billingName", account_number AS "accountNumber", address, zip_code AS "zipCode", city, country, language
         FROM customers WHERE id = ANY($1::uuid[])`,
      [ids],
    );
  }
}
