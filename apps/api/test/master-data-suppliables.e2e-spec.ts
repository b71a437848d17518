import { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { Organization, provisionOrganization, TenantTransactions } from '@fabquote/database';
import { createTestDatabase, createTestUser, TestDatabase, testConfig, TestUser } from '@fabquote/testing';
import { startTestApi } from '../../test-support';
import { SuppliableBand, Suppliables } from '../src/master-data';

/**
 * `Suppliables`, master data's service for another area's writes (an award): bands are checked by the rule
 * master data's API uses. An award's own bands never overlap (`bandsOf`), so the check is driven here directly.
 */
describe('master data: suppliables written by another area', () => {
  let db: TestDatabase;
  let api: NestExpressApplication;
  let acme: Organization;
  let admin: TestUser;
  let supplierId: string;
  let partId: string;
  const http = () => request(api.getHttpServer());
  const inAcme = <T>(work: (suppliables: Suppliables) => Promise<T>) => api.get(TenantTransactions).run(acme.id, () => work(api.get(Suppliables)));
  const save = (bands: SuppliableBand[], cost = '2') =>
    inAcme((suppliables) => suppliables.save({ supplierId, kind: 'part', targetId: partId, cost, bands, numberPrefix: 'PR-1-' }));
  const suppliablesOfPart = async () => (await http().get(`/api/v1/suppliables?partId=${partId}`).set(admin.headers).expect(200)).body;
  const bandsOf = async (suppliableId: string) =>
    (await http().get(`/api/v1/suppliable-bulk-prices?suppliableId=${suppliableId}&_sort=minQuantity`).set(admin.headers).expect(200)).body.map(
      ({ minQuantity, maxQuantity, unitPrice }: Record<string, unknown>) => ({ minQuantity, maxQuantity, unitPrice }),
    );

  beforeAll(async () => {
    db = await createTestDatabase();
    acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    api = await startTestApi(testConfig(db));
    admin = await createTestUser(api, acme, { roles: ['Administrator'] });
    supplierId = (await http().post('/api/v1/suppliers').set(admin.headers).send({ name: 'Stahlhandel Nord', email: 'sales@stahl-nord.example' }).expect(201)).body.id;
    partId = (await http().post('/api/v1/parts').set(admin.headers).send({ name: 'Press nut M6', number: 'PN-M6', unit: 'piece' }).expect(201)).body.id;
  });

  afterAll(async () => {
    await api?.close();
    await db?.drop();
  });

  it('refuses overlapping bands with master data’s band rule, writing nothing', async () => {
    const overlapping = save([
      { minQuantity: '1', maxQuantity: '10', unitPrice: '2' },
      { minQuantity: '5', maxQuantity: null, unitPrice: '1' },
    ]);
    await expect(overlapping).rejects.toMatchObject({ status: 422, messageKey: 'bulk_price_overlap', fieldErrors: { minQuantity: { key: 'bulk_price_overlap', params: { min: 1, max: 10 } } } });
    await expect(save([{ minQuantity: '10', maxQuantity: '5', unitPrice: '2' }])).rejects.toMatchObject({ messageKey: 'max_below_min' });
    expect(await suppliablesOfPart()).toEqual([]);
  });

  it('creates the supplier’s suppliable numbered under the prefix, then replaces its cost and bands', async () => {
    const id = await save([
      { minQuantity: '1', maxQuantity: '9.9999', unitPrice: '2' },
      { minQuantity: '10', maxQuantity: null, unitPrice: '1.5' },
    ]);
    expect(await suppliablesOfPart()).toMatchObject([{ id, type: 'part', number: 'PR-1-1', supplierId, partId, cost: 2, active: true }]);
    expect(await bandsOf(id)).toEqual([
      { minQuantity: 1, maxQuantity: 9.9999, unitPrice: 2 },
      { minQuantity: 10, maxQuantity: null, unitPrice: 1.5 },
    ]);

    await inAcme((suppliables) => suppliables.switchOff(id));
    // The old bands go before the new ones are checked: a band that overlaps only an old one is no overlap.
    expect(await save([{ minQuantity: '5', maxQuantity: null, unitPrice: '1.2' }], '1.2')).toBe(id);
    expect(await suppliablesOfPart()).toMatchObject([{ id, number: 'PR-1-1', cost: 1.2, active: true }]);
    expect(await bandsOf(id)).toEqual([{ minQuantity: 5, maxQuantity: null, unitPrice: 1.2 }]);
    expect(await inAcme((suppliables) => suppliables.find(id))).toEqual({ id, kind: 'part', targetId: partId });
  });
});
