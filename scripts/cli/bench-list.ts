import { ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { Agent, createServer, request as httpRequest, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Pool } from 'pg';
import { calculateProducts } from '@fabquote/calculations';
import { appDatabaseUrl, Organization, TenantTransactions } from '@fabquote/database';
import { createTestUser, TEST_APP_ROLE, TestDatabase, testConfig } from '@fabquote/testing';
import { startTestApi } from '../../apps/test-support';
import { PRODUCTS } from '../../apps/api/src/products/product.specs';
import { addBrackets } from './bench-catalogue';
import { figure } from './bench-goals';

/**
 * The products list page, written by hand as the cheapest SQL that gives the API's answer (not the API's SQL):
 * the stored columns, and the latest calculation's figures from one lateral look per row that takes its first
 * tier out once.
 */
function floorSelect(): string {
  const columns = { ...Object.fromEntries(Object.entries(PRODUCTS.fields).map(([name, field]) => [name, field.column])), createdAt: 'created_at', updatedAt: 'updated_at' };
  const figure = (path: string) => `(l.tier #>> '{${path}}')::numeric::float8`;
  const figures = {
    latestCalculationIndex: 'l.index',
    latestWarningCount: 'l.warning_count',
    priceStale: '(t.price_stale AND t.latest_calculation_id IS NOT NULL)',
    priceQuantity: figure('quantity'),
    unitPrice: figure('unitPrice'),
    totalPrice: figure('totalPrice'),
    ...Object.fromEntries(
      ['material', 'labor', 'purchase', 'setup', 'program'].flatMap((component) => [
        [`${component}UnitPrice`, figure(`${component},unit`)],
        [`${component}TotalPrice`, figure(`${component},total`)],
      ]),
    ),
  };
  return `SELECT ${['t.id', ...Object.entries(columns).map(([name, column]) => `t.${column} AS "${name}"`), ...Object.entries(figures).map(([name, sql]) => `${sql} AS "${name}"`)].join(', ')}
    FROM products t
    LEFT JOIN LATERAL (SELECT c.index, coalesce(jsonb_array_length(c.warnings), 0) AS warning_count, c.result #> '{tiers,0}' AS tier
                         FROM calculations c WHERE c.id = t.latest_calculation_id LIMIT 1) l ON true
   ORDER BY t.id LIMIT 25 OFFSET 0`;
}

/**
 * The floor: a bare `node:http` server and a `pg` pool of the API's size, as the app role, doing the
 * database work of a signed-in list page in one transaction — BEGIN, the tenant setting, the session
 * lookup, the total, 25 rows, COMMIT — and answering the rows as JSON with X-Total-Count.
 */
async function startFloor(db: TestDatabase, organizationId: string): Promise<{ server: Server; pool: Pool }> {
  const pool = new Pool({ connectionString: appDatabaseUrl(db.url, TEST_APP_ROLE), max: 10 });
  const select = floorSelect();
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
        const { rows } = await client.query(select);
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

/** Two processes that keep both cores busy (a busy loop each) until stopped: the "busy machine" the goals are set for. */
function busyMachine(): () => void {
  const children: ChildProcess[] = [0, 1].map(() => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  return () => children.forEach((child) => child.kill('SIGKILL'));
}

/** The figures of a list answer by id, for comparing the API's with the floor's. */
async function figuresOf(port: number, path: string, headers: Record<string, string>): Promise<Map<string, string>> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers });
  const rows = (await response.json()) as Array<Record<string, unknown>>;
  const names = ['latestCalculationIndex', 'latestWarningCount', 'priceStale', 'priceQuantity', 'unitPrice', 'totalPrice', 'materialUnitPrice', 'programTotalPrice'];
  return new Map(rows.map((row) => [String(row.id), JSON.stringify(names.map((name) => row[name]))]));
}

/**
 * A signed-in products list page (25 of 1,000 calculated products, with the total) through the whole API, against
 * the floor giving the same answer with the cheapest SQL, both in this process and run: 1 and 50 clients, and 50
 * clients again while two other processes keep both cores busy. Goals: at 50 clients the API ≥ 0.8× the
 * floor's throughput, ≥ 0.6× on the busy machine, and its p50 at 1 client ≤ 1.5× the floor's.
 */
export async function benchList(db: TestDatabase, demo: Organization): Promise<string[]> {
  const lines: string[] = [];
  const api = await startTestApi(testConfig(db, { LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent' }));
  const admin = await createTestUser(api, demo, { roles: ['Administrator'] });
  const tenants = api.get(TenantTransactions);
  await tenants.run(demo.id, async (m) => {
    const [{ id }] = await m.query(`INSERT INTO materials (name, number, price_per_unit, price_unit, density) VALUES ('S235 2mm', 'S235-2', 1.15, 'kg', 7.85) RETURNING id`);
    await addBrackets(m, id, 1000);
  });
  // Every product calculated: the list's figures come from real calculations.
  const ids: string[] = (await tenants.run(demo.id, (m) => m.query(`SELECT id FROM products ORDER BY id`))).map((row: { id: string }) => row.id);
  for (let start = 0; start < ids.length; start += 250) await tenants.run(demo.id, (m) => calculateProducts(m, ids.slice(start, start + 250), 'bench'));
  await api.listen(0, '127.0.0.1');
  const apiPort = (api.getHttpServer().address() as AddressInfo).port;
  const floor = await startFloor(db, demo.id);
  const floorPort = (floor.server.address() as AddressInfo).port;
  const path = '/api/v1/products?_start=0&_end=25&_sort=id&_order=ASC';
  try {
    const [apiFigures, floorFigures] = [await figuresOf(apiPort, path, admin.headers), await figuresOf(floorPort, path, admin.headers)];
    if (apiFigures.size !== 25 || JSON.stringify([...apiFigures]) !== JSON.stringify([...floorFigures])) throw new Error('The floor does not answer the figures the API answers');
    const requests = Number(process.env.BENCH_LIST_REQUESTS ?? 1000);
    const rounds = Number(process.env.BENCH_LIST_ROUNDS ?? 3);
    lines.push(`signed-in products list, 25 of 1,000 calculated rows with the total, best of ${rounds} alternating rounds, against a floor (node:http + pg, one transaction, the cheapest SQL giving the same figures):`);
    for (const [clients, total, busy] of [
      [1, requests / 2, false],
      [50, requests, false],
      [50, requests, true],
    ] as const) {
      const stop = busy ? busyMachine() : () => undefined;
      try {
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
        const label = `${clients} client${clients > 1 ? 's' : ''}${busy ? ', both cores kept busy by two other processes' : ''}`;
        lines.push(`  ${label}, ${total} requests a round:`);
        lines.push(show('floor', floorRun));
        lines.push(show('API  ', apiRun));
        const ratio = apiRun.perSecond / floorRun.perSecond;
        if (clients === 1) lines.push(...figure('products list p50 at 1 client, API/floor', apiRun.p50 / floorRun.p50, '×', { atMost: 1.5 }));
        else if (busy) lines.push(...figure('products list at 50 clients, busy machine, API/floor throughput', ratio, '×', { atLeast: 0.6 }));
        else lines.push(...figure('products list at 50 clients, API/floor throughput', ratio, '×', { atLeast: 0.8 }));
      } finally {
        stop();
      }
    }
  } finally {
    await new Promise((resolve) => floor.server.close(resolve));
    await floor.pool.end();
    await api.close();
  }
  return lines;
}
