import { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { Organization } from '@fabquote/database';
import { createTestUser, TestDatabase, testConfig } from '@fabquote/testing';
import { startTestApi } from '../../apps/test-support';
import { DASHBOARD_INTERVALS } from '../../apps/api/src/dashboard';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const REQUESTS = 20;

/**
 * The dashboard at ORDERS orders (default 100,000) of one organization over the last two years, three
 * items each, every status, with their status history, beside 2,000 products and another organization's
 * orders: the answer time of `GET /dashboard` per interval (median and p95 of 20 requests after a warm-up).
 */
export async function benchDashboard(db: TestDatabase, demo: Organization, other: Organization): Promise<string[]> {
  const seeded = performance.now();
  for (const [organization, orders] of [[demo, ORDERS], [other, ORDERS / 10]] as const) await seed(db, organization, orders);
  const owner = new Client({ connectionString: db.url });
  await owner.connect();
  await owner.query('ANALYZE');
  await owner.end();
  const lines = [`dashboard at ${ORDERS.toLocaleString('en')} orders (3 items each, 2 years, + ${(ORDERS / 10).toLocaleString('en')} of another organization), seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s; GET /dashboard, ${REQUESTS} requests per interval:`];

  const api = await startTestApi(testConfig(db));
  try {
    const admin = await createTestUser(api, demo, { roles: ['Administrator'] });
    await api.listen(0, '127.0.0.1');
    const { port } = api.getHttpServer().address() as AddressInfo;
    for (const interval of DASHBOARD_INTERVALS) {
      const url = `http://127.0.0.1:${port}/api/v1/dashboard?interval=${interval}`;
      const read = async () => {
        const begin = performance.now();
        const response = await fetch(url, { headers: admin.headers });
        if (response.status !== 200) throw new Error(`dashboard ${interval} answered ${response.status}`);
        const body = (await response.json()) as { numberOfOrders: number; conversion: { offered: number } };
        return { ms: performance.now() - begin, body };
      };
      for (let i = 0; i < 3; i++) await read(); // warm-up
      const timings: number[] = [];
      let last = { numberOfOrders: 0, conversion: { offered: 0 } };
      for (let i = 0; i < REQUESTS; i++) {
        const { ms, body } = await read();
        timings.push(ms);
        last = body;
      }
      timings.sort((a, b) => a - b);
      const at = (q: number) => timings[Math.ceil(q * timings.length) - 1].toFixed(1);
      lines.push(`  ${interval.padEnd(5)} median ${at(0.5)} ms, p95 ${at(0.95)} ms (${last.numberOfOrders} orders created, ${last.conversion.offered} offered in it)`);
    }
  } finally {
    await api.close();
  }
  return lines;
}

/** Orders by generate_series in the organization's tenant transaction, as the app role (row-level security applies). */
async function seed(db: TestDatabase, organization: Organization, orders: number): Promise<void> {
  await db.app.transaction(async (manager) => {
    await manager.query(`SELECT set_config('app.organization_id', $1, true)`, [organization.id]);
    await manager.query(
      `INSERT INTO products (name, number, status, created_at)
       SELECT 'Part ' || g, 'B-' || g, (ARRAY['ready', 'pending', 'creation_stopped', 'manually_created', 'generated_from_data_extractor'])[1 + g % 5],
              now() - (g % 730) * interval '1 day'
         FROM generate_series(1, 2000) g`,
    );
    // Created over the last two years; statuses in turn (a fifth each); the status reached a day after creation.
    await manager.query(
      `INSERT INTO orders (number, name, status, currency, vat_rate, commission_percent, created_at, status_changed_at)
       SELECT 'OR-B-' || g, 'Bench ' || g, (ARRAY['draft', 'offered', 'ordered', 'deferred', 'declined'])[1 + g % 5], 'EUR', 19, g % 3,
              now() - (g::float8 / $1) * interval '730 days', now() - (g::float8 / $1) * interval '730 days' + interval '1 day'
         FROM generate_series(1, $1::int) g`,
      [orders],
    );
    await manager.query(
      `INSERT INTO order_items (order_id, product_id, position, quantity, unit_price, price_source, unit_price_reason)
       SELECT o.id, p.id, k, 1 + (k * 7) % 50, 3.5 + k * 1.25, 'manual', 'bench'
         FROM orders o CROSS JOIN generate_series(1, 3) k
         JOIN products p ON p.number = 'B-' || (1 + (hashtext(o.number) & 1023) + k * 300)`,
    );
    await manager.query(
      `INSERT INTO order_status_changes (order_id, from_status, to_status, changed_at)
       SELECT id, NULL, 'draft', created_at FROM orders
       UNION ALL
       SELECT id, 'draft', 'offered', created_at + interval '12 hours' FROM orders WHERE status <> 'draft'
       UNION ALL
       SELECT id, 'offered', status, status_changed_at FROM orders WHERE status NOT IN ('draft', 'offered')`,
    );
  });
}
