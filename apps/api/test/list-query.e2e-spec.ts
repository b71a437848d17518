import { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { Organization, provisionOrganization, TenantTransactions } from '@fabquote/database';
import { createTestDatabase, createTestUser, onServer, TestDatabase, testConfig, TestUser } from '@fabquote/testing';
import { startTestApi } from '../../test-support';
import { ListSpec, parseListRequest, readPage } from '../src/common/list-query';

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
      // Every query the reader runs is explained first, on the transaction's own connection.
      const runner = manager.queryRunner!;
      const run = runner.query.bind(runner) as (sql: string, parameters?: unknown[], structured?: boolean) => Promise<unknown>;
      runner.query = (async (sql: string, parameters?: unknown[], structured?: boolean) => {
        const [{ 'QUERY PLAN': plan }] = (await run(`EXPLAIN (FORMAT JSON) ${sql}`, parameters)) as Array<Record<string, unknown>>;
        plans.push(JSON.stringify(plan));
        return run(sql, parameters, structured);
      }) as typeof runner.query;
      try {
        const rows = manager.createQueryBuilder().select('t.id, t.product_id, t.index').from('calculations', 't');
        return await readPage<Record<string, unknown>>(rows, parseListRequest(query, CALCULATIONS), CALCULATIONS);
      } finally {
        runner.query = run as typeof runner.query;
      }
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

/**
 * `_sort=id` is react-admin's default sort (a `List` or `ReferenceManyField` without an explicit sort,
 * any plain ra-data-json-server client): every list accepts it, whether its spec names `id` or not.
 * The lists are found among the API's routes (a GET without parameters answering `X-Total-Count`),
 * so a list added later is checked too.
 */
describe('every list sorts by id', () => {
  let db: TestDatabase;
  let api: NestExpressApplication;
  let admin: TestUser;
  const http = () => request(api.getHttpServer());

  beforeAll(async () => {
    db = await createTestDatabase();
    const acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    api = await startTestApi(testConfig(db));
    admin = await createTestUser(api, acme, { roles: ['Administrator'] });
    await createTestUser(api, acme, { roles: ['Administrator'] });
    // A few rows where lists would otherwise be empty: products with lines and calculations.
    for (const number of ['A-1', 'A-2', 'A-3']) {
      const product = (await http().post('/api/v1/products').set(admin.headers).send({ name: number, number }).expect(201)).body;
      for (const sorting of [10, 20]) {
        await http().post('/api/v1/product-operations').set(admin.headers).send({ productId: product.id, sorting, timePerUnit: 1, hourlyRate: 60 }).expect(201);
      }
      await http().post(`/api/v1/products/${product.id}/calculations`).set(admin.headers).expect(201);
      await http().post(`/api/v1/products/${product.id}/calculations`).set(admin.headers).expect(201);
    }
  });

  afterAll(async () => {
    await api?.close();
    await db?.drop();
  });

  /** The paths of every GET route without a parameter, as Express holds them. */
  function getRoutes(): string[] {
    const router = (api.getHttpAdapter().getInstance() as { router: { stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }> } }).router;
    return router.stack
      .flatMap((layer) => (layer.route && layer.route.methods.get && typeof layer.route.path === 'string' ? [layer.route.path] : []))
      .filter((path) => path.startsWith('/api/v1/') && !path.includes(':'));
  }

  it('answers every list sorted by id, ascending and descending, on every page', async () => {
    const lists: string[] = [];
    for (const path of getRoutes()) {
      const plain = await http().get(path).set(admin.headers);
      if (plain.status === 200 && plain.headers['x-total-count'] !== undefined) lists.push(path);
    }
    expect(lists).toEqual(
      expect.arrayContaining(
        ['products', 'product-operations', 'calculations', 'materials', 'customers', 'users', 'roles', 'permissions', 'settings'].map((resource) => `/api/v1/${resource}`),
      ),
    );
    const wrong: string[] = [];
    for (const path of lists) {
      for (const order of ['ASC', 'DESC'] as const) {
        const all = await http().get(`${path}?_sort=id&_order=${order}&_start=0&_end=1000`).set(admin.headers);
        if (all.status !== 200) {
          wrong.push(`${path} ${order}: ${all.status} ${JSON.stringify(all.body)}`);
          continue;
        }
        const ids = all.body.map((row: { id: string }) => row.id);
        const sorted = [...ids].sort();
        if (order === 'DESC') sorted.reverse();
        if (JSON.stringify(ids) !== JSON.stringify(sorted)) wrong.push(`${path} ${order}: not sorted by id`);
        // Pages follow the same order (react-admin reads a list page by page).
        const second = await http().get(`${path}?_sort=id&_order=${order}&_start=1&_end=3`).set(admin.headers).expect(200);
        if (JSON.stringify(second.body.map((row: { id: string }) => row.id)) !== JSON.stringify(ids.slice(1, 3))) wrong.push(`${path} ${order}: second page differs`);
      }
    }
    expect(wrong).toEqual([]);
    // Lists with several rows were checked, not only empty ones.
    for (const resource of ['products', 'product-operations', 'calculations', 'users', 'roles', 'permissions', 'settings']) {
      const response = await http().get(`/api/v1/${resource}?_sort=id`).set(admin.headers).expect(200);
      expect(Number(response.headers['x-total-count'])).toBeGreaterThan(1);
    }
  });

  it('sorts a reference list by id as react-admin asks for it, and still refuses an unknown sort', async () => {
    const [product] = (await http().get('/api/v1/products?number=A-1').set(admin.headers).expect(200)).body;
    const lines = await http().get(`/api/v1/product-operations?productId=${product.id}&_sort=id&_order=DESC&_start=0&_end=10`).set(admin.headers).expect(200);
    expect(lines.body.map((line: { id: string }) => line.id)).toEqual(lines.body.map((line: { id: string }) => line.id).sort().reverse());
    expect(lines.headers['x-total-count']).toBe('2');
    for (const sort of ['nonsense', 'constructor', '__proto__', 'toString']) {
      await http().get(`/api/v1/products?_sort=${sort}`).set(admin.headers).expect(400);
      await http().get(`/api/v1/users?_sort=${sort}`).set(admin.headers).expect(400);
    }
    await http().get('/api/v1/products?constructor=1').set(admin.headers).expect(400);
  });
});
