import { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { Organization, provisionOrganization } from '@fabquote/database';
import { createTestDatabase, createTestUser, TestDatabase, testConfig, TestUser } from '@fabquote/testing';
import { startTestApi } from '../../test-support';
import { HOSTILE, HOSTILE_IN_BODIES, hostileChecks, LONE_SURROGATE } from './support/hostile-values';

const ITEM_FIELDS = ['productId', 'quantity', 'unitPrice', 'unitPriceReason', 'discountPercent'];

/**
 * Every 500 is a bug: every field of every orders endpoint (orders, their status, items, lists, the
 * VAT rate setting) gets each hostile value and must answer below 500 with a message a person can read.
 */
describe('orders: hostile input never gets a 500', () => {
  let db: TestDatabase;
  let api: NestExpressApplication;
  let acme: Organization;
  let admin: TestUser;
  let german: TestUser;
  const http = () => request(api.getHttpServer());
  const ids: Record<string, string> = {};
  /** Every field of an order's head, as the API's own document describes `PUT /orders/{id}`'s body. */
  let headerFields: string[] = [];

  const { expectReadableAnswer, expectDeepJsonRefused, note } = hostileChecks();
  const shown = (value: unknown) => JSON.stringify(value)?.slice(0, 40);
  const user = () => (Math.random() < 0.5 ? admin : german);

  const validOrder = () => ({
    name: 'Offer',
    customerId: ids.customer,
    language: 'de',
    validUntil: '2030-01-31',
    contactEmail: 'eva@kunde.example',
    currency: 'EUR',
    shippingDate: '2030-02-15',
    shippingDays: 3,
    commissionPercent: 2.5,
    vatRate: 19,
    items: [{ productId: ids.product, quantity: 10, unitPrice: 9, unitPriceReason: 'Agreed', discountPercent: 5 }],
  });

  beforeAll(async () => {
    db = await createTestDatabase();
    acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    api = await startTestApi(testConfig(db));
    admin = await createTestUser(api, acme, { roles: ['Administrator'] });
    german = await createTestUser(api, acme, { roles: ['Administrator'], language: 'de' });
    const post = async (resource: string, body: object) => (await http().post(`/api/v1/${resource}`).set(admin.headers).send(body).expect(201)).body.id as string;
    ids.customer = await post('customers', { name: 'Kunde' });
    ids.product = await post('products', { name: 'Bracket', number: 'BR-1' });
    await post('product-bulk-prices', { productId: ids.product, minQuantity: 1, unitPrice: 9.5 });
    ids.other = await post('products', { name: 'Cover', number: 'CV-1' });
    await post('product-bulk-prices', { productId: ids.other, minQuantity: 1, unitPrice: 4 });
    ids.order = await post('orders', validOrder());
    ids.item = (await http().get(`/api/v1/order-items?orderId=${ids.order}`).set(admin.headers).expect(200)).body[0].id;
    ids.vatRate = (await http().get('/api/v1/settings?slug=vat-rate').set(admin.headers).expect(200)).body[0].id;
    headerFields = Object.keys((await http().get('/api/v1/docs-json').expect(200)).body.components.schemas.UpdateOrderDto.properties);
    expect(headerFields).toEqual(expect.arrayContaining(['name', 'customerId', 'customerOrderNumber', 'vatRate']));
  });

  afterAll(async () => {
    await api?.close();
    await db?.drop();
  });

  it('POST /orders: every field, every item field, every hostile value', async () => {
    const fields: Array<[string, (value: unknown) => object]> = [
      ...[...headerFields, 'items'].map((field): [string, (value: unknown) => object] => [field, (value) => ({ ...validOrder(), [field]: value })]),
      ['items.0', (value) => ({ ...validOrder(), items: [value] })],
      ...ITEM_FIELDS.map((field): [string, (value: unknown) => object] => [`items.0.${field}`, (value) => ({ ...validOrder(), items: [{ ...validOrder().items[0], [field]: value }] })]),
    ];
    await expectDeepJsonRefused(http().post('/api/v1/orders').set(user().headers), 'POST /orders');
    for (const [field, body] of fields) {
      await Promise.all(HOSTILE_IN_BODIES.map(async (value) => expectReadableAnswer(await http().post('/api/v1/orders').set(user().headers).send(body(value)), `POST ${field}=${shown(value)}`)));
    }
    // The mail of a lone surrogate was a URIError under @IsEmail, a 500: now a 422 on its field.
    const surrogate = await http().post('/api/v1/orders').set(admin.headers).send({ ...validOrder(), contactEmail: LONE_SURROGATE });
    if (surrogate.status !== 422 || !surrogate.body.errors?.contactEmail) note(`contactEmail=lone surrogate: ${surrogate.status} ${JSON.stringify(surrogate.body)}`);
    for (const body of ['[]', '"text"', '42', 'null', '{"items":', '\u0000']) {
      expectReadableAnswer(await http().post('/api/v1/orders').set(admin.headers).set('Content-Type', 'application/json').send(body), `create body ${body}`);
    }
  });

  it('PUT /orders/{id} and POST /orders/{id}/status: every field, every hostile value', async () => {
    await expectDeepJsonRefused(http().put(`/api/v1/orders/${ids.order}`).set(user().headers), 'PUT /orders/{id}');
    await expectDeepJsonRefused(http().post(`/api/v1/orders/${ids.order}/status`).set(user().headers), 'POST /orders/{id}/status');
    await expectDeepJsonRefused(http().post(`/api/v1/orders/${ids.order}/send-pdf`).set(user().headers), 'POST /orders/{id}/send-pdf');
    for (const field of headerFields) {
      await Promise.all(
        HOSTILE_IN_BODIES.map(async (value) => expectReadableAnswer(await http().put(`/api/v1/orders/${ids.order}`).set(user().headers).send({ [field]: value }), `PUT ${field}=${shown(value)}`)),
      );
    }
    for (const value of HOSTILE_IN_BODIES) {
      expectReadableAnswer(await http().post(`/api/v1/orders/${ids.order}/status`).set(user().headers).send({ status: value }), `status=${shown(value)}`);
    }
    for (const body of ['[]', '"offered"', '42', 'null', '{"status":', '\u0000']) {
      expectReadableAnswer(await http().post(`/api/v1/orders/${ids.order}/status`).set(admin.headers).set('Content-Type', 'application/json').send(body), `status body ${body}`);
    }
    for (const id of ['abc', '00000000-0000-0000-0000-000000000000', "1' OR '1'='1", '%00']) {
      expectReadableAnswer(await http().get(`/api/v1/orders/${encodeURIComponent(id)}`).set(admin.headers), `GET orders/${id}`);
      expectReadableAnswer(await http().post(`/api/v1/orders/${encodeURIComponent(id)}/status`).set(admin.headers).send({ status: 'offered' }), `status of ${id}`);
      expectReadableAnswer(await http().get(`/api/v1/order-items/${encodeURIComponent(id)}`).set(admin.headers), `GET order-items/${id}`);
    }
  });

  it('POST and PUT /order-items: every field, every hostile value', async () => {
    const valid = { orderId: ids.order, productId: ids.other, quantity: 3, unitPrice: 4, unitPriceReason: 'x', discountPercent: 1, position: 2 };
    await expectDeepJsonRefused(http().post('/api/v1/order-items').set(user().headers), 'POST /order-items');
    await expectDeepJsonRefused(http().put(`/api/v1/order-items/${ids.item}`).set(user().headers), 'PUT /order-items/{id}');
    for (const field of Object.keys(valid)) {
      await Promise.all(
        HOSTILE_IN_BODIES.map(async (value) =>
          expectReadableAnswer(await http().post('/api/v1/order-items').set(user().headers).send({ ...valid, [field]: value }), `POST order-items ${field}=${shown(value)}`),
        ),
      );
    }
    for (const field of ['quantity', 'unitPrice', 'unitPriceReason', 'discountPercent', 'position']) {
      // One after the other: each changes the same item under its order's lock.
      for (const value of HOSTILE_IN_BODIES) {
        expectReadableAnswer(await http().put(`/api/v1/order-items/${ids.item}`).set(user().headers).send({ [field]: value }), `PUT order-items ${field}=${shown(value)}`);
      }
    }
  });

  it('lists and the VAT rate setting: every parameter, every hostile value', async () => {
    const lists: Record<string, string[]> = {
      orders: ['status', 'customerId', 'language', 'currency', 'createdBy', 'productId', 'q', 'id', '_sort', '_order', '_start', '_end'],
      'order-items': ['orderId', 'productId', 'orderStatus', 'priceSource', 'q', '_sort'],
      'order-status-changes': ['orderId', 'toStatus', 'fromStatus', 'changedBy', '_sort'],
    };
    for (const [resource, parameters] of Object.entries(lists)) {
      for (const parameter of parameters) {
        await Promise.all(
          HOSTILE.map(async (value) => {
            const query = `${parameter}=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`;
            expectReadableAnswer(await http().get(`/api/v1/${resource}?${query}`).set(user().headers), `GET ${resource}?${query.slice(0, 40)}`);
          }),
        );
      }
    }
    await expectDeepJsonRefused(http().put(`/api/v1/settings/${ids.vatRate}`).set(user().headers), 'PUT /settings/{id}');
    for (const value of HOSTILE_IN_BODIES) {
      expectReadableAnswer(await http().put(`/api/v1/settings/${ids.vatRate}`).set(user().headers).send({ value }), `vat-rate=${shown(value)}`);
    }
    expectReadableAnswer(await http().put(`/api/v1/settings/${ids.vatRate}`).set(admin.headers).send({ value: '19' }), 'vat-rate back to 19');
  });
});
