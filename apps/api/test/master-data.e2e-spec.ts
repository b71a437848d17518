import { NestExpressApplication } from '@nestjs/platform-express';
import { AddressInfo } from 'node:net';
import jsonServerProvider from 'ra-data-json-server';
import { fetchUtils } from 'ra-core';
import request from 'supertest';
import { Organization, provisionOrganization } from '@fabquote/database';
import { createTestDatabase, createTestUser, TestDatabase, testConfig, TestUser } from '@fabquote/testing';
import { startTestApi } from '../../test-support';

describe('master data', () => {
  let db: TestDatabase;
  let api: NestExpressApplication;
  let acme: Organization;
  let beta: Organization;
  let admin: TestUser;
  let german: TestUser;
  let betaAdmin: TestUser;
  const http = () => request(api.getHttpServer());
  const post = (resource: string, body: object, user = admin) => http().post(`/api/v1/${resource}`).set(user.headers).send(body);
  const created = async (resource: string, body: object, user = admin) => (await post(resource, body, user).expect(201)).body;

  beforeAll(async () => {
    db = await createTestDatabase();
    acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    beta = await provisionOrganization(db.app, { slug: 'beta', name: 'Beta Laser AG' });
    api = await startTestApi(testConfig(db));
    admin = await createTestUser(api, acme, { roles: ['Administrator'] });
    german = await createTestUser(api, acme, { roles: ['Administrator'], language: 'de' });
    betaAdmin = await createTestUser(api, beta, { roles: ['Administrator'] });
  });

  afterAll(async () => {
    await api?.close();
    await db?.drop();
  });

  describe.each([
    ['assets', { name: 'Laser TruLaser 3030', fabNumber: 'M-01', quickSelect: true, calculateByTime: true }, { name: 'Laser 3030 fiber' }],
    ['operations', { name: 'Laser cutting', fabNumber: 'OP-10', quickSelectProductPage: true, quickSelectDefault: false }, { quickSelectDefault: true }],
    ['customers', { name: 'Müller Maschinenbau', accountNumber: 'K-1001', city: 'Stuttgart', country: 'DE' }, { billingName: 'Müller GmbH' }],
    ['suppliers', { name: 'Stahlhandel Nord', email: 'sales@stahl-nord.example', language: 'de', status: 'active' }, { status: 'inactive' }],
    ['factors', { name: 'Energy surcharge', value: 1.05, scope: 'labor', validFrom: '2026-01-01', validUntil: '2026-12-31' }, { value: 1.07 }],
    ['groups', { name: 'S235 steel', description: 'Structural steel' }, { description: 'Structural steel, hot rolled' }],
    ['materials', { name: 'S235 2mm', number: 'MAT-S235-2', height: 2, width: 1250, length: 2500, pricePerUnit: 1.2, priceUnit: 'kg', density: 7.85 }, { pricePerUnit: 1.25 }],
    ['parts', { name: 'Press nut M6', number: 'PN-M6', unit: 'piece', ownCost: 0.12 }, { ownCost: 0.11 }],
  ])('%s', (resource, body, change) => {
    it('creates, reads, lists, updates and deletes', async () => {
      const record = await created(resource, body);
      expect(record).toMatchObject({ ...body, id: expect.any(String), createdAt: expect.any(String) });
      await http().get(`/api/v1/${resource}/${record.id}`).set(admin.headers).expect(200);
      const list = await http().get(`/api/v1/${resource}?_start=0&_end=10`).set(admin.headers).expect(200);
      expect(list.headers['x-total-count']).toBeDefined();
      expect(list.body.map((row: { id: string }) => row.id)).toContain(record.id);
      const updated = await http().put(`/api/v1/${resource}/${record.id}`).set(admin.headers).send({ ...record, ...change }).expect(200);
      expect(updated.body).toMatchObject(change);
      await http().delete(`/api/v1/${resource}/${record.id}`).set(admin.headers).expect(200);
      await http().get(`/api/v1/${resource}/${record.id}`).set(admin.headers).expect(404);
    });

    it('refuses without permission (403) and never shows or touches another organization’s rows', async () => {
      const viewer = await createTestUser(api, acme, { permissions: [] });
      await http().get(`/api/v1/${resource}`).set(viewer.headers).expect(403, { message: 'You are not allowed to perform this action' });
      await post(resource, body, viewer).expect(403);
      const theirs = await created(resource, { ...body, ...('number' in body ? { number: `${body.number}-beta` } : {}) }, betaAdmin);
      const ours = await http().get(`/api/v1/${resource}?_end=1000`).set(admin.headers).expect(200);
      expect(ours.body.map((row: { id: string }) => row.id)).not.toContain(theirs.id);
      await http().get(`/api/v1/${resource}/${theirs.id}`).set(admin.headers).expect(404);
      await http().put(`/api/v1/${resource}/${theirs.id}`).set(admin.headers).send(change).expect(404);
      await http().delete(`/api/v1/${resource}/${theirs.id}`).set(admin.headers).expect(404);
      await http().get(`/api/v1/${resource}/${theirs.id}`).set(betaAdmin.headers).expect(200);
    });
  });

  describe('validation, with the exact bodies', () => {
    it('requires fields and limits texts to 255 characters, in English and German', async () => {
      const english = await post('assets', { fabNumber: 'x'.repeat(256) }).expect(422);
      expect(english.body).toEqual({
        message: 'The given data was invalid.',
        code: 'validation_failed',
        errors: { name: 'This field is required', fabNumber: 'Value can not be longer than 255 characters' },
      });
      const deutsch = await post('assets', { fabNumber: 'x'.repeat(256) }, german).expect(422);
      expect(deutsch.body.errors).toEqual({ name: 'Dieses Feld ist erforderlich', fabNumber: 'Der Wert darf nicht länger als 255 Zeichen sein' });
    });

    it('wants positive numbers for prices, costs, quantities and dimensions', async () => {
      const material = await post('materials', { name: 'Bad', number: 'BAD-1', height: 0, width: -5, pricePerUnit: 'cheap', density: -1 }).expect(422);
      expect(material.body.errors).toEqual({
        height: 'Value must be a positive number',
        width: 'Value must be a positive number',
        pricePerUnit: 'Value must be a positive number',
        density: 'Value must be a positive number',
      });
      const part = await post('parts', { name: 'Screw', number: 'S-1', ownCost: -0.01 }).expect(422);
      expect(part.body.errors).toEqual({ ownCost: 'Value must be a positive number' });
    });

    it('checks emails, choices and dates', async () => {
      const supplier = await post('suppliers', { name: 'X', email: 'not-an-email', language: 'fr', secondaryEmail: 'also@bad' }).expect(422);
      expect(supplier.body.errors).toEqual({ email: 'Invalid email format', language: 'Choose one of: en, de', secondaryEmail: 'Invalid email format' });
      const factor = await post('factors', { name: 'F', value: 1, validFrom: '2026-13-01' }).expect(422);
      expect(factor.body.errors).toEqual({ validFrom: 'Enter a date as YYYY-MM-DD' });
      const backwards = await post('factors', { name: 'F', value: 1, validFrom: '2026-06-01', validUntil: '2026-05-31' }).expect(422);
      expect(backwards.body.errors).toEqual({ validUntil: 'Valid until must be on or after valid from' });
      const made = await created('factors', { name: 'F', value: 1, validFrom: '2026-06-01' });
      const later = await http().put(`/api/v1/factors/${made.id}`).set(admin.headers).send({ validUntil: '2026-01-01' }).expect(422);
      expect(later.body.errors).toEqual({ validUntil: 'Valid until must be on or after valid from' });
    });

    it('keeps numbers unique per organization, as a 422 on the field', async () => {
      await created('parts', { name: 'Hinge', number: 'H-100' });
      const again = await post('parts', { name: 'Other hinge', number: 'H-100' }).expect(422);
      expect(again.body.errors).toEqual({ number: 'This number is already used' });
      await created('parts', { name: 'Hinge', number: 'H-100' }, betaAdmin);
      await created('customers', { name: 'A', accountNumber: 'K-7' });
      expect((await post('customers', { name: 'B', accountNumber: 'K-7' }).expect(422)).body.errors).toEqual({ accountNumber: 'This account number is already used' });
    });

    it('refuses references to rows that do not exist here, including another organization’s', async () => {
      const foreignGroup = await created('groups', { name: 'Theirs' }, betaAdmin);
      const response = await post('materials', { name: 'M', number: 'M-X', groupId: foreignGroup.id }).expect(422);
      expect(response.body.errors).toEqual({ groupId: 'The selected record does not exist' });
      expect((await post('materials', { name: 'M', number: 'M-Y', groupId: 'nope' }).expect(422)).body.errors).toEqual({ groupId: 'The selected record does not exist' });
    });
  });

  describe('children and rules', () => {
    it('keeps asset prices per quantity, readable by asset', async () => {
      const asset = await created('assets', { name: 'Press brake', calculateByTime: false });
      await created('asset-prices', { assetId: asset.id, quantity: 1, setupCost: 45, programCost: 20, price: 3.5 });
      await created('asset-prices', { assetId: asset.id, quantity: 100, setupCost: 45, programCost: 20, price: 2.1 });
      const again = await post('asset-prices', { assetId: asset.id, quantity: 100, price: 2 }).expect(422);
      expect(again.body.errors).toEqual({ quantity: 'There is already a price for this quantity' });
      const prices = await http().get(`/api/v1/asset-prices?assetId=${asset.id}&_sort=quantity&_order=DESC`).set(admin.headers).expect(200);
      expect(prices.body.map((price: { quantity: number }) => price.quantity)).toEqual([100, 1]);
      // Deleting the asset takes its prices along.
      await http().delete(`/api/v1/assets/${asset.id}`).set(admin.headers).expect(200);
    });

    it('refuses overlapping bulk price bands of a suppliable', async () => {
      const supplier = await created('suppliers', { name: 'Würth', email: 'order@wuerth.example' });
      const part = await created('parts', { name: 'Press nut M5', number: 'PN-M5', ownCost: 0.1 });
      const suppliable = await created('suppliables', { type: 'part', number: 'W-0815', supplierId: supplier.id, partId: part.id, cost: 0.09 });
      await created('suppliable-bulk-prices', { suppliableId: suppliable.id, minQuantity: 1, maxQuantity: 99, unitPrice: 0.09 });
      const band = await created('suppliable-bulk-prices', { suppliableId: suppliable.id, minQuantity: 100, maxQuantity: 999, unitPrice: 0.07 });
      const overlap = await post('suppliable-bulk-prices', { suppliableId: suppliable.id, minQuantity: 500, unitPrice: 0.05 }).expect(422);
      expect(overlap.body.errors).toEqual({ minQuantity: 'This quantity range overlaps another price band (100 to 999)' });
      const inverted = await post('suppliable-bulk-prices', { suppliableId: suppliable.id, minQuantity: 2000, maxQuantity: 1000, unitPrice: 0.05 }).expect(422);
      expect(inverted.body.errors).toEqual({ maxQuantity: 'The maximum must not be below the minimum' });
      await created('suppliable-bulk-prices', { suppliableId: suppliable.id, minQuantity: 1000, unitPrice: 0.05 });
      await http().put(`/api/v1/suppliable-bulk-prices/${band.id}`).set(admin.headers).send({ maxQuantity: 999.5 }).expect(200);
      await http().put(`/api/v1/suppliable-bulk-prices/${band.id}`).set(admin.headers).send({ maxQuantity: 1000 }).expect(422);
      const wrongKind = await post('suppliables', { type: 'operation', number: 'W-1', supplierId: supplier.id, partId: part.id }).expect(422);
      expect(wrongKind.body.errors).toEqual({ type: 'A part suppliable supplies a part, an operation suppliable an operation' });
    });

    it('lists the factors valid on a day, both ends included', async () => {
      const winter = await created('factors', { name: 'Winter', value: 1.1, validFrom: '2027-01-01', validUntil: '2027-03-31' });
      const open = await created('factors', { name: 'Always', value: 1 });
      const on = async (day: string) =>
        (await http().get(`/api/v1/factors?validOn=${day}&_end=1000`).set(admin.headers).expect(200)).body.map((factor: { id: string }) => factor.id);
      expect(await on('2027-01-01')).toEqual(expect.arrayContaining([winter.id, open.id]));
      expect(await on('2027-03-31')).toContain(winter.id);
      expect(await on('2027-04-01')).not.toContain(winter.id);
      expect(await on('2026-12-31')).not.toContain(winter.id);
      await http().get('/api/v1/factors?validOn=tomorrow').set(admin.headers).expect(400);
    });

    it('answers 409 naming what still uses a row', async () => {
      const supplier = await created('suppliers', { name: 'Bossard', email: 'info@bossard.example' });
      const part = await created('parts', { name: 'Hinge 40', number: 'HG-40' });
      const factor = await created('factors', { name: 'Freight', value: 1.02, scope: 'purchase' });
      const suppliable = await created('suppliables', { type: 'part', number: 'B-40', supplierId: supplier.id, partId: part.id });
      await created('suppliable-factors', { suppliableId: suppliable.id, factorId: factor.id });
      const duplicate = await post('suppliable-factors', { suppliableId: suppliable.id, factorId: factor.id }).expect(422);
      expect(duplicate.body.errors).toEqual({ factorId: 'This factor is already applied' });
      expect((await http().delete(`/api/v1/suppliers/${supplier.id}`).set(admin.headers).expect(409)).body).toEqual({
        message: 'Can not delete: still used by suppliables (1)',
        code: 'still_used',
      });
      await http().delete(`/api/v1/parts/${part.id}`).set(admin.headers).expect(409);
      expect((await http().delete(`/api/v1/factors/${factor.id}`).set(german.headers).expect(409)).body.message).toBe(
        'Löschen nicht möglich: noch verwendet von lieferbaren Leistungen, die ihn anwenden (1)',
      );
      const group = await created('groups', { name: 'AlMg3' });
      await created('materials', { name: 'AlMg3 3mm', number: 'AL-3', groupId: group.id });
      await http().delete(`/api/v1/groups/${group.id}`).set(admin.headers).expect(409);
      await http().delete(`/api/v1/suppliables/${suppliable.id}`).set(admin.headers).expect(200);
      await http().delete(`/api/v1/suppliers/${supplier.id}`).set(admin.headers).expect(200);
    });
  });

  it('works through the real ra-data-json-server client', async () => {
    await api.listen(0, '127.0.0.1');
    const { port } = api.getHttpServer().address() as AddressInfo;
    const client = (url: string, options: fetchUtils.Options = {}) =>
      fetchUtils.fetchJson(url, { ...options, headers: new Headers({ ...admin.headers, Accept: 'application/vnd.api+json' }) });
    const provider = jsonServerProvider(`http://127.0.0.1:${port}/api/v1`, client);
    const group = (await provider.create('groups', { data: { name: '1.4301 stainless' } })).data;
    const a = (await provider.create('materials', { data: { name: 'V2A 1mm', number: 'V2A-1', groupId: group.id, density: 7.9 } })).data;
    const b = (await provider.create('materials', { data: { name: 'V2A 2mm', number: 'V2A-2', groupId: group.id, density: 7.9 } })).data;
    const list = await provider.getList('materials', { pagination: { page: 1, perPage: 1 }, sort: { field: 'number', order: 'DESC' }, filter: { groupId: group.id } });
    expect(list).toMatchObject({ total: 2, data: [{ id: b.id }] });
    expect((await provider.getOne('materials', { id: a.id })).data).toMatchObject({ number: 'V2A-1' });
    expect((await provider.getMany('materials', { ids: [a.id, b.id] })).data).toHaveLength(2);
    const reference = await provider.getManyReference('materials', {
      target: 'groupId',
      id: group.id,
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'name', order: 'ASC' },
      filter: { q: '2mm' },
    });
    expect(reference).toMatchObject({ total: 1, data: [{ id: b.id }] });
    expect((await provider.update('materials', { id: a.id, data: { ...a, pricePerUnit: 3.4 }, previousData: a })).data).toMatchObject({ pricePerUnit: 3.4 });
    await provider.delete('materials', { id: a.id, previousData: a });
    await expect(provider.getOne('materials', { id: a.id })).rejects.toMatchObject({ status: 404 });
    await expect(provider.create('materials', { data: { name: 'V2A 3mm', number: 'V2A-2' } })).rejects.toMatchObject({
      status: 422,
      body: { errors: { number: 'This number is already used' } },
    });
  });
});

describe('every master-data resource through the real ra-data-json-server client', () => {
  let db: TestDatabase;
  let api: NestExpressApplication;
  let provider: ReturnType<typeof jsonServerProvider>;

  beforeAll(async () => {
    db = await createTestDatabase();
    const acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    api = await startTestApi(testConfig(db));
    const admin = await createTestUser(api, acme, { roles: ['Administrator'] });
    await api.listen(0, '127.0.0.1');
    const { port } = api.getHttpServer().address() as AddressInfo;
    provider = jsonServerProvider(`http://127.0.0.1:${port}/api/v1`, (url: string, options: fetchUtils.Options = {}) =>
      fetchUtils.fetchJson(url, { ...options, headers: new Headers({ ...admin.headers, Accept: 'application/vnd.api+json' }) }),
    );
  });

  afterAll(async () => {
    await api?.close();
    await db?.drop();
  });

  const create = async (resource: string, data: Record<string, unknown>) => (await provider.create(resource, { data })).data as Record<string, unknown> & { id: string };

  /** Two records of a resource, then every call react-admin makes; children also through getManyReference on their parent. */
  async function roundTrip(resource: string, first: Record<string, unknown>, second: Record<string, unknown>, sortField: string, change: Record<string, unknown>, parent?: { target: string; id: string }) {
    const a = await create(resource, first);
    const b = await create(resource, second);
    const filter = parent ? { [parent.target]: parent.id } : { id: [a.id, b.id] };
    const list = await provider.getList(resource, { pagination: { page: 1, perPage: 1 }, sort: { field: sortField, order: 'DESC' }, filter });
    expect(list.total).toBe(2);
    expect(list.data).toHaveLength(1);
    expect((await provider.getOne(resource, { id: a.id })).data).toMatchObject({ id: a.id });
    expect((await provider.getMany(resource, { ids: [a.id, b.id] })).data.map((row) => row.id).sort()).toEqual([a.id, b.id].sort());
    if (parent) {
      const reference = await provider.getManyReference(resource, { target: parent.target, id: parent.id, pagination: { page: 1, perPage: 10 }, sort: { field: sortField, order: 'ASC' }, filter: {} });
      expect(reference.total).toBe(2);
    }
    expect((await provider.update(resource, { id: a.id, data: { ...a, ...change }, previousData: a })).data).toMatchObject(change);
    await provider.delete(resource, { id: b.id, previousData: b });
    await expect(provider.getOne(resource, { id: b.id })).rejects.toMatchObject({ status: 404 });
    return a;
  }

  it('serves getList, getOne, getMany, getManyReference, create, update and delete for every resource', async () => {
    const asset = await roundTrip('assets', { name: 'Laser' }, { name: 'Brake' }, 'name', { fabNumber: 'M-9' });
    await roundTrip('asset-prices', { assetId: asset.id, quantity: 1, price: 2 }, { assetId: asset.id, quantity: 10, price: 1.5 }, 'quantity', { setupCost: 40 }, { target: 'assetId', id: asset.id });
    await roundTrip('asset-cutting-rates', { assetId: asset.id, cutSpeed: 6000 }, { assetId: asset.id, cutSpeed: 3000, thicknessFrom: 3 }, 'cutSpeed', { pierceTime: 0.5 }, { target: 'assetId', id: asset.id });
    await roundTrip('asset-bending-rates', { assetId: asset.id, bendClass: 'standard', seconds: 12 }, { assetId: asset.id, bendClass: 'long', seconds: 20 }, 'bendClass', { seconds: 14 }, { target: 'assetId', id: asset.id });
    const operation = await roundTrip('operations', { name: 'Laser cutting' }, { name: 'Bending' }, 'name', { quickSelectDefault: true });
    await roundTrip('customers', { name: 'Müller' }, { name: 'Alpentech' }, 'name', { city: 'Stuttgart' });
    const supplier = await roundTrip('suppliers', { name: 'Stahl Nord', email: 'a@stahl.example' }, { name: 'Fasteners', email: 'b@fast.example' }, 'name', { status: 'inactive' });
    const factor = await roundTrip('factors', { name: 'Energy', value: 1.04 }, { name: 'Freight', value: 1.02 }, 'name', { scope: 'labor' });
    const group = await roundTrip('groups', { name: 'S235' }, { name: 'AlMg3' }, 'name', { description: 'Structural steel' });
    await roundTrip('group-prices', { groupId: group.id, price: 1.1, validFrom: '2026-01-01' }, { groupId: group.id, price: 1.0, validFrom: '2026-07-01' }, 'validFrom', { maxThickness: 3 }, { target: 'groupId', id: group.id });
    const material = await roundTrip('materials', { name: 'S235 2mm', number: 'S-2', groupId: group.id }, { name: 'S235 3mm', number: 'S-3', groupId: group.id }, 'number', { density: 7.85 });
    await roundTrip('material-prices', { materialId: material.id, price: 1.2, validFrom: '2026-01-01' }, { materialId: material.id, price: 1.1, validFrom: '2026-06-01' }, 'validFrom', { price: 1.25 }, { target: 'materialId', id: material.id });
    const part = await roundTrip('parts', { name: 'Nut M5', number: 'PN-5' }, { name: 'Nut M6', number: 'PN-6' }, 'number', { ownCost: 0.1 });
    const suppliable = await roundTrip(
      'suppliables',
      { type: 'part', number: 'W-1', supplierId: supplier.id, partId: part.id },
      { type: 'operation', number: 'W-2', supplierId: supplier.id, operationId: operation.id },
      'number',
      { cost: 0.08 },
    );
    await roundTrip('suppliable-bulk-prices', { suppliableId: suppliable.id, minQuantity: 1, maxQuantity: 99, unitPrice: 0.09 }, { suppliableId: suppliable.id, minQuantity: 100, unitPrice: 0.07 }, 'minQuantity', { unitPrice: 0.085 }, { target: 'suppliableId', id: suppliable.id });
    const other = await create('factors', { name: 'Packaging', value: 1.01 });
    await roundTrip('suppliable-factors', { suppliableId: suppliable.id, factorId: factor.id }, { suppliableId: suppliable.id, factorId: other.id }, 'createdAt', {}, { target: 'suppliableId', id: suppliable.id });
  });
});
