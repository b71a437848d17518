import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { TenantTransactions } from '@fabquote/database';

/** A customer as another area makes one: its company, the contact's name, address and language. */
export interface NewCustomer {
  company: string;
  contactName: string;
  email: string;
  language: 'en' | 'de';
}

/**
 * Master data's customers as other areas find and make them (docs/architecture.md "Who owns which table"): the
 * public quote page finds a request's customer by its address's domain, or makes one. In the caller's tenant
 * transaction.
 */
@Injectable()
export class Customers {
  constructor(private readonly tenant: TenantTransactions) {}

  private get manager(): EntityManager {
    return this.tenant.manager();
  }

  /** The first customer (oldest) with an address at this domain (lower case); null: none. */
  async atDomain(domain: string): Promise<string | null> {
    const [row] = await this.manager.query<Array<{ id: string }>>(
      `SELECT id FROM customers WHERE lower(split_part(email, '@', 2)) = $1 ORDER BY created_at, id LIMIT 1`,
      [domain],
    );
    return row?.id ?? null;
  }

  /** A new customer; answers its id. */
  async create(customer: NewCustomer): Promise<string> {
    const [row] = await this.manager.query<Array<{ id: string }>>(
      `INSERT INTO customers (name, contact_info, email, language) VALUES ($1, $2, $3, $4) RETURNING id`,
      [customer.company, customer.contactName, customer.email, customer.language],
    );
    return row.id;
  }
}
