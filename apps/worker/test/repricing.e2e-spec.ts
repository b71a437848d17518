import { INestApplicationContext } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { calculateProducts } from '@fabquote/calculations';
import { Organization, provisionOrganization, TenantTransactions } from '@fabquote/database';
import { createTestDatabase, createTestUser, eventually, onServer, TestDatabase, testConfig, TestUser } from '@fabquote/testing';
import { startTestApi, startTestWorker } from '../../test-support';

describe('repricing through the pricing queue', () => {
  let db: TestDatabase;
  let api: NestExpressApplication;
  let worker: INestApplicationContext;
  let admin: TestUser;
  let acme: Organization;
  const http = () => request(api.getHttpServer());
  const created = async (resource: string, body: object) => (await http().post(`/api/v1/${resource}`).set(admin.headers).send(body).expect(201)).body;
  const calculationsOf = async (productId: string) =>
    (await http().get(`/api/v1/calculations?productId=${productId}&_sort=index&_order=ASC`).set(admin.headers).expect(200)).body;

  beforeAll(async () => {
    db = await createTestDatabase();
    acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    const config = testConfig(db);
    [api, worker] = await Promise.all([startTestApi(config), startTestWorker(config)]);
    admin = await createTestUser(api, acme, { roles: ['Administrator'] });
  });

  afterAll(async () => {
    await Promise.all([api?.close(), worker?.close()]);
    await db?.drop();
  });

  it('stores a new calculation with the reason when a material price changes, for the product and the assembly above it', async () => {
    const steel = await created('materials', { name: 'S235 2mm', number: 'S235-2', density: 7.85, pricePerUnit: 1, priceUnit: 'kg' });
    const panel = await created('products', { name: 'Panel', number: 'P-1', materialId: steel.id, thickness: 2, blankWidth: 500, blankLength: 500 });
    await created('product-materials', { productId: panel.id, materialId: steel.id });
    const cabinet = await created('products', { name: 'Cabinet', number: 'C-1', type: 'assembly' });
    await created('product-parts', { productId: cabinet.id, subProductId: panel.id, quantity: 2 });
    const untouched = await created('products', { name: 'Not calculated', number: 'N-1', materialId: steel.id, thickness: 2, blankWidth: 10, blankLength: 10 });
    await http().post(`/api/v1/products/${panel.id}/calculations`).set(admin.headers).expect(201);
    await http().post(`/api/v1/products/${cabinet.id}/calculations`).set(admin.headers).expect(201);
    const [before] = await calculationsOf(panel.id);

    await created('material-prices', { materialId: steel.id, price: 1.5, validFrom: '2020-01-01' });

    const panelCalculations = await eventually(async () => {
      const rows = await calculationsOf(panel.id);
      return rows.length === 2 && rows;
    }, 20_000, 'the repriced panel');
    expect(panelCalculations[1]).toMatchObject({ index: 2, reason: 'Repriced: a material price changed' });
    expect(Number(panelCalculations[1].tiers[0].material)).toBeGreaterThan(Number(before.tiers[0].material));
    expect(panelCalculations[0]).toEqual(before);
    await eventually(async () => (await calculationsOf(cabinet.id)).length === 2, 20_000, 'the repriced cabinet');
    expect(await calculationsOf(untouched.id)).toEqual([]);
  });

  it('stores nothing new for a product whose latest calculation already has the change', async () => {
    const steel = await created('materials', { name: 'S235 3mm', number: 'S235-3', density: 7.85, pricePerUnit: 1, priceUnit: 'kg' });
    const plate = await created('products', { name: 'Plate', number: 'PL-1', materialId: steel.id, thickness: 3, blankWidth: 100, blankLength: 100 });
    await created('product-materials', { productId: plate.id, materialId: steel.id });
    // The new line's repricing reaches the queue after this click, which already priced the line.
    await created('product-operations', { productId: plate.id, sorting: 10, timePerUnit: 1, hourlyRate: 60 });
    await http().post(`/api/v1/products/${plate.id}/calculations`).set(admin.headers).expect(201);
    const reprice = (onlyIfChanged: boolean) =>
      new TenantTransactions(db.app).run(acme.id, (manager) => calculateProducts(manager, [plate.id], { key: 'reprice_reason', params: { what: { key: 'what_material' } } }, { onlyIfChanged }));

    const owner = (sql: string, parameters: unknown[] = []) => onServer((client) => client.query(sql, parameters), db.url).then((result) => result.rows);
    const unhandled = async () =>
      (await owner(`SELECT count(*)::int AS count FROM outbox_events e WHERE NOT EXISTS (SELECT 1 FROM handled_jobs h WHERE h.job_id = e.id::text)`))[0].count;
    // The new line's event handled first: on a busy machine it could otherwise reach the queue after the
    // price change below and store that change itself, leaving nothing new for this test's run.
    await eventually(async () => (await unhandled()) === 0, 20_000, 'the new line\'s event handled');
    expect(await reprice(true)).toMatchObject({ calculated: [], unchanged: [plate.id] });
    // Another day, the same inputs and prices: still nothing new.
    await owner(`UPDATE calculations SET inputs = jsonb_set(inputs, '{date}', '"2026-01-01"') WHERE product_id = $1`, [plate.id]);
    expect((await reprice(true)).calculated).toEqual([]);
    // A price changed (here without an event, so the queue does not race this test): a new calculation.
    await owner(`UPDATE materials SET price_per_unit = 1.2 WHERE id = $1`, [steel.id]);
    const changed = await reprice(true);
    expect(changed).toMatchObject({ calculated: [expect.objectContaining({ productId: plate.id })], unchanged: [] });
    // "Calculate" always stores one.
    expect((await reprice(false)).calculated).toHaveLength(1);
    // The same change sent twice and handled at the same moment: the second waits for the first and
    // stores nothing. Someone else holds the product while both start, so both surely overlap.
    await owner(`UPDATE materials SET price_per_unit = 1.3 WHERE id = $1`, [steel.id]);
    const twice = await onServer(async (holder) => {
      await holder.query('BEGIN');
      await holder.query(`SELECT 1 FROM products WHERE id = $1 FOR UPDATE`, [plate.id]);
      const both = Promise.all([reprice(true), reprice(true)]);
      // Asked on a connection of its own: inside the holder's transaction the activity view stays as first read.
      const waiting = async () =>
        (await owner(`SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`))[0].count;
      await eventually(async () => (await waiting()) === 2, 20_000, 'both runs waiting for the product');
      await holder.query('COMMIT');
      return both;
    }, db.url);
    expect(twice.flatMap((run) => run.calculated)).toHaveLength(1);
    expect(twice.flatMap((run) => run.unchanged)).toEqual([plate.id]);
    // Once the queue has handled every event (the new line's too), it has added nothing: #1 clicked, #2 to #4 above.
    await eventually(async () => (await unhandled()) === 0, 20_000, 'every event handled');
    const indexes = async () => (await calculationsOf(plate.id)).map((calculation: { index: number }) => calculation.index);
    expect(await indexes()).toEqual([1, 2, 3, 4]);
  });

  it('reprices a what-if at its own quantities after the standard calculation, and stores nothing when an overruled price changes no figure', async () => {
    const owner = (sql: string, parameters: unknown[] = []) => onServer((client) => client.query(sql, parameters), db.url).then((result) => result.rows);
    const unhandled = async () =>
      (await owner(`SELECT count(*)::int AS count FROM outbox_events e WHERE NOT EXISTS (SELECT 1 FROM handled_jobs h WHERE h.job_id = e.id::text)`))[0].count;
    const steel = await created('materials', { name: 'S235 4mm', number: 'S235-4', density: 7.85, pricePerUnit: 1, priceUnit: 'kg' });
    const bracket = await created('products', { name: 'Bracket', number: 'BR-WI', materialId: steel.id, thickness: 4, blankWidth: 200, blankLength: 300 });
    await created('product-materials', { productId: bracket.id, materialId: steel.id });
    await created('product-operations', { productId: bracket.id, sorting: 10, timePerUnit: 0.05, hourlyRate: 60, programTime: 1, programRate: 60 });
    const standard = (await http().post(`/api/v1/products/${bracket.id}/calculations`).set(admin.headers).expect(201)).body;
    // The user's "Quantities…": the latest calculation, a what-if.
    const whatIf = (await http().post(`/api/v1/products/${bracket.id}/calculations`).set(admin.headers).send({ quantities: [7, 49, 1200] }).expect(201)).body;
    expect(whatIf).toMatchObject({ whatIf: true, quantities: [7, 49, 1200] });
    await eventually(async () => (await unhandled()) === 0, 20_000, 'the new lines\' events handled');
    expect(await calculationsOf(bracket.id)).toHaveLength(2);

    // A late repricing: the standard tiers stay current for orders, and the what-if stays the latest, at 7, 49 and 1200.
    await created('material-prices', { materialId: steel.id, price: 1.5, validFrom: '2020-01-01' });
    const repriced = await eventually(async () => {
      const rows = await calculationsOf(bracket.id);
      return rows.length === 4 && rows;
    }, 20_000, 'the repriced bracket');
    expect(repriced[2]).toMatchObject({ index: 3, whatIf: false, quantities: standard.quantities, reason: 'Repriced: a material price changed' });
    expect(repriced[3]).toMatchObject({ index: 4, whatIf: true, quantities: [7, 49, 1200], reason: 'Repriced: a material price changed' });
    expect(Number(repriced[3].tiers[0].material)).toBeGreaterThan(Number(whatIf.tiers[0].material));
    const product = (await http().get(`/api/v1/products/${bracket.id}`).set(admin.headers).expect(200)).body;
    expect(product).toMatchObject({ latestCalculationIndex: 4, priceStale: false });

    // The material's own dated price beats its price per unit: raising that changes no figure, so nothing new is stored.
    await http().put(`/api/v1/materials/${steel.id}`).set(admin.headers).send({ pricePerUnit: 3 }).expect(200);
    await eventually(async () => (await unhandled()) === 0, 20_000, 'the price change handled');
    expect(await calculationsOf(bracket.id)).toHaveLength(4);
    expect((await http().get(`/api/v1/products/${bracket.id}`).set(admin.headers).expect(200)).body.priceStale).toBe(false);
  });
});
