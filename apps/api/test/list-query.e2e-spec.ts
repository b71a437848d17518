import { EntityManager } from 'typeorm';
import { Organization, provisionOrganization, TenantTransactions } from '@fabquote/database';
import { createTestDatabase, onServer, TestDatabase } from '@fabquote/testing';
import { ListSpec, parseListRequest, readSqlPage } from '../src/common/list-query';

const CALCULATIONS: ListSpec = { sortable: { index: 't.index' }, filters: { productId: { uuid: 't.product_id' }, reason: 't.reason' }, searchable: [], defaultSort: 'index' };

/**
 * Lists read through the indexes: a product's calculations among 20,000 are found by the
 * product's index, not by reading all of them. The plans are PostgreSQL's own (EXPLAIN).
 */
describe('list queries', () => {
  let db: TestDatabase;
  let acme: Organization;
  let products: string[];

  beforeAll(async () => {
    db = await createTestDatabase();
    acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    await onServer(async (client) => {
      await client.query(
        `INSERT INTO products (organization_id, name, number) SELECT $1, 'Product ' || g, 'P-' || g FROM generate_series(1, 2000) g`,
        [acme.id],
      );
      await client.query(
        `INSERT INTO calculations (organization_id, product_id, index, created_on, reason, quantities, inputs, result)
         SELECT p.organization_id, p.id, i, '2026-11-01', 'Demo data', '{1}', '{}', '{}' FROM products p, generate_series(1, 10) i`,
      );
      await client.query(`ANALYZE products; ANALYZE calculations`);
    }, db.url);
    products = (await onServer((client) => client.query(`SELECT id FROM products ORDER BY number LIMIT 2`), db.url)).rows.map((row: { id: string }) => row.id);
  });

  afterAll(async () => {
    await db?.drop();
  });

  /** Reads one page in acme's tenant transaction, with the plan of every query it ran. */
  async function pageWithPlans(query: Record<string, unknown>) {
    const plans: string[] = [];
    const page = await new TenantTransactions(db.app).run(acme.id, async (manager) => {
      const explaining = {
        query: async (sql: string, parameters: unknown[]) => {
          const [{ 'QUERY PLAN': plan }] = await manager.query(`EXPLAIN (FORMAT JSON) ${sql}`, parameters);
          plans.push(JSON.stringify(plan));
          return manager.query(sql, parameters);
        },
      } as unknown as EntityManager;
      return readSqlPage(explaining, { table: 'calculations', select: 't.id, t.product_id, t.index' }, parseListRequest(query, CALCULATIONS), CALCULATIONS);
    });
    return { page, plans };
  }

  it('finds a product’s calculations by the product’s index', async () => {
    const { page, plans } = await pageWithPlans({ productId: products[0], _sort: 'index', _order: 'DESC' });
    expect(page.total).toBe(10);
    expect(page.rows.map((row) => row.index)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    for (const plan of plans) {
      expect(plan).toContain('calculations_product');
      expect(plan).not.toContain('"Seq Scan"');
    }
  });

  it('finds rows by id through the primary key, several at once', async () => {
    const { page: first } = await pageWithPlans({ productId: products[1], _end: 2 });
    const ids = first.rows.map((row) => row.id as string);
    const { page, plans } = await pageWithPlans({ id: ids });
    expect(page.rows.map((row) => row.id).sort()).toEqual([...ids].sort());
    expect(plans.join()).not.toContain('"Seq Scan"');
  });

  it('matches nothing for a value that is no id, instead of failing', async () => {
    const { page } = await pageWithPlans({ productId: ['not-a-uuid', "'; DROP TABLE calculations; --"] });
    expect(page.total).toBe(0);
    const { page: mixed } = await pageWithPlans({ productId: ['not-a-uuid', products[0]] });
    expect(mixed.total).toBe(10);
  });

  it('still matches other columns as text', async () => {
    const { page } = await pageWithPlans({ productId: products[0], reason: 'Demo data', _end: 1 });
    expect(page.total).toBe(10);
  });
});
