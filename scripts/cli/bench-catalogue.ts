import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { EntityManager } from 'typeorm';
import { calculateProducts } from '@fabquote/calculations';
import { provisionOrganization, TenantTransactions } from '@fabquote/database';
import { TestDatabase } from '@fabquote/testing';
import { CALCULATION_BATCH } from '../../apps/api/src/products';

const PRODUCTS = 1000;

/** `count` sheet-metal brackets of one material, each with a material line and a timed operation: the products both repricing benches price. */
export async function addBrackets(manager: EntityManager, materialId: string, count: number): Promise<void> {
  await manager.query(
    `INSERT INTO products (name, number, material_id, thickness, blank_width, blank_length)
     SELECT 'Bracket ' || n, 'BR-' || n, $1, 2, 100 + n % 400, 80 + n % 300 FROM generate_series(1, $2) n`,
    [materialId, count],
  );
  await manager.query(`INSERT INTO product_materials (product_id, material_id) SELECT id, $1 FROM products`, [materialId]);
  await manager.query(`INSERT INTO product_operations (product_id, sorting, time_per_unit, hourly_rate) SELECT id, 10, 1.5, 75 FROM products`);
}

/**
 * An organization with `catalogue` parts, each with a suppliable and a bulk price band, and 1,000
 * products that use the first 100 of them (a material line, an operation, a part line). Returns what
 * repricing all 1,000 after a material price change costs, in the worker's batches (the best of three changes).
 */
async function repricing(db: TestDatabase, slug: string, catalogue: number): Promise<number> {
  const organization = await provisionOrganization(db.app, { slug, name: `${slug} GmbH` });
  const tenants = new TenantTransactions(db.app);
  const materialId = await tenants.run(organization.id, async (m) => {
    const [{ id: material }] = await m.query(`INSERT INTO materials (name, number, price_per_unit, price_unit, density) VALUES ('S235 2mm', 'S235-2', 1.15, 'kg', 7.85) RETURNING id`);
    const [{ id: supplier }] = await m.query(`INSERT INTO suppliers (name, email) VALUES ('Schrauben AG', 'orders@schrauben.example') RETURNING id`);
    await m.query(`INSERT INTO parts (name, number, own_cost) SELECT 'Bolt M' || n, 'P-' || lpad(n::text, 6, '0'), 0.1 FROM generate_series(1, $1) n`, [catalogue]);
    await m.query(`INSERT INTO suppliables (type, number, supplier_id, part_id, cost) SELECT 'part', 'S-' || number, $1, id, 0.08 FROM parts`, [supplier]);
    await m.query(`INSERT INTO suppliable_bulk_prices (suppliable_id, min_quantity, max_quantity, unit_price) SELECT id, 100, 1000, 0.07 FROM suppliables`);
    await addBrackets(m, material, PRODUCTS);
    await m.query(
      `INSERT INTO product_parts (product_id, part_id, quantity)
       SELECT p.id, parts.id, 4 FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM products) p
         JOIN (SELECT id, row_number() OVER (ORDER BY number) AS n FROM parts) parts ON parts.n = 1 + p.n % 100`,
    );
    return material as string;
  });
  const owner = new Client({ connectionString: db.url });
  await owner.connect();
  await owner.query(`ANALYZE`).finally(() => owner.end());
  const ids: string[] = (await tenants.run(organization.id, (m) => m.query(`SELECT id FROM products ORDER BY id`))).map((row: { id: string }) => row.id);
  const batches = async (onlyIfChanged: boolean) => {
    for (let start = 0; start < ids.length; start += CALCULATION_BATCH) {
      await tenants.run(organization.id, (m) => calculateProducts(m, ids.slice(start, start + CALCULATION_BATCH), { key: 'calculated_bench' }, { onlyIfChanged }));
    }
  };
  await batches(false);
  // The best of three price changes: the machine is shared, and noise only ever adds time.
  let best = Infinity;
  for (const price of ['1.25', '1.35', '1.45']) {
    await tenants.run(organization.id, (m) => m.query(`UPDATE materials SET price_per_unit = $2 WHERE id = $1`, [materialId, price]));
    const started = performance.now();
    await batches(true);
    best = Math.min(best, (performance.now() - started) / 1000);
  }
  return best;
}

/** Repricing 1,000 products in a small catalogue and in one of 50,000 parts and suppliables: what it costs should not grow with the catalogue. */
export async function benchCatalogue(db: TestDatabase): Promise<string[]> {
  const large = Number(process.env.BENCH_CATALOGUE ?? 50_000);
  const small = await repricing(db, 'small-catalogue', 100);
  const big = await repricing(db, 'large-catalogue', large);
  return [
    `repricing ${PRODUCTS} products (material price changed, batches of ${CALCULATION_BATCH}) by catalogue size (goal: large ≤ 1.5× small):`,
    `  100 parts and suppliables: ${small.toFixed(2)} s; ${large.toLocaleString('en')} parts and suppliables: ${big.toFixed(2)} s; large/small ${(big / small).toFixed(2)}×`,
  ];
}
