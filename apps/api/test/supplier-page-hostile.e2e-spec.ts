import { NestExpressApplication } from '@nestjs/platform-express';
import { randomBytes, randomUUID } from 'node:crypto';
import request from 'supertest';
import { Organization, provisionOrganization, TenantTransactions } from '@fabquote/database';
import { createTestDatabase, createTestUser, TestDatabase, testConfig, TestUser } from '@fabquote/testing';
import { startTestApi } from '../../test-support';
import { SeededRequest, seedPurchaseRequest } from './support/supplier-page-seed';
import { DEEP_JSON, deepJsonProblem, HOSTILE_IN_BODIES, hostileListQueries } from './support/hostile-values';

jest.setTimeout(180_000);


/** Every field of the supplier's page and of staff's offers and questions, every hostile value: never a 500. */
describe("hostile input on the supplier's page never gets a 500", () => {
  let db: TestDatabase;
  let api: NestExpressApplication;
  let tenants: TenantTransactions;
  let acme: Organization;
  let purchaser: TestUser;
  let pr: SeededRequest;
  const http = () => request(api.getHttpServer());
  /** A fresh client address per call: the lookups that fail here must not throttle the ones after them. */
  const anywhere = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0] % 250)}`;
  const base = (supplier = 0) => `/api/v1/pub/purchase-requests/${pr.id}/${pr.suppliers[supplier].id}`;
  const query = (supplier = 0) => `?token=${pr.suppliers[supplier].token}&host=acme`;
  const validOffer = () => ({
    shippingDate: '2026-09-01',
    packagingCost: 1,
    shippingCost: 2,
    customsCost: 3,
    leadTimeDays: 5,
    additionalInformation: 'ok',
    prices: [{ kind: 'operation', lineId: pr.operationLineId, quantity: 10, unitPrice: 4 }],
  });

  let wrong: string[] = [];
  beforeEach(() => {
    wrong = [];
  });
  afterEach(() => {
    expect(wrong).toEqual([]);
  });
  const expectReadableAnswer = (response: request.Response, what: string) => {
    const readable = response.status < 400 || (typeof response.body.message === 'string' && response.body.message.length > 0);
    if (response.status >= 500 || !readable) wrong.push(`${what}: ${response.status} ${JSON.stringify(response.body).slice(0, 160)}`);
  };
  /** A body nested 3,000 levels deep: 400 `too_deep` on every endpoint that takes a body, public ones first. */
  const expectDeepJsonRefused = async (send: request.Test, what: string) => {
    const problem = deepJsonProblem(await send.type('json').send(DEEP_JSON));
    if (problem) wrong.push(`${what} with a body 3,000 levels deep: ${problem}`);
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    api = await startTestApi(testConfig(db));
    tenants = api.get(TenantTransactions);
    purchaser = await createTestUser(api, acme, { roles: ['Purchaser'] });
    // A supplier per field tried, so the limit of 30 submissions an hour never hides an answer.
    pr = await seedPurchaseRequest(tenants, acme, { suppliers: Array.from({ length: 16 }, () => ({})) });
  });

  afterAll(async () => {
    await api?.close();
    await db?.drop();
  });

  it('POST offers: every field and every field of a price, every hostile value', async () => {
    const body = validOffer();
    const fields: Array<[string, (value: unknown) => object]> = [
      ...Object.keys(body).map((name): [string, (value: unknown) => object] => [name, (value) => ({ ...validOffer(), [name]: value })]),
      ...Object.keys(body.prices[0]).map((name): [string, (value: unknown) => object] => [
        `prices.0.${name}`,
        (value) => ({ ...validOffer(), prices: [{ ...validOffer().prices[0], [name]: value }] }),
      ]),
      ['prices.0', (value) => ({ ...validOffer(), prices: [value] })],
    ];
    expect(fields.length).toBeLessThanOrEqual(pr.suppliers.length - 2);
    await expectDeepJsonRefused(http().post(`${base(0)}/offers${query(0)}`).set('X-Forwarded-For', anywhere()), 'POST offers');
    for (const [index, [name, bodyWith]] of fields.entries()) {
      await Promise.all(
        HOSTILE_IN_BODIES.map(async (value) => {
          const response = await http().post(`${base(index)}/offers${query(index)}`).set('X-Forwarded-For', anywhere()).send(bodyWith(value));
          expectReadableAnswer(response, `POST offers ${name}=${JSON.stringify(value)?.slice(0, 40)}`);
        }),
      );
    }
    // A whole body of the wrong shape.
    const last = pr.suppliers.length - 1;
    for (const send of [[validOffer()], 'offer', 42]) {
      const response = await http().post(`${base(last)}/offers${query(last)}`).set('X-Forwarded-For', anywhere()).set('Content-Type', 'application/json').send(JSON.stringify(send));
      expectReadableAnswer(response, `POST offers body=${JSON.stringify(send).slice(0, 40)}`);
    }
    const many = { ...validOffer(), prices: Array.from({ length: 2000 }, (_, i) => ({ kind: 'part', lineId: pr.partLineId, quantity: i + 1, unitPrice: 1 })) };
    expectReadableAnswer(await http().post(`${base(last)}/offers${query(last)}`).set('X-Forwarded-For', anywhere()).send(many), 'POST offers with 2000 prices');
  });

  it('POST questions and PUT answers: every hostile value', async () => {
    const supplier = pr.suppliers.length - 2;
    await expectDeepJsonRefused(http().post(`${base(supplier)}/questions${query(supplier)}`).set('X-Forwarded-For', anywhere()), 'POST questions');
    await Promise.all(
      HOSTILE_IN_BODIES.map(async (value) => {
        const response = await http().post(`${base(supplier)}/questions${query(supplier)}`).set('X-Forwarded-For', anywhere()).send({ question: value });
        expectReadableAnswer(response, `POST questions question=${JSON.stringify(value)?.slice(0, 40)}`);
      }),
    );
    const asked = await http().post(`${base(supplier)}/questions${query(supplier)}`).set('X-Forwarded-For', anywhere()).send({ question: 'Fine?' }).expect(201);
    await expectDeepJsonRefused(http().put(`/api/v1/purchase-request-questions/${asked.body.question.id}`).set(purchaser.headers), 'PUT answer');
    await Promise.all(
      HOSTILE_IN_BODIES.map(async (value) => {
        const response = await http().put(`/api/v1/purchase-request-questions/${asked.body.question.id}`).set(purchaser.headers).send({ answer: value });
        expectReadableAnswer(response, `PUT answer=${JSON.stringify(value)?.slice(0, 40)}`);
      }),
    );
  });

  it('the page and its files: hostile ids, tokens, hosts and languages', async () => {
    const token = pr.suppliers[0].token;
    const ids = ['not-a-uuid', randomUUID(), '1'.repeat(2000), '%00', '%E0%A4%A', '..%2f..', `${pr.id}%00`];
    const paths: string[] = [];
    for (const id of ids) {
      paths.push(`/api/v1/pub/purchase-requests/${id}/${pr.suppliers[0].id}?token=${token}&host=acme`);
      paths.push(`/api/v1/pub/purchase-requests/${pr.id}/${id}?token=${token}&host=acme`);
      paths.push(`${base()}/files/${id}${query()}`);
    }
    for (const hostile of ['', '%00', 'x'.repeat(5000), '%E0%A4%A', 'a&token=b', '[]']) {
      paths.push(`${base()}?token=${hostile}&host=acme`);
      paths.push(`${base()}?token[]=${token}&token[]=x&host=acme`);
      paths.push(`${base()}?token=${token}&host=${hostile}`);
      paths.push(`${base()}${query()}&lang=${hostile}`);
    }
    for (const path of paths) {
      const response = await http().get(path).set('X-Forwarded-For', anywhere());
      expectReadableAnswer(response, `GET ${path.slice(0, 120)}`);
      expect(response.text).not.toContain('root:');
    }
    for (const language of ['', 'xx', 'de-DE;q=abc', '*', 'x'.repeat(3000)]) {
      expectReadableAnswer(await http().get(`${base()}${query()}`).set('X-Forwarded-For', anywhere()).set('Accept-Language', language), `GET Accept-Language=${language.slice(0, 20)}`);
    }
    for (const address of ['', 'not an address', 'x'.repeat(500), '::ffff:10.0.0.1']) {
      expectReadableAnswer(await http().get(`${base()}?token=wrong&host=acme`).set('X-Forwarded-For', address), `GET X-Forwarded-For=${address.slice(0, 20)}`);
    }
  });

  it('staff lists: hostile list parameters and ids', async () => {
    const lists: Array<[string, string]> = [
      ['supplier-offers', 'purchaseRequestId'],
      ['supplier-offers', 'latest'],
      ['supplier-offer-prices', 'supplierOfferId'],
      ['supplier-offer-prices', 'purchaseRequestId'],
      ['purchase-request-questions', 'answered'],
      ['purchase-request-questions', 'supplierId'],
    ];
    for (const [resource, field] of lists) {
      for (const listQuery of hostileListQueries(field)) expectReadableAnswer(await http().get(`/api/v1/${resource}?${listQuery}`).set(purchaser.headers), `GET ${resource}?${listQuery.slice(0, 60)}`);
      for (const id of ['not-a-uuid', randomUUID(), '1'.repeat(2000), '%00']) {
        expectReadableAnswer(await http().get(`/api/v1/${resource}/${id}`).set(purchaser.headers), `GET ${resource}/${id.slice(0, 20)}`);
      }
    }
    for (const id of ['not-a-uuid', randomUUID(), '%00']) {
      expectReadableAnswer(await http().put(`/api/v1/purchase-request-questions/${id}`).set(purchaser.headers).send({ answer: 'x' }), `PUT purchase-request-questions/${id}`);
    }
  });
});
