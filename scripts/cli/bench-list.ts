import { ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { Agent, createServer, request as httpRequest, Server } from 'node:http';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Pool } from 'pg';
import { calculateProducts } from '@fabquote/calculations';
import { appDatabaseUrl, Organization, TenantTransactions } from '@fabquote/database';
import { createTestUser, TEST_APP_ROLE, TestDatabase, testConfig } from '@fabquote/testing';
import { createApi } from '../../apps/api/src/bootstrap';
import { PRODUCTS } from '../../apps/api/src/products/product.specs';
import { deletable, ORDER_TRANSITIONS, OrderStatus } from '../../apps/api/src/orders/order-status';
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

/** One list the bench measures: its page through the API, and the floor's SQL for the same page and total. */
interface BenchedList {
  /** "products", "orders", "purchase requests": the figures' names. */
  name: string;
  /** What a page holds, for the heading. */
  page: string;
  path: string;
  floorRows: string;
  floorTotal: string;
  /** The floor's rows made into the API's answer where the API adds what is not in the database (an order's actions). */
  present?: (row: Record<string, unknown>) => Record<string, unknown>;
  /** What is compared between the two answers: these fields of every row, else every field. */
  compared?: string[];
}

/** A line's amount and discount, rounded as the order's totals are (docs/api-orders.md). */
const AMOUNT = 'round(i.quantity * i.unit_price, 2)';
const DISCOUNT = `round(${AMOUNT} * i.discount_percent * 0.01, 2)`;

/**
 * The orders list page (newest first), by hand: the 25 orders of the page first (the index on the creation time),
 * then their customer's and creator's names, and their lines summed for those 25 only.
 */
const ORDERS_FLOOR = `
  SELECT o.id, o.number, o.name, o.status, o.customer_id AS "customerId", c.name AS "customerName", o.language,
         o.request_number AS "requestNumber", o.customer_order_number AS "customerOrderNumber", o.description,
         to_char(o.valid_until, 'YYYY-MM-DD') AS "validUntil", o.contact_name AS "contactName", o.contact_phone AS "contactPhone",
         o.contact_email AS "contactEmail", o.payment_terms AS "paymentTerms", o.currency, o.shipping_terms AS "shippingTerms",
         o.shipping_method AS "shippingMethod", to_char(o.shipping_date, 'YYYY-MM-DD') AS "shippingDate", o.shipping_days AS "shippingDays",
         o.commission_percent::float8 AS "commissionPercent", o.vat_rate::float8 AS "vatRate", s.items_count AS "itemsCount",
         s.total_quantity::float8 AS "totalQuantity", s.total_price::float8 AS "totalPrice", s.discount_amount::float8 AS "discountAmount",
         g.value_of_goods::float8 AS "valueOfGoods", k.commission::float8 AS commission, (g.value_of_goods + k.commission)::float8 AS subtotal,
         v.vat_amount::float8 AS "vatAmount", (g.value_of_goods + k.commission + v.vat_amount)::float8 AS "totalWithVat",
         o.created_by AS "createdBy", u.name AS "createdByName",
         CASE WHEN o.accepted_online_at IS NULL THEN NULL ELSE json_build_object('name', o.accepted_online_by, 'at', o.accepted_online_at, 'customerOrderNumber', o.customer_order_number, 'note', o.acceptance_note) END AS "acceptedOnline",
         o.decline_reason AS "declineReason", o.status_changed_at AS "statusChangedAt", o.created_at AS "createdAt", o.updated_at AS "updatedAt"
    FROM (SELECT * FROM orders ORDER BY created_at DESC, id LIMIT 25) o
    LEFT JOIN customers c ON c.id = o.customer_id
    LEFT JOIN users u ON u.id = o.created_by
   CROSS JOIN LATERAL (
         SELECT (count(*) FILTER (WHERE i.kind <> 'text'))::int AS items_count,
                coalesce(sum(i.quantity) FILTER (WHERE i.kind = 'product'), 0) AS total_quantity,
                coalesce(sum(${AMOUNT}), 0) AS total_price, coalesce(sum(${DISCOUNT}), 0) AS discount_amount
           FROM order_items i WHERE i.order_id = o.id) s
   CROSS JOIN LATERAL (SELECT s.total_price - s.discount_amount AS value_of_goods) g
   CROSS JOIN LATERAL (SELECT round(g.value_of_goods * o.commission_percent * 0.01, 2) AS commission) k
   CROSS JOIN LATERAL (SELECT round((g.value_of_goods + k.commission) * o.vat_rate * 0.01, 2) AS vat_amount) v
   ORDER BY o.created_at DESC, o.id`;

const asked = (table: string, where = '') => `(SELECT count(*)::int FROM ${table} c WHERE c.purchase_request_id = t.id${where})`;

/** The purchase requests list page (newest first), by hand: the 25 requests first, then their creator's name and what each asks, counted. */
const PURCHASE_REQUESTS_FLOOR = `
  SELECT t.id, t.number, t.name, t.status, t.close_submission_deadline AS "closeSubmissionDeadline", t.include_product_preview AS "includeProductPreview",
         t.reminder_frequency AS "reminderFrequency", t.additional_information AS "additionalInformation", t.created_by AS "createdBy",
         u.name AS "createdByName", t.sent_at AS "sentAt", t.closed_at AS "closedAt", t.created_at AS "createdAt", t.updated_at AS "updatedAt",
         ${asked('purchase_request_products')} AS "productCount", ${asked('purchase_request_suppliers')} AS "supplierCount",
         ${asked('purchase_request_operations')} AS "operationCount", ${asked('purchase_request_parts')} AS "partCount",
         (SELECT count(DISTINCT c.supplier_id)::int FROM supplier_offers c WHERE c.purchase_request_id = t.id) AS "offerCount",
         ${asked('purchase_request_questions', ' AND c.answered_at IS NULL')} AS "openQuestionCount"
    FROM (SELECT * FROM purchase_requests ORDER BY created_at DESC, id LIMIT 25) t
    LEFT JOIN users u ON u.id = t.created_by
   ORDER BY t.created_at DESC, t.id`;

/** What may be done with an order in its status, as the API adds it to each row. */
const withActions = (row: Record<string, unknown>) => {
  const status = row.status as OrderStatus;
  return { ...row, deletable: deletable(status), nextStatuses: [...ORDER_TRANSITIONS[status]] };
};

/**
 * The floor: a bare `node:http` server and a `pg` pool of the API's size, as the app role, doing the
 * database work of a signed-in list page in one transaction — BEGIN, the tenant setting, the session
 * lookup, the total, 25 rows, COMMIT — and answering the rows as JSON with X-Total-Count.
 */
async function startFloor(db: TestDatabase, organizationId: string, lists: BenchedList[]): Promise<{ server: Server; pool: Pool }> {
  const pool = new Pool({ connectionString: appDatabaseUrl(db.url, TEST_APP_ROLE), max: 10 });
  const byPath = new Map(lists.map((list) => [list.path, list]));
  const server = createServer((request, response) => {
    void (async () => {
      const list = byPath.get(request.url ?? '');
      if (!list) return response.writeHead(404).end();
      const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(`SELECT set_config('app.organization_id', $1, true)`, [organizationId]);
        const session = await client.query(`SELECT * FROM session_of($1, $2)`, [organizationId, createHash('sha256').update(token).digest('hex')]);
        if (session.rows.length === 0) throw new Error('no session');
        const { rows: [{ total }] } = await client.query(list.floorTotal);
        const { rows } = await client.query(list.floorRows);
        await client.query('COMMIT');
        response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'X-Total-Count': String(total) });
        response.end(JSON.stringify(list.present ? rows.map(list.present) : rows));
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
 * `work` under the CPU profiler when `BENCH_LIST_PROFILE` names a file (the API runs in this process, so the
 * profile shows where its time goes; the load's own functions are in it too), else just `work`.
 */
async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  const file = process.env.BENCH_LIST_PROFILE;
  if (!file) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(`${file}.${name}.cpuprofile`, JSON.stringify(profile));
    session.disconnect();
  }
}

/** Two processes that keep both cores busy (a busy loop each) until stopped: the "busy machine" the goals are set for. */
function busyMachine(): () => void {
  const children: ChildProcess[] = [0, 1].map(() => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  return () => children.forEach((child) => child.kill('SIGKILL'));
}

/** A list's answer as compared between the API and the floor: the total, and each row (or the `compared` fields of it) by id. */
async function answerOf(port: number, list: BenchedList, headers: Record<string, string>): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}${list.path}`, { headers });
  if (response.status !== 200) throw new Error(`${list.path} answered ${response.status}`);
  const rows = (await response.json()) as Array<Record<string, unknown>>;
  const shown = rows.map((row) => (list.compared ? [row.id, ...list.compared.map((name) => row[name])] : row));
  return JSON.stringify([response.headers.get('x-total-count'), rows.length, shown]);
}

/**
 * 1,000 orders of three product lines each (a customer, a discount, VAT) and 1,000 purchase requests asking two
 * products of three suppliers each, all created by `userId`, in the demo organization that holds the 1,000 products.
 */
async function addOrdersAndRequests(tenants: TenantTransactions, organizationId: string, userId: string): Promise<void> {
  await tenants.run(organizationId, async (m) => {
    await m.query(`INSERT INTO customers (name, language) SELECT 'Customer ' || n, 'en' FROM generate_series(1, 20) n`);
    await m.query(`INSERT INTO suppliers (name, email) SELECT 'Supplier ' || n, 'sales' || n || '@supplier.example' FROM generate_series(1, 20) n`);
    await m.query(
      `INSERT INTO orders (number, name, customer_id, currency, vat_rate, commission_percent, created_by, created_at)
       SELECT 'B-' || lpad(n::text, 5, '0'), 'Order ' || n, c.id, 'EUR', 19, 2.5, $1, now() - n * interval '1 minute'
         FROM generate_series(1, 1000) n JOIN (SELECT id, row_number() OVER (ORDER BY name) AS k FROM customers) c ON c.k = 1 + n % 20`,
      [userId],
    );
    await m.query(
      `INSERT INTO order_items (order_id, product_id, position, quantity, unit_price, discount_percent, price_source, unit_price_reason)
       SELECT o.id, p.id, l, 10 * l, 1.2345 * l, 5, 'manual', 'bench'
         FROM (SELECT id, row_number() OVER (ORDER BY id) AS k FROM orders) o CROSS JOIN generate_series(1, 3) l
         JOIN (SELECT id, row_number() OVER (ORDER BY id) AS k FROM products) p ON p.k = 1 + (o.k * 3 + l) % 1000`,
    );
    await m.query(
      `INSERT INTO purchase_requests (number, name, close_submission_deadline, created_by, created_at)
       SELECT 'PR-' || lpad(n::text, 5, '0'), 'Request ' || n, now() + interval '30 days', $1, now() - n * interval '1 minute' FROM generate_series(1, 1000) n`,
      [userId],
    );
    await m.query(
      `INSERT INTO purchase_request_products (purchase_request_id, product_id, quantities)
       SELECT r.id, p.id, ARRAY[10, 100]::numeric[]
         FROM (SELECT id, row_number() OVER (ORDER BY id) AS k FROM purchase_requests) r CROSS JOIN generate_series(1, 2) l
         JOIN (SELECT id, row_number() OVER (ORDER BY id) AS k FROM products) p ON p.k = 1 + (r.k * 2 + l) % 1000`,
    );
    await m.query(
      `INSERT INTO purchase_request_suppliers (purchase_request_id, supplier_id)
       SELECT r.id, s.id
         FROM (SELECT id, row_number() OVER (ORDER BY id) AS k FROM purchase_requests) r CROSS JOIN generate_series(1, 3) l
         JOIN (SELECT id, row_number() OVER (ORDER BY id) AS k FROM suppliers) s ON s.k = 1 + (r.k + l) % 20`,
    );
  });
}

/**
 * Signed-in list pages (25 rows with the total) through the whole API, each against the floor giving the same answer
 * with the cheapest SQL, both in this process and run: 1 and 50 clients, and 50 clients again while two other
 * processes keep both cores busy. The products list (1,000 calculated products), the orders list (1,000 orders of
 * three lines) and the purchase requests list (1,000 requests). Goals for each: at 50 clients the API ≥ 0.8× the
 * floor's throughput, ≥ 0.6× on the busy machine, and its p50 at 1 client ≤ 1.5× the floor's.
 */
export async function benchList(db: TestDatabase, demo: Organization): Promise<string[]> {
  const lines: string[] = [];
  // The API as it runs in production (bootstrap's createApi): not the tests' start, which checks every answer against the contract.
  const { app: api } = await createApi(testConfig(db, { LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent' }));
  await api.init();
  const admin = await createTestUser(api, demo, { roles: ['Administrator'] });
  const tenants = api.get(TenantTransactions);
  await tenants.run(demo.id, async (m) => {
    const [{ id }] = await m.query(`INSERT INTO materials (name, number, price_per_unit, price_unit, density) VALUES ('S235 2mm', 'S235-2', 1.15, 'kg', 7.85) RETURNING id`);
    await addBrackets(m, id, 1000);
  });
  // Every product calculated: the list's figures come from real calculations.
  const ids: string[] = (await tenants.run(demo.id, (m) => m.query(`SELECT id FROM products ORDER BY id`))).map((row: { id: string }) => row.id);
  for (let start = 0; start < ids.length; start += 250) await tenants.run(demo.id, (m) => calculateProducts(m, ids.slice(start, start + 250), 'bench'));
  await addOrdersAndRequests(tenants, demo.id, admin.id);
  const owner = new Pool({ connectionString: db.url, max: 1 });
  await owner.query('ANALYZE').finally(() => owner.end());
  const lists: BenchedList[] = [
    {
      name: 'products',
      page: '25 of 1,000 calculated products',
      path: '/api/v1/products?_start=0&_end=25&_sort=id&_order=ASC',
      floorRows: floorSelect(),
      floorTotal: 'SELECT count(*)::int AS total FROM products t',
      compared: ['latestCalculationIndex', 'latestWarningCount', 'priceStale', 'priceQuantity', 'unitPrice', 'totalPrice', 'materialUnitPrice', 'programTotalPrice'],
    },
    {
      name: 'orders',
      page: '25 of 1,000 orders of three lines, newest first',
      path: '/api/v1/orders?_start=0&_end=25&_sort=createdAt&_order=DESC',
      floorRows: ORDERS_FLOOR,
      floorTotal: 'SELECT count(*)::int AS total FROM orders',
      present: withActions,
    },
    {
      name: 'purchase requests',
      page: '25 of 1,000 purchase requests, newest first',
      path: '/api/v1/purchase-requests?_start=0&_end=25&_sort=createdAt&_order=DESC',
      floorRows: PURCHASE_REQUESTS_FLOOR,
      floorTotal: 'SELECT count(*)::int AS total FROM purchase_requests',
    },
  ];
  await api.listen(0, '127.0.0.1');
  const apiPort = (api.getHttpServer().address() as AddressInfo).port;
  const floor = await startFloor(db, demo.id, lists);
  const floorPort = (floor.server.address() as AddressInfo).port;
  const only = (process.env.BENCH_LISTS ?? '').split(',').filter(Boolean);
  try {
    for (const list of lists.filter((one) => only.length === 0 || only.includes(one.name))) {
      const [apiAnswer, floorAnswer] = [await answerOf(apiPort, list, admin.headers), await answerOf(floorPort, list, admin.headers)];
      if (apiAnswer !== floorAnswer) throw new Error(`The floor does not answer what the API answers for the ${list.name} list:\n${apiAnswer}\n${floorAnswer}`);
      lines.push(...(await compare(list, apiPort, floorPort, admin.headers)));
    }
  } finally {
    await new Promise((resolve) => floor.server.close(resolve));
    await floor.pool.end();
    await api.close();
  }
  return lines;
}

/** One list's three figures: the API against the floor at 1 client, at 50, and at 50 on a busy machine, best of alternating rounds. */
async function compare(list: BenchedList, apiPort: number, floorPort: number, headers: Record<string, string>): Promise<string[]> {
  const lines: string[] = [];
  const requests = Number(process.env.BENCH_LIST_REQUESTS ?? 1000);
  const rounds = Number(process.env.BENCH_LIST_ROUNDS ?? 3);
  lines.push(`signed-in ${list.name} list, ${list.page} with the total, best of ${rounds} alternating rounds, against a floor (node:http + pg, one transaction, the cheapest SQL giving the same answer):`);
  for (const [clients, total, busy] of [
    [1, requests / 2, false],
    [50, requests, false],
    [50, requests, true],
  ] as const) {
    const stop = busy ? busyMachine() : () => undefined;
    try {
      // Warm-up for both, then alternate, keeping each side's best round: on a shared machine noise only ever adds time.
      await load(floorPort, list.path, headers, clients, 100);
      await load(apiPort, list.path, headers, clients, 100);
      const best = (runs: LoadResult[]): LoadResult => ({
        perSecond: Math.max(...runs.map((run) => run.perSecond)),
        p50: Math.min(...runs.map((run) => run.p50)),
        p95: Math.min(...runs.map((run) => run.p95)),
      });
      const floorRuns: LoadResult[] = [];
      const apiRuns: LoadResult[] = [];
      // CPU time of this process (the load, and the floor or the API) per request: far less moved by other processes than times are.
      const cpu = { floor: 0, api: 0 };
      const timed = async (side: 'floor' | 'api', run: () => Promise<LoadResult>) => {
        const before = process.cpuUsage();
        const result = await run();
        const used = process.cpuUsage(before);
        cpu[side] += (used.user + used.system) / 1000;
        return result;
      };
      const profiledRound = clients === 50 && !busy ? `${list.name.replace(' ', '-')}` : undefined;
      for (let round = 0; round < rounds; round++) {
        floorRuns.push(await timed('floor', () => load(floorPort, list.path, headers, clients, total)));
        const apiRound = () => timed('api', () => load(apiPort, list.path, headers, clients, total));
        apiRuns.push(await (profiledRound && round === 0 ? profiled(profiledRound, apiRound) : apiRound()));
      }
      const [floorRun, apiRun] = [best(floorRuns), best(apiRuns)];
      const show = (name: string, run: LoadResult) => `    ${name}: ${run.perSecond.toFixed(0)} requests/s, p50 ${run.p50.toFixed(2)} ms, p95 ${run.p95.toFixed(2)} ms`;
      const label = `${clients} client${clients > 1 ? 's' : ''}${busy ? ', both cores kept busy by two other processes' : ''}`;
      lines.push(`  ${label}, ${total} requests a round:`);
      lines.push(show('floor', floorRun));
      lines.push(show('API  ', apiRun));
      const perRequest = (ms: number) => (ms / (rounds * total)).toFixed(2);
      lines.push(`    CPU of this process per request (the load's included): floor ${perRequest(cpu.floor)} ms, API ${perRequest(cpu.api)} ms`);
      const ratio = apiRun.perSecond / floorRun.perSecond;
      if (clients === 1) lines.push(...figure(`${list.name} list p50 at 1 client, API/floor`, apiRun.p50 / floorRun.p50, '×', { atMost: 1.5 }));
      else if (busy) lines.push(...figure(`${list.name} list at 50 clients, busy machine, API/floor throughput`, ratio, '×', { atLeast: 0.6 }));
      else lines.push(...figure(`${list.name} list at 50 clients, API/floor throughput`, ratio, '×', { atLeast: 0.8 }));
    } finally {
      stop();
    }
  }
  return lines;
}
