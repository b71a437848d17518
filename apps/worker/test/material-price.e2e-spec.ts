import { INestApplicationContext } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { Organization, provisionOrganization } from '@fabquote/database';
import { createTestDatabase, createTestUser, eventually, onServer, TestDatabase, testConfig, TestUser } from '@fabquote/testing';
import { startTestApi, startTestWorker } from '../../test-support';

/** Which price the engine takes for a material, and a change the engine overrules storing nothing. */
describe("a material's price in effect", () => {
  let db: TestDatabase;
  let api: NestExpressApplication;
  let worker: INestApplicationContext;
  let admin: TestUser;
  let german: TestUser;
  let acme: Organization;
  let groupId: string;
  const http = () => request(api.getHttpServer());
  const created = async (resource: string, body: object) => (await http().post(`/api/v1/${resource}`).set(admin.headers).send(body).expect(201)).body;
  const inEffect = async (materialId: string, user = admin) => (await http().get(`/api/v1/materials/${materialId}/price-in-effect`).set(user.headers).expect(200)).body;
  const calculationsOf = async (productId: string) =>
    (await http().get(`/api/v1/calculations?productId=${productId}&_sort=index&_order=ASC`).set(admin.headers).expect(200)).body;
  const owner = (sql: string, parameters: unknown[] = []) => onServer((client) => client.query(sql, parameters), db.url).then((result) => result.rows);
  /** Outbox events the worker has not handled yet (the handled-jobs ledger): zero once a change's repricing has run to its end. */
  const unhandled = async () =>
    (await owner(`SELECT count(*)::int AS count FROM outbox_events e WHERE NOT EXISTS (SELECT 1 FROM handled_jobs h WHERE h.job_id = e.id::text)`))[0].count;

  beforeAll(async () => {
    db = await createTestDatabase();
    acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    const config = testConfig(db);
    [api, worker] = await Promise.all([startTestApi(config), startTestWorker(config)]);
    [admin, german] = await Promise.all([
      createTestUser(api, acme, { roles: ['Administrator'] }),
      createTestUser(api, acme, { roles: ['Administrator'], language: 'de' }),
    ]);
    groupId = (await created('groups', { name: 'S235' })).id;
    // The group's list: 1.85 per kg from 1 to 3 mm, and one not valid yet.
    await created('group-prices', { groupId, price: 1.85, minThickness: 1, maxThickness: 3, validFrom: '2020-01-01' });
    await created('group-prices', { groupId, price: 9.99, minThickness: 1, maxThickness: 3, validFrom: '2999-01-01' });
  });

  afterAll(async () => {
    await Promise.all([api?.close(), worker?.close()]);
    await db?.drop();
  });

  it("says which price applies today and why: the group's list at its thickness, its own dated price, its price per unit, none", async () => {
    const material = (body: object) => created('materials', { density: 7.85, priceUnit: 'kg', pricePerUnit: 1.2, ...body });
    const listed = await material({ name: 'S235 2 mm', number: 'S235-2', groupId, height: 2 });
    expect(await inEffect(listed.id)).toMatchObject({
      source: 'group_list',
      unitPrice: '1.85',
      currency: 'EUR',
      priceUnit: 'kg',
      validFrom: '2020-01-01',
      groupId,
      groupName: 'S235',
      thickness: '2',
      pricePerUnitUsed: false,
      groupList: [{ price: '1.85', validFrom: '2020-01-01', thicknessFrom: '1', thicknessTo: '3', minQuantity: null, maxQuantity: null }],
      reason: "The price list of group S235 applies at 2 mm: it takes precedence over the material's price per unit",
    });
    expect((await inEffect(listed.id, german)).reason).toBe('Die Preisliste der Gruppe S235 gilt bei 2 mm: sie hat Vorrang vor dem Preis je Einheit des Materials');

    const dated = await material({ name: 'S235 2.5 mm', number: 'S235-2.5', groupId, height: 2.5 });
    await created('material-prices', { materialId: dated.id, price: 1.15, validFrom: '2020-06-01' });
    expect(await inEffect(dated.id)).toMatchObject({ source: 'own', unitPrice: '1.15', validFrom: '2020-06-01', thickness: '2.5', pricePerUnitUsed: false });
    expect((await inEffect(dated.id, german)).reason).toMatch(/^Der eigene datierte Preis des Materials gilt/);

    const thick = await material({ name: 'S235 8 mm', number: 'S235-8', groupId, height: 8 });
    expect(await inEffect(thick.id)).toMatchObject({ source: 'price_per_unit', unitPrice: '1.2', validFrom: null, thickness: '8', pricePerUnitUsed: true });
    // Without a thickness, its price per unit applies only to products without one: the reason says how to find out.
    const unknownThickness = await material({ name: 'S235 any', number: 'S235-X', groupId });
    expect(await inEffect(unknownThickness.id)).toMatchObject({ source: 'price_per_unit', thickness: null, pricePerUnitUsed: true });
    expect((await inEffect(unknownThickness.id)).reason).toMatch(/where the price list of group S235 covers a product's thickness, the list applies/);
    const plain = await material({ name: 'Sheet without group', number: 'NG-1' });
    expect(await inEffect(plain.id)).toMatchObject({ source: 'price_per_unit', groupId: null, groupList: [], thickness: null });

    const free = await material({ name: 'Offcut', number: 'OC-1', pricePerUnit: 0 });
    expect(await inEffect(free.id)).toMatchObject({ source: 'none', unitPrice: '0', pricePerUnitUsed: true });

    await http().get(`/api/v1/materials/00000000-0000-4000-8000-000000000000/price-in-effect`).set(admin.headers).expect(404);
    await http().get(`/api/v1/materials/not-a-uuid/price-in-effect`).set(admin.headers).expect(404);
    await http().get(`/api/v1/materials/${listed.id}/price-in-effect`).set('X-Organization', 'acme').expect(401);
    // Another organization's material is no material at all.
    const globex = await provisionOrganization(db.app, { slug: 'globex', name: 'Globex Metall AG' });
    const stranger = await createTestUser(api, globex, { roles: ['Administrator'] });
    await http().get(`/api/v1/materials/${listed.id}/price-in-effect`).set(stranger.headers).expect(404);
  });

  it('a material price change overruled by a group list stores no new figures; where the price per unit is in effect it reprices', async () => {
    const steel = await created('materials', { name: 'S235 sheet', number: 'S235-S', groupId, height: 2, density: 7.85, priceUnit: 'kg', pricePerUnit: 1 });
    const product = (number: string, thickness: number) =>
      created('products', { name: `Bracket ${thickness} mm`, number, materialId: steel.id, thickness, blankWidth: 200, blankLength: 300 });
    // At 2 mm the group's list applies; at 5 mm it has no price, so the material's price per unit does.
    const [listed, outside] = [await product('BR-2', 2), await product('BR-5', 5)];
    for (const { id } of [listed, outside]) {
      await created('product-materials', { productId: id, materialId: steel.id });
      await http().post(`/api/v1/products/${id}/calculations`).set(admin.headers).expect(201);
    }
    await eventually(async () => (await unhandled()) === 0, 20_000, 'the new lines\' events handled');
    const [listedBefore] = await calculationsOf(listed.id);
    const [outsideBefore] = await calculationsOf(outside.id);
    expect(await calculationsOf(listed.id)).toHaveLength(1);
    expect(await calculationsOf(outside.id)).toHaveLength(1);

    await http().put(`/api/v1/materials/${steel.id}`).set(admin.headers).send({ pricePerUnit: 3 }).expect(200);
    expect(await inEffect(steel.id)).toMatchObject({ source: 'group_list', unitPrice: '1.85', pricePerUnitUsed: false });
    // Every event the change caused handled: the repricing and the calculations it sent.
    await eventually(async () => (await unhandled()) === 0, 20_000, 'the price change handled');

    // Overruled at 2 mm: the same figures, so nothing new is stored and the price is current.
    expect(await calculationsOf(listed.id)).toEqual([listedBefore]);
    expect((await http().get(`/api/v1/products/${listed.id}`).set(admin.headers).expect(200)).body).toMatchObject({ latestCalculationIndex: 1, priceStale: false });
    // In effect at 5 mm: repriced, the material higher.
    const outsideAfter = await calculationsOf(outside.id);
    expect(outsideAfter).toHaveLength(2);
    expect(outsideAfter[1]).toMatchObject({ index: 2, reason: 'Repriced: a material price changed' });
    expect(Number(outsideAfter[1].tiers[0].material)).toBeGreaterThan(Number(outsideBefore.tiers[0].material));
  });
});
