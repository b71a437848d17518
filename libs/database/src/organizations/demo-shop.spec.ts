import { calculateProducts } from '@fabquote/calculations';
import { createTestDatabase, TestDatabase } from '@fabquote/testing';
import { TenantTransactions } from '../tenancy/tenant-transactions';
import { provisionOrganization } from './provision-organization';
import { seedDemoShop } from './demo-shop';

describe('seedDemoShop', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db?.drop());

  it('fills a small shop once, through row-level security, and leaves it alone afterwards', async () => {
    const demo = await provisionOrganization(db.app, { slug: 'demo', name: 'Demo Metallbau GmbH' });
    expect(await seedDemoShop(db.app, demo)).toBe(true);
    expect(await seedDemoShop(db.app, demo)).toBe(false);
    const counts = await db.app.transaction(async (manager) => {
      await manager.query(`SELECT set_config('app.organization_id', $1, true)`, [demo.id]);
      return manager.query(`SELECT
        (SELECT count(*)::int FROM assets) AS assets, (SELECT count(*)::int FROM materials) AS materials,
        (SELECT count(*)::int FROM material_groups) AS groups, (SELECT count(*)::int FROM suppliers) AS suppliers,
        (SELECT count(*)::int FROM suppliable_bulk_prices) AS bands, (SELECT array_agg(DISTINCT language) FROM suppliers) AS languages`);
    });
    expect(counts[0]).toMatchObject({ assets: 3, materials: 13, groups: 3, suppliers: 3 });
    expect(counts[0].bands).toBeGreaterThan(5);
    expect(counts[0].languages.sort()).toEqual(['de', 'en']);
  });

  it('has products that all price: a bracket with 2 bends and 4 holes, a housing with sub-assemblies and press nuts', async () => {
    const demo = await provisionOrganization(db.app, { slug: 'demo', name: 'Demo Metallbau GmbH' });
    const run = await new TenantTransactions(db.app).run(demo.id, async (manager) => {
      const products: Array<{ id: string }> = await manager.query(`SELECT id FROM products`);
      return calculateProducts(manager, products.map((product) => product.id), { key: 'calculated_demo_data' });
    });
    expect(run.failed).toEqual([]);
    expect(run.calculated).toHaveLength(6);
    // Every figure the data calls for is there: no material, time, rate or cost came out zero.
    expect(run.calculated.flatMap((calculation) => calculation.warnings)).toEqual([]);
  });
});
