import { createTestDatabase, TestDatabase } from '@fabquote/testing';
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
});
