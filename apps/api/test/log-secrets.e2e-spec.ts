import { NestExpressApplication } from '@nestjs/platform-express';
import { Writable } from 'node:stream';
import request from 'supertest';
import { Organization, provisionOrganization, TenantTransactions } from '@fabquote/database';
import { createTestDatabase, TestDatabase, testConfig, TEST_OPS_TOKEN } from '@fabquote/testing';
import { startTestApi } from '../../test-support';
import { seedPurchaseRequest } from './support/supplier-page-seed';

/**
 * Whoever reads the logs can not act in someone's name. The API runs at level info with its log
 * lines captured; after the supplier's page, a reset link's address, the queue dashboard's operator key and
 * a failing request, no line holds a token, and the lines still say which request it was.
 */
describe('no secret in the log', () => {
  let db: TestDatabase;
  let api: NestExpressApplication;
  let acme: Organization;
  const lines: string[] = [];
  const log = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const http = () => request(api.getHttpServer());

  beforeAll(async () => {
    db = await createTestDatabase();
    acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    api = await startTestApi(testConfig(db, { LOG_LEVEL: 'info' }), log);
  });

  afterAll(async () => {
    await api?.close();
    await db?.drop();
  });

  it('logs the supplier page’s address without its token, for a valid and a wrong one alike', async () => {
    const pr = await seedPurchaseRequest(api.get(TenantTransactions), acme);
    const [supplier] = pr.suppliers;
    const page = `/api/v1/pub/purchase-requests/${pr.id}/${supplier.id}`;
    await http().get(`${page}?token=${encodeURIComponent(supplier.token)}&host=acme`).set('X-Forwarded-For', '198.51.100.7').expect(200);
    await http().get(`${page}?host=acme&token=wrong-${supplier.token}`).set('X-Forwarded-For', '198.51.100.7').expect(404);
    await http()
      .post(`${page}/questions?token=${encodeURIComponent(supplier.token)}&host=acme`)
      .set('X-Forwarded-For', '198.51.100.7')
      .send({ question: 'Zinc plated on both sides?' })
      .expect(201);
    // The console's page of a reset link (served, or a 503 while unbuilt) and the dashboard are served beside Nest's router.
    await http().get(`/reset-password?token=reset-secret-4711&email=eva%40acme.example`);
    await http().get(`/ops/queues?token=${TEST_OPS_TOKEN}`).expect(303);
    await http().get('/ops/queues?token=a-wrong-operator-key').expect(401);
    await http().get('/api/v1/products?api_key=key-secret-0815&code=123456').set('X-Organization', 'acme').expect(401);

    const all = lines.join('\n');
    for (const secret of [supplier.token, encodeURIComponent(supplier.token), 'reset-secret-4711', TEST_OPS_TOKEN, 'a-wrong-operator-key', 'key-secret-0815', '123456']) {
      expect(all).not.toContain(secret);
    }
    // The request lines are there, each with its address, the secret replaced.
    const urls = lines.map((line) => JSON.parse(line) as { req?: { url?: string } }).map((entry) => entry.req?.url).filter(Boolean);
    expect(urls).toEqual(
      expect.arrayContaining([
        `${page}?token=[Redacted]&host=acme`,
        `${page}?host=acme&token=[Redacted]`,
        `${page}/questions?token=[Redacted]&host=acme`,
        '/api/v1/products?api_key=[Redacted]&code=[Redacted]',
      ]),
    );
  });
});
