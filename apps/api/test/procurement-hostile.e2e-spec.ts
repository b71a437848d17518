import { NestExpressApplication } from '@nestjs/platform-express';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Organization, provisionOrganization } from '@fabquote/database';
import { createTestDatabase, createTestUser, TestDatabase, testConfig, TestUser } from '@fabquote/testing';
import { startTestApi } from '../../test-support';
import { DEEP_JSON, deepJsonProblem, HOSTILE, HOSTILE_IN_BODIES, LONE_SURROGATE } from './support/hostile-values';


const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/**
 * Every 500 is a bug: every field of every staff endpoint of procurement (purchase requests, their
 * children and files, send, close, preview, lists) gets each hostile value and must answer below 500
 * with a message a person can read.
 */
describe('procurement: hostile input never gets a 500', () => {
  let db: TestDatabase;
  let api: NestExpressApplication;
  let acme: Organization;
  let admin: TestUser;
  let german: TestUser;
  const http = () => request(api.getHttpServer());
  const ids: Record<string, string> = {};
  let requestId: string;

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
  const shown = (value: unknown) => JSON.stringify(value)?.slice(0, 40);
  /** A body nested 3,000 levels deep: 400 `too_deep` on every endpoint that takes a body. */
  const expectDeepJsonRefused = async (send: request.Test, what: string) => {
    const problem = deepJsonProblem(await send.type('json').send(DEEP_JSON));
    if (problem) wrong.push(`${what} with a body 3,000 levels deep: ${problem}`);
  };

  const validRequest = () => ({
    name: `PR ${randomUUID().slice(0, 6)}`,
    closeSubmissionDeadline: inDays(10),
    includeProductPreview: true,
    reminderFrequency: 'daily',
    additionalInformation: 'Please quote',
    products: [{ productId: ids.product, quantities: [10, 50] }],
    supplierIds: [ids.supplier],
    productOperationIds: [ids.productOperation],
    productPartIds: [ids.productPart],
  });

  beforeAll(async () => {
    db = await createTestDatabase();
    acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    api = await startTestApi(testConfig(db));
    admin = await createTestUser(api, acme, { roles: ['Administrator'] });
    german = await createTestUser(api, acme, { roles: ['Administrator'], language: 'de' });
    const post = async (resource: string, body: object) => (await http().post(`/api/v1/${resource}`).set(admin.headers).send(body).expect(201)).body.id as string;
    ids.supplier = await post('suppliers', { name: 'Laser Huber', email: 'huber@suppliers.example' });
    ids.product = await post('products', { name: 'Bracket', number: 'BR-1' });
    ids.otherProduct = await post('products', { name: 'Cover', number: 'CV-1' });
    ids.operation = await post('operations', { name: 'Laser cutting' });
    ids.productOperation = await post('product-operations', { productId: ids.product, operationId: ids.operation });
    ids.part = await post('parts', { name: 'Nut', number: 'N-1' });
    ids.productPart = await post('product-parts', { productId: ids.product, partId: ids.part, quantity: 2 });
    requestId = (await http().post('/api/v1/purchase-requests').set(admin.headers).send(validRequest()).expect(201)).body.id;
    ids.requestProduct = (await http().get(`/api/v1/purchase-request-products?purchaseRequestId=${requestId}`).set(admin.headers).expect(200)).body[0].id;
  });

  afterAll(async () => {
    await api?.close();
    await db?.drop();
  });

  it('POST /purchase-requests: every field, every hostile value', async () => {
    const fields: Array<[string, (value: unknown) => object]> = [
      ...['name', 'closeSubmissionDeadline', 'includeProductPreview', 'reminderFrequency', 'additionalInformation', 'products', 'supplierIds', 'productOperationIds', 'productPartIds'].map(
        (field): [string, (value: unknown) => object] => [field, (value) => ({ ...validRequest(), [field]: value })],
      ),
      ['products.0', (value) => ({ ...validRequest(), products: [value] })],
      ['products.0.productId', (value) => ({ ...validRequest(), products: [{ productId: value, quantities: [1] }] })],
      ['products.0.quantities', (value) => ({ ...validRequest(), products: [{ productId: ids.product, quantities: value }] })],
      ['products.0.quantities.0', (value) => ({ ...validRequest(), products: [{ productId: ids.product, quantities: [value] }] })],
      ['supplierIds.0', (value) => ({ ...validRequest(), supplierIds: [value] })],
      ['productOperationIds.0', (value) => ({ ...validRequest(), productOperationIds: [value] })],
      ['productPartIds.0', (value) => ({ ...validRequest(), productPartIds: [value] })],
    ];
    await expectDeepJsonRefused(http().post('/api/v1/purchase-requests').set(admin.headers), 'POST /purchase-requests');
    for (const [field, body] of fields) {
      await Promise.all(
        HOSTILE_IN_BODIES.map(async (value) => {
          const user = Math.random() < 0.5 ? admin : german;
          expectReadableAnswer(await http().post('/api/v1/purchase-requests').set(user.headers).send(body(value)), `POST ${field}=${shown(value)}`);
        }),
      );
    }
  });

  it('PUT /purchase-requests/{id}, send, close and the email preview: every field, every hostile value', async () => {
    await expectDeepJsonRefused(http().put(`/api/v1/purchase-requests/${requestId}`).set(admin.headers), 'PUT /purchase-requests/{id}');
    await expectDeepJsonRefused(http().post(`/api/v1/purchase-requests/${requestId}/send`).set(admin.headers), 'send');
    await expectDeepJsonRefused(http().post(`/api/v1/purchase-requests/${requestId}/close`).set(admin.headers), 'close');
    for (const field of ['name', 'closeSubmissionDeadline', 'includeProductPreview', 'reminderFrequency', 'additionalInformation']) {
      await Promise.all(
        HOSTILE_IN_BODIES.map(async (value) =>
          expectReadableAnswer(await http().put(`/api/v1/purchase-requests/${requestId}`).set(admin.headers).send({ [field]: value }), `PUT ${field}=${shown(value)}`),
        ),
      );
    }
    for (const value of HOSTILE) {
      expectReadableAnswer(await http().post(`/api/v1/purchase-requests/${requestId}/send`).set(admin.headers).send({ supplierIds: value }), `send supplierIds=${shown(value)}`);
      expectReadableAnswer(await http().post(`/api/v1/purchase-requests/${requestId}/send`).set(admin.headers).send({ supplierIds: [value] }), `send supplierIds.0=${shown(value)}`);
      for (const parameter of ['language', 'supplierId']) {
        const query = `${parameter}=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`;
        expectReadableAnswer(await http().get(`/api/v1/purchase-requests/${requestId}/email-preview?${query}`).set(admin.headers), `preview ${query.slice(0, 40)}`);
      }
    }
    // Only a body carries a lone surrogate (the loop above also puts its values in URLs).
    expectReadableAnswer(await http().post(`/api/v1/purchase-requests/${requestId}/send`).set(admin.headers).send({ supplierIds: [LONE_SURROGATE] }), 'send supplierIds.0=lone surrogate');
    // Bodies that are no object at all.
    for (const body of ['[]', '"text"', '42', 'null', '{"supplierIds":', '\u0000']) {
      expectReadableAnswer(await http().post(`/api/v1/purchase-requests/${requestId}/send`).set(admin.headers).set('Content-Type', 'application/json').send(body), `send body ${body}`);
      expectReadableAnswer(await http().post('/api/v1/purchase-requests').set(admin.headers).set('Content-Type', 'application/json').send(body), `create body ${body}`);
    }
    expectReadableAnswer(await http().post(`/api/v1/purchase-requests/${requestId}/close`).set(admin.headers).send({ status: 'open' }), 'close');
    expectReadableAnswer(await http().post(`/api/v1/purchase-requests/${requestId}/close`).set(admin.headers).send({}), 'close twice');
  });

  it('children: every field of every attach, and quantities on update', async () => {
    const bodies: Record<string, Record<string, unknown>> = {
      'purchase-request-products': { purchaseRequestId: requestId, productId: ids.otherProduct, quantities: [5] },
      'purchase-request-suppliers': { purchaseRequestId: requestId, supplierId: ids.supplier },
      'purchase-request-operations': { purchaseRequestId: requestId, productOperationId: ids.productOperation },
      'purchase-request-parts': { purchaseRequestId: requestId, productPartId: ids.productPart },
    };
    for (const [resource, valid] of Object.entries(bodies)) {
      await expectDeepJsonRefused(http().post(`/api/v1/${resource}`).set(german.headers), `POST ${resource}`);
      for (const field of Object.keys(valid)) {
        await Promise.all(
          HOSTILE_IN_BODIES.map(async (value) =>
            expectReadableAnswer(await http().post(`/api/v1/${resource}`).set(german.headers).send({ ...valid, [field]: value }), `POST ${resource} ${field}=${shown(value)}`),
          ),
        );
      }
    }
    await expectDeepJsonRefused(http().put(`/api/v1/purchase-request-products/${ids.requestProduct}`).set(admin.headers), 'PUT purchase-request-products');
    await Promise.all(
      HOSTILE_IN_BODIES.map(async (value) => {
        expectReadableAnswer(await http().put(`/api/v1/purchase-request-products/${ids.requestProduct}`).set(admin.headers).send({ quantities: value }), `PUT quantities=${shown(value)}`);
        expectReadableAnswer(await http().put(`/api/v1/purchase-request-products/${ids.requestProduct}`).set(admin.headers).send({ quantities: [value] }), `PUT quantities.0=${shown(value)}`);
      }),
    );
  });

  it('files: hostile request ids, names and contents', async () => {
    const pdf = Buffer.from('%PDF-1.4\n');
    for (const value of HOSTILE) {
      const id = typeof value === 'string' ? value : JSON.stringify(value);
      expectReadableAnswer(
        await http().post('/api/v1/purchase-request-files').set(admin.headers).field('purchaseRequestId', id.slice(0, 1000) || ' ').attach('file', pdf, 'a.pdf'),
        `file purchaseRequestId=${shown(value)}`,
      );
    }
    for (const name of ['\u0000.pdf', 'x'.repeat(1000) + '.pdf', '../../etc/passwd', 'Zeichnung ä ö ü.pdf', '"; rm -rf /.pdf', '\r\nX-Injected: 1.pdf', '.pdf', ' ']) {
      const response = await http().post('/api/v1/purchase-request-files').set(admin.headers).field('purchaseRequestId', requestId).attach('file', pdf, name);
      expectReadableAnswer(response, `file name ${JSON.stringify(name).slice(0, 40)}`);
      if (response.status === 201) {
        const download = await http().get(`/api/v1/purchase-request-files/${response.body.id}/content`).set(admin.headers);
        expectReadableAnswer(download, `download of ${JSON.stringify(name).slice(0, 40)}`);
        if (download.headers['x-injected']) wrong.push(`a file name set a header: ${JSON.stringify(name)}`);
      }
    }
    for (const content of [Buffer.alloc(0), Buffer.from([0]), Buffer.from('PK'), Buffer.from('RIFF'), Buffer.from('%PDF'), Buffer.from('GIF8')]) {
      expectReadableAnswer(
        await http().post('/api/v1/purchase-request-files').set(admin.headers).field('purchaseRequestId', requestId).attach('file', content, 'x.bin'),
        `file content ${content.toString('hex')}`,
      );
    }
    // Two files, another field name, a body that is no multipart.
    expectReadableAnswer(
      await http().post('/api/v1/purchase-request-files').set(admin.headers).field('purchaseRequestId', requestId).attach('file', pdf, 'a.pdf').attach('file', pdf, 'b.pdf'),
      'two files',
    );
    expectReadableAnswer(await http().post('/api/v1/purchase-request-files').set(admin.headers).field('purchaseRequestId', requestId).attach('avatar', pdf, 'a.pdf'), 'other field');
    expectReadableAnswer(await http().post('/api/v1/purchase-request-files').set(admin.headers).send({ purchaseRequestId: requestId, file: 'JVBERi0=' }), 'JSON body');
    await expectDeepJsonRefused(http().post('/api/v1/purchase-request-files').set(admin.headers), 'POST purchase-request-files');
    expectReadableAnswer(
      await http().post('/api/v1/purchase-request-files').set(admin.headers).set('Content-Type', 'multipart/form-data; boundary=xyz').send('--xyz\r\nbroken'),
      'broken multipart',
    );
  });

  it('lists and ids: hostile filters, sorting, paging and path ids', async () => {
    const lists: Record<string, string[]> = {
      'purchase-requests': ['status', 'supplierId', 'productId', 'closeSubmissionDeadline_gte', 'closeSubmissionDeadline_lte', 'reminderFrequency', 'includeProductPreview', 'createdBy', 'q', 'id'],
      'purchase-request-products': ['purchaseRequestId', 'productId', 'q', 'id'],
      'purchase-request-suppliers': ['purchaseRequestId', 'supplierId', 'q'],
      'purchase-request-operations': ['purchaseRequestId', 'productOperationId', 'productId', 'q'],
      'purchase-request-parts': ['purchaseRequestId', 'productPartId', 'productId', 'q'],
      'purchase-request-files': ['purchaseRequestId', 'q'],
    };
    for (const [resource, parameters] of Object.entries(lists)) {
      const queries = [
        '_sort=nope',
        '_sort=createdAt&_order=sideways',
        '_start=-5&_end=3',
        '_start=abc',
        '_start=0&_end=100000',
        'unknownFilter=1',
        ...parameters.flatMap((parameter) =>
          HOSTILE.map((value) => `${parameter}=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`),
        ),
        ...parameters.map((parameter) => `${parameter}[$gt]=`),
      ];
      for (const query of queries) expectReadableAnswer(await http().get(`/api/v1/${resource}?${query}`).set(admin.headers), `GET ${resource}?${query.slice(0, 50)}`);
      for (const id of ['not-a-uuid', randomUUID(), '%00', "1' OR '1'='1", '0'.repeat(300)]) {
        expectReadableAnswer(await http().get(`/api/v1/${resource}/${encodeURIComponent(id)}`).set(admin.headers), `GET ${resource}/${id.slice(0, 20)}`);
        expectReadableAnswer(await http().delete(`/api/v1/${resource}/${encodeURIComponent(id)}`).set(admin.headers), `DELETE ${resource}/${id.slice(0, 20)}`);
      }
    }
    for (const path of ['send', 'close', 'email-preview']) {
      const method = path === 'email-preview' ? 'get' : 'post';
      expectReadableAnswer(await http()[method](`/api/v1/purchase-requests/not-a-uuid/${path}`).set(admin.headers), `${path} of not-a-uuid`);
      expectReadableAnswer(await http()[method](`/api/v1/purchase-requests/${randomUUID()}/${path}`).set(admin.headers), `${path} of an unknown id`);
    }
    expectReadableAnswer(await http().get(`/api/v1/purchase-request-files/not-a-uuid/content`).set(admin.headers), 'content of not-a-uuid');
  });
});
