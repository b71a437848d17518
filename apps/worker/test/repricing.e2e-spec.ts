import { INestApplicationContext } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { provisionOrganization } from '@fabquote/database';
import { createTestDatabase, createTestUser, eventually, startTestApi, startTestWorker, TestDatabase, testConfig, TestUser } from '@fabquote/testing';

describe('repricing through the pricing queue', () => {
  let db: TestDatabase;
  let api: NestExpressApplication;
  let worker: INestApplicationContext;
  let admin: TestUser;
  const http = () => request(api.getHttpServer());
  const created = async (resource: string, body: object) => (await http().post(`/api/v1/${resource}`).set(admin.headers).send(body).expect(201)).body;
  const calculationsOf = async (productId: string) =>
    (await http().get(`/api/v1/calculations?productId=${productId}&_sort=index&_order=ASC`).set(admin.headers).expect(200)).body;

  beforeAll(async () => {
    db = await createTestDatabase();
    const acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
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
});
