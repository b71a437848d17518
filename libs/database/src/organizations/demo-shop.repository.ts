import { EntityManager } from 'typeorm';

/** A row of the demo as its columns take it (column → value); the demo writes every area's tables. */
export interface DemoRow {
  readonly [column: string]: unknown;
}

/** A row named by its id. */
export interface DemoIdRow {
  id: string;
}

/** A demo customer as the demo's orders take it. */
export interface DemoCustomerRow {
  id: string;
  account_number: string;
  name: string;
  contact_info: string | null;
  country: string;
}

/**
 * The demo shop's writes and the few reads that find what it wrote, built over the manager of the demo's one
 * transaction (scripts/cli/demo.ts seeds it once). Tables and columns are the demo's own literals, values parameters.
 */
export class DemoShopRepository {
  constructor(private readonly manager: EntityManager) {}

  /** The organization whose rows the transaction touches from now on (`app.organization_id`, which row-level security reads). */
  async actAs(organizationId: string): Promise<void> {
    await this.manager.query<unknown[]>(`SELECT set_config('app.organization_id', $1, true)`, [organizationId]);
  }

  async currentOrganizationId(): Promise<string> {
    const [{ organization_id: organizationId }] = await this.manager.query<Array<{ organization_id: string }>>(`SELECT current_organization_id() AS organization_id`);
    return organizationId;
  }

  /** How many machines the organization has (a shop with machines is not seeded again). */
  async assetCount(): Promise<number> {
    const [{ count }] = await this.manager.query<Array<{ count: number }>>(`SELECT count(*)::int AS count FROM assets`);
    return count;
  }

  /** Inserts the row into the table; its id. */
  async insert(table: string, row: DemoRow): Promise<string> {
    const columns = Object.keys(row);
    const [{ id }] = await this.manager.query<DemoIdRow[]>(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
      Object.values(row),
    );
    return id;
  }

  async operationId(fabNumber: string): Promise<string> {
    const [{ id }] = await this.manager.query<DemoIdRow[]>(`SELECT id FROM operations WHERE fab_number = $1`, [fabNumber]);
    return id;
  }

  async customerId(accountNumber: string): Promise<string> {
    const [{ id }] = await this.manager.query<DemoIdRow[]>(`SELECT id FROM customers WHERE account_number = $1`, [accountNumber]);
    return id;
  }

  /** The product's line of the part. */
  async partLineId(productId: string, partId: string | undefined): Promise<string> {
    const [{ id }] = await this.manager.query<DemoIdRow[]>(`SELECT id FROM product_parts WHERE product_id = $1 AND part_id = $2`, [productId, partId]);
    return id;
  }

  customers(): Promise<DemoCustomerRow[]> {
    return this.manager.query<DemoCustomerRow[]>(`SELECT id, account_number, name, contact_info, country FROM customers`);
  }

  /** The setting, unless the organization has it already. */
  async settingUnlessSet(slug: string, value: unknown): Promise<void> {
    await this.manager.query<unknown[]>(`INSERT INTO settings (slug, value) VALUES ($1, $2::jsonb) ON CONFLICT (organization_id, slug) DO NOTHING`, [slug, JSON.stringify(value)]);
  }

  /** The PNG as the company logo (240 × 80), unless the organization has one. */
  async logoUnlessSet(png: Buffer): Promise<void> {
    await this.manager.query<unknown[]>(`INSERT INTO company_logos (content_type, width, height, size, content) VALUES ('image/png', 240, 80, $1, $2) ON CONFLICT DO NOTHING`, [
      png.length,
      png,
    ]);
  }
}
