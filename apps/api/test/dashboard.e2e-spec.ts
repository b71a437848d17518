import { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { Organization, provisionOrganization } from '@fabquote/database';
import { createTestDatabase, createTestUser, TestDatabase, testConfig, TestUser } from '@fabquote/testing';
import { startTestApi } from '../../test-support';
import { DASHBOARD_INTERVALS, DashboardInterval } from '../src/dashboard';

const ZONE = 'Europe/Berlin';
const STATUSES = ['ordered', 'offered', 'declined', 'draft', 'deferred'] as const;
const PRODUCT_STATUSES = ['ready', 'pending', 'creation_stopped', 'manually_created', 'generated_from_data_extractor'] as const;
const SECOND = 1000;

/** Each interval's edges as PostgreSQL computes them (date_trunc in the zone): an oracle apart from the API's own rule. */
async function oracle(db: DataSource, zone: string): Promise<Record<DashboardInterval, { from: number; to: number }>> {
  const [row] = await db.query(
    `WITH t AS (SELECT now() AT TIME ZONE $1 AS local)
     SELECT (date_trunc('day', local) + interval '1 day') AT TIME ZONE $1 AS "to",
            date_trunc('day', local) AT TIME ZONE $1 AS today,
            (date_trunc('day', local) - interval '29 days') AT TIME ZONE $1 AS "30d",
            (date_trunc('day', local) - interval '59 days') AT TIME ZONE $1 AS "60d",
            (date_trunc('day', local) - interval '364 days') AT TIME ZONE $1 AS "365d",
            date_trunc('month', local) AT TIME ZONE $1 AS mtd,
            date_trunc('quarter', local) AT TIME ZONE $1 AS qtd,
            date_trunc('year', local) AT TIME ZONE $1 AS ytd
       FROM t`,
    [zone],
  );
  return Object.fromEntries(DASHBOARD_INTERVALS.map((interval) => [interval, { from: row[interval].getTime(), to: row.to.getTime() }])) as never;
}

/** Writes rows as the organization, at chosen times (the API always writes now). */
async function asTenant(db: DataSource, organization: Organization, work: (sql: (text: string, params?: unknown[]) => Promise<Array<{ id: string }>>) => Promise<void>) {
  await db.transaction(async (manager) => {
    await manager.query(`SELECT set_config('app.organization_id', $1, true)`, [organization.id]);
    await work((text, params) => manager.query(text, params));
  });
}

interface Seeded {
  at: number;
  number: string;
  status: (typeof STATUSES)[number];
  productNumber: string;
  productStatus: (typeof PRODUCT_STATUSES)[number];
}

describe('dashboard: the widgets per interval, in the organization time zone', () => {
  let db: TestDatabase;
  let api: NestExpressApplication;
  let acme: Organization;
  let beta: Organization;
  let admin: TestUser;
  let german: TestUser;
  let viewer: TestUser;
  let purchaser: TestUser;
  let ordersOnly: TestUser;
  let betaAdmin: TestUser;
  let edges: Record<DashboardInterval, { from: number; to: number }>;
  let seeded: Seeded[];
  const http = () => request(api.getHttpServer());
  const dashboard = (user: TestUser, query = '') => http().get(`/api/v1/dashboard${query}`).set(user.headers);

  beforeAll(async () => {
    db = await createTestDatabase();
    acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    beta = await provisionOrganization(db.app, { slug: 'beta', name: 'Beta Laser AG', defaultLocale: 'de' });
    api = await startTestApi(testConfig(db));
    [admin, german, viewer, purchaser, ordersOnly, betaAdmin] = await Promise.all([
      createTestUser(api, acme, { roles: ['Administrator'] }),
      createTestUser(api, acme, { roles: ['Administrator'], language: 'de' }),
      createTestUser(api, acme, { roles: ['Viewer'] }),
      createTestUser(api, acme, { roles: ['Purchaser'] }),
      createTestUser(api, acme, { permissions: ['orders.view', 'products.view'] }),
      createTestUser(api, beta, { roles: ['Administrator'] }),
    ]);
    await http().post('/api/v1/settings').set(admin.headers).send({ slug: 'time-zone', value: ZONE }).expect(201);
    edges = await oracle(db.app, ZONE);

    // An order and a product at every interval's first instant, the second before it, the last second
    // of today and the first of tomorrow (outside every interval); statuses in turn.
    const instants = new Set<number>();
    for (const { from, to } of Object.values(edges)) for (const at of [from, from - SECOND, to - SECOND, to]) instants.add(at);
    seeded = [...instants].sort((a, b) => a - b).map((at, index) => ({
      at,
      number: `OR-T-${String(index).padStart(3, '0')}`,
      status: STATUSES[index % STATUSES.length],
      productNumber: `P-T-${String(index).padStart(3, '0')}`,
      productStatus: PRODUCT_STATUSES[index % PRODUCT_STATUSES.length],
    }));
    await asTenant(db.app, acme, async (sql) => {
      for (const row of seeded) {
        const at = new Date(row.at);
        const [product] = await sql(`INSERT INTO products (name, number, status, created_at) VALUES ($1, $1, $2, $3) RETURNING id`, [row.productNumber, row.productStatus, at]);
        const [order] = await sql(
          `INSERT INTO orders (number, name, status, currency, vat_rate, status_changed_at, created_at) VALUES ($1, $1, $2, 'EUR', 19, $3, $3) RETURNING id`,
          [row.number, row.status, at],
        );
        // 2 × 10.005 = 20.01 (a half cent rounded up), VAT 19 % 3.8019 → 3.80: total 23.81.
        await sql(`INSERT INTO order_items (order_id, product_id, quantity, unit_price, price_source, unit_price_reason) VALUES ($1, $2, 2, 10.005, 'manual', 'seed')`, [order.id, product.id]);
        await sql(`INSERT INTO order_status_changes (order_id, from_status, to_status, changed_at) VALUES ($1, NULL, 'draft', $2)`, [order.id, at]);
        if (row.status !== 'draft') await sql(`INSERT INTO order_status_changes (order_id, from_status, to_status, changed_at) VALUES ($1, 'draft', 'offered', $2)`, [order.id, at]);
      }
      // Made two years ago, offered today and ordered a second later, in francs: in every interval's
      // conversion and volume, in no interval's number of orders.
      const [product] = await sql(`INSERT INTO products (name, number, created_at) VALUES ('Old', 'P-OLD', now() - interval '2 years') RETURNING id`);
      const today = new Date(edges.today.from);
      const [order] = await sql(
        `INSERT INTO orders (number, name, status, currency, vat_rate, commission_percent, status_changed_at, created_at)
         VALUES ('OR-OLD', 'Old', 'ordered', 'CHF', 19, 2.5, $1, now() - interval '2 years') RETURNING id`,
        [new Date(today.getTime() + SECOND)],
      );
      // 3 × 33.33 = 99.99, commission 2.5 % 2.49975 → 2.50, subtotal 102.49, VAT 19.4731 → 19.47, total 121.96.
      await sql(`INSERT INTO order_items (order_id, product_id, quantity, unit_price, price_source, unit_price_reason) VALUES ($1, $2, 3, 33.33, 'manual', 'seed')`, [order.id, product.id]);
      await sql(`INSERT INTO order_status_changes (order_id, from_status, to_status, changed_at) VALUES ($1, 'draft', 'offered', $2)`, [order.id, today]);
    });
    await asTenant(db.app, beta, async (sql) => {
      await sql(`INSERT INTO orders (number, name, status, currency, status_changed_at) VALUES ('OR-B-1', 'Beta', 'ordered', 'EUR', now())`);
    });
  });

  afterAll(async () => {
    await api?.close();
    await db?.drop();
  });

  it.each([...DASHBOARD_INTERVALS])('%s: counts exactly what lies in [from, to) of the local days', async (interval) => {
    const { from, to } = edges[interval];
    const inside = seeded.filter((row) => row.at >= from && row.at < to);
    const answer = (await dashboard(viewer, `?interval=${interval}`).expect(200)).body;
    const ordered = inside.filter((row) => row.status === 'ordered').length;
    const offered = inside.filter((row) => row.status !== 'draft').length;

    expect(answer).toMatchObject({ interval, timeZone: ZONE, from: new Date(from).toISOString(), to: new Date(to).toISOString() });
    expect(answer.ordersByStatus).toEqual(['draft', 'offered', 'ordered', 'deferred', 'declined'].map((status) => ({ status, count: inside.filter((row) => row.status === status).length })));
    expect(answer.numberOfOrders).toBe(inside.length);
    expect(answer.conversion).toEqual({ offered: offered + 1, ordered: ordered + 1, rate: Math.round(((ordered + 1) * 1000) / (offered + 1)) / 1000 });
    const eur = ordered ? [{ currency: 'EUR', orders: ordered, valueOfGoods: (ordered * 2001) / 100, subtotal: (ordered * 2001) / 100, totalWithVat: (ordered * 2381) / 100 }] : [];
    expect([...answer.orderVolume].sort((a: { currency: string }, b: { currency: string }) => a.currency.localeCompare(b.currency))).toEqual([
      { currency: 'CHF', orders: 1, valueOfGoods: 99.99, subtotal: 102.49, totalWithVat: 121.96 },
      ...eur,
    ]);
    expect(answer.productsByStatus).toEqual(PRODUCT_STATUSES.map((status) => ({ status, count: inside.filter((row) => row.productStatus === status).length })));
    expect(answer.numberOfProducts).toBe(inside.length);
    const newest = [...inside].reverse().slice(0, 5);
    expect(answer.recentOrders.map((order: { number: string }) => order.number)).toEqual(newest.map((row) => row.number));
    expect(answer.recentProducts.map((product: { number: string }) => product.number)).toEqual(newest.map((row) => row.productNumber));
    if (newest.length) {
      expect(answer.recentOrders[0]).toEqual({
        id: expect.any(String), number: newest[0].number, name: newest[0].number, status: newest[0].status, customerName: null,
        currency: 'EUR', valueOfGoods: 20.01, totalWithVat: 23.81, createdAt: new Date(newest[0].at).toISOString(),
      });
    }
    // The second before the interval and the start of tomorrow are never counted.
    expect(inside.some((row) => row.at === from - SECOND || row.at === to)).toBe(false);
    expect(seeded.some((row) => row.at === from - SECOND)).toBe(true);
  });

  it('shows the last 30 days without an interval, and another organization only its own, in UTC without a setting', async () => {
    const plain = (await dashboard(purchaser).expect(200)).body;
    expect(plain).toEqual((await dashboard(purchaser, '?interval=30d').expect(200)).body);
    const theirs = (await dashboard(betaAdmin, '?interval=today').expect(200)).body;
    expect(theirs).toMatchObject({ timeZone: 'UTC', numberOfOrders: 1, numberOfProducts: 0, conversion: { offered: 0, ordered: 0, rate: null }, recentProducts: [] });
    expect(theirs.from).toBe(`${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`);
    expect(theirs.orderVolume).toEqual([{ currency: 'EUR', orders: 1, valueOfGoods: 0, subtotal: 0, totalWithVat: 0 }]);
    expect(theirs.recentOrders.map((order: { number: string }) => order.number)).toEqual(['OR-B-1']);
  });

  it('conversion: 7 of 13 offered is 0.538 (53.8 %), from the counts and rounded once', async () => {
    const gamma = await provisionOrganization(db.app, { slug: 'gamma', name: 'Gamma Stanz GmbH' });
    const gammaAdmin = await createTestUser(api, gamma, { roles: ['Administrator'] });
    await asTenant(db.app, gamma, async (sql) => {
      for (let index = 0; index < 13; index += 1) {
        const [order] = await sql(`INSERT INTO orders (number, name, status, currency, status_changed_at) VALUES ($1, $1, $2, 'EUR', now()) RETURNING id`, [
          `OR-G-${index}`,
          index < 7 ? 'ordered' : 'offered',
        ]);
        await sql(`INSERT INTO order_status_changes (order_id, from_status, to_status, changed_at) VALUES ($1, 'draft', 'offered', now())`, [order.id]);
      }
    });
    const answer = (await dashboard(gammaAdmin, '?interval=today').expect(200)).body;
    // 7 / 13 = 0.53846…: 53.8 %. Rounded to 0.5385 first, the console's one decimal made it 53.9 %.
    expect(answer.conversion).toEqual({ offered: 13, ordered: 7, rate: 0.538 });
  });

  it('needs dashboard.view', async () => {
    const refused = (await dashboard(ordersOnly).expect(403)).body;
    expect(refused.message).toEqual(expect.any(String));
    await http().get('/api/v1/dashboard').set('X-Organization', 'acme').expect(401);
  });

  it('refuses any other interval with a 422 naming the choices, in the reader\'s language', async () => {
    const hostile = ['', '7d', '30D', '30d%20', '%2030d', 'x'.repeat(5000), '__proto__', 'toString', 'constructor', "30d'%20OR%201=1--", '-1', '1e3'];
    for (const value of hostile) {
      const answer = (await dashboard(admin, `?interval=${value}`).expect(422)).body;
      expect(answer.errors).toEqual({ interval: 'Choose an interval of 30d, 60d, 365d, today, mtd, qtd or ytd' });
    }
    for (const query of ['?interval=30d&interval=60d', '?interval[]=30d', '?interval[a]=30d', '?interval[__proto__]=x']) {
      expect((await dashboard(admin, query).expect(422)).body.errors.interval).toBeDefined();
    }
    // A null character is refused before any area sees it, as everywhere.
    expect((await dashboard(admin, '?interval=30d%00').expect(422)).body.errors.interval).toMatch(/null character/);
    expect((await dashboard(german, '?interval=week').expect(422)).body.errors.interval).toBe('Wählen Sie einen Zeitraum aus 30d, 60d, 365d, today, mtd, qtd oder ytd');
  });

  it('counts in the zone the setting names, which is checked when it is written', async () => {
    const [setting] = (await http().get('/api/v1/settings?slug=time-zone').set(admin.headers).expect(200)).body;
    await http().put(`/api/v1/settings/${setting.id}`).set(admin.headers).send({ value: 'Mars/Olympus_Mons' }).expect(422);
    await http().put(`/api/v1/settings/${setting.id}`).set(admin.headers).send({ value: 'America/New_York' }).expect(200);
    const [newYork] = await oracle(db.app, 'America/New_York').then((edgesThere) => [edgesThere.today]);
    const answer = (await dashboard(admin, '?interval=today').expect(200)).body;
    expect(answer).toMatchObject({ timeZone: 'America/New_York', from: new Date(newYork.from).toISOString(), to: new Date(newYork.to).toISOString() });
    await http().put(`/api/v1/settings/${setting.id}`).set(admin.headers).send({ value: ZONE }).expect(200);
  });
});
