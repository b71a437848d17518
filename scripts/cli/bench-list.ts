import { createHash } from 'node:crypto';
import { Agent, createServer, request as httpRequest, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Pool } from 'pg';
import { appDatabaseUrl, Organization, TenantTransactions } from '@fabquote/database';
import { createTestUser, TEST_APP_ROLE, TestDatabase, testConfig } from '@fabquote/testing';
import { startTestApi } from '../../apps/test-support';
import { PRODUCTS } from '../../apps/api/src/products/product.specs';

/** What the API's products list selects (RecordsService's select list), for the floor to do the same work. */
function productsSelect(): string {
  const columns = { ...Object.fromEntries(Object.entries(PRODUCTS.fields).map(([name, field]) => [name, field.column])), createdAt: 'created_at', updatedAt: 'updated_at' };
  const derived = Object.entries(PRODUCTS.derived ?? {}).map(([name, sql]) => `${sql} AS "${name}"`);
  return ['t.id', ...Object.entries(columns).map(([name, column]) => `t.${column} AS "${name}"`), ...derived].join(', ');
}

/**
 * The floor: a bare `node:http` server and a `pg` pool of the API's size, as the app role, doing the
 * database work of a signed-in list page in one transaction — BEGIN, the tenant setting, the session
 * lookup, the total, 25 rows, COMMIT — and answering the rows as JSON with X-Total-Count.
 */
async function startFloor(db: TestDatabase, organizationId: string): Promise<{ server: Server; pool: Pool }> {
  const pool = new Pool({ connectionString: appDatabaseUrl(db.url, TEST_APP_ROLE), max: 10 });
  const select = productsSelect();
  const server = createServer((request, response) => {
    void (async () => {
      const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(`SELECT set_config('app.organization_id', $1, true)`, [organizationId]);
        const session = await client.query(`SELECT * FROM session_of($1, $2)`, [organizationId, createHash('sha256').update(token).digest('hex')]);
        if (session.rows.length === 0) throw new Error('no session');
        const { rows: [{ total }] } = await client.query(`SELECT count(*)::int AS total FROM products t`);
        const { rows } = await client.query(`SELECT ${select} FROM products t ORDER BY t.id ASC NULLS LAST, t.id LIMIT 25 OFFSET 0`);
        await client.query('COMMIT');
        response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'X-Total-Count': String(total) });
        response.end(JSON.stringify(rows));
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        response.writeHead(500).end(String(error));
      } finally {
        client.release();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, pool };
}

interface LoadResult {
  perSecond: number;
  p50: number;
  p95: number;
}

/** `clients` keep-alive connections, each sending its next request when the last one is answered, `total` requests in all. */
async function load(port: number, path: string, headers: Record<string, string>, clients: number, total: number): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const one = () =>
    new Promise<number>((resolve, reject) => {
      const begin = performance.now();
      const req = httpRequest({ host: '127.0.0.1', port, path, headers, agent }, (response) => {
        response.on('data', () => undefined);
        response.on('end', () => (response.statusCode === 200 ? resolve(performance.now() - begin) : reject(new Error(`${path} answered ${response.statusCode}`))));
      });
      req.on('error', reject);
      req.end();
    });
  const timings: number[] = [];
  let sent = 0;
  const client = async () => {
    while (sent < total) {
      sent++;
      timings.push(await one());
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, client));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  timings.sort((a, b) => a - b);
  const at = (q: number) => timings[Math.floor(q * (timings.length - 1))];
  return { perSecond: total / seconds, p50: at(0.5), p95: at(0.95) };
}

/**
 * A signed-in products list page (25 of 1,000 products, with the total) through the whole API, against
 * the floor doing the same database work, both in this process and run: 1 and 50 clients.
 */
export async function benchList(db: TestDatabase, demo: Organization): Promise<string[]> {
  const lines: string[] = [];
  const api = await startTestApi(testConfig(db, { LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent' }));
  const admin = await createTestUser(api, demo, { roles: ['Administrator'] });
  await api.get(TenantTransactions).run(demo.id, async (m) => {
    const [{ id }] = await m.query(`INSERT INTO materials (name, number, price_per_unit, price_unit, density) VALUES ('S235 2mm', 'S235-2', 1.15, 'kg', 7.85) RETURNING id`);
    await m.query(
      `INSERT INTO products (name, number, material_id, thickness, blank_width, blank_length)
       SELECT 'Bracket ' || n, 'BR-' || n, $1, 2, 100 + n % 400, 80 + n % 300 FROM generate_series(1, 1000) n`,
      [id],
    );
  });
  await api.listen(0, '127.0.0.1');
  const apiPort = (api.getHttpServer().address() as AddressInfo).port;
  const floor = await startFloor(db, demo.id);
  const floorPort = (floor.server.address() as AddressInfo).port;
  const path = '/api/v1/products?_start=0&_end=25&_sort=id&_order=ASC';
  try {
    const requests = Number(process.env.BENCH_LIST_REQUESTS ?? 1000);
    const rounds = Number(process.env.BENCH_LIST_ROUNDS ?? 3);
    lines.push(`signed-in products list, 25 of 1,000 rows with the total, best of ${rounds} alternating rounds (goal: API ≥ 0.5× the floor's requests/s, p50 ≤ 2×):`);
    for (const [clients, total] of [
      [1, requests / 2],
      [50, requests],
    ]) {
      // Warm-up for both, then alternate, keeping each side's best round: on a shared machine noise only ever adds time.
      await load(floorPort, path, admin.headers, clients, 100);
      await load(apiPort, path, admin.headers, clients, 100);
      const best = (runs: LoadResult[]): LoadResult => ({
        perSecond: Math.max(...runs.map((run) => run.perSecond)),
        p50: Math.min(...runs.map((run) => run.p50)),
        p95: Math.min(...runs.map((run) => run.p95)),
      });
      const floorRuns: LoadResult[] = [];
      const apiRuns: LoadResult[] = [];
      for (let round = 0; round < rounds; round++) {
        floorRuns.push(await load(floorPort, path, admin.headers, clients, total));
        apiRuns.push(await load(apiPort, path, admin.headers, clients, total));
      }
      const [floorRun, apiRun] = [best(floorRuns), best(apiRuns)];
      const show = (name: string, run: LoadResult) => `    ${name}: ${run.perSecond.toFixed(0)} requests/s, p50 ${run.p50.toFixed(2)} ms, p95 ${run.p95.toFixed(2)} ms`;
      lines.push(`  ${clients} client${clients > 1 ? 's' : ''}, ${total} requests a round:`);
      lines.push(show('floor (node:http + pg, one transaction)', floorRun));
      lines.push(show('API                                    ', apiRun));
      lines.push(`    API/floor: ${(apiRun.perSecond / floorRun.perSecond).toFixed(2)}× the throughput, p50 ${(apiRun.p50 / floorRun.p50).toFixed(2)}×`);
    }
  } finally {
    await new Promise((resolve) => floor.server.close(resolve));
    await floor.pool.end();
    await api.close();
  }
  return lines;
}
