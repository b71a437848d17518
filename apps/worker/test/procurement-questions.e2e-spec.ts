import { INestApplicationContext } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { Organization, provisionOrganization, TenantTransactions } from '@fabquote/database';
import { createTestDatabase, createTestUser, SmtpSink, TestDatabase, testConfig, TestUser } from '@fabquote/testing';
import { startTestApi, startTestWorker } from '../../test-support';
import { SeededRequest, seedPurchaseRequest } from '../../api/test/support/supplier-page-seed';

jest.setTimeout(120_000);

/** docs/api-procurement.md, "Jobs": a supplier's question reaches staff by mail, the answer reaches the supplier. */
describe('mails about questions on the supplier page', () => {
  let db: TestDatabase;
  let smtp: SmtpSink;
  let api: NestExpressApplication;
  let worker: INestApplicationContext;
  let tenants: TenantTransactions;
  let acme: Organization;
  let creator: TestUser;
  let purchaser: TestUser;
  let purchaserDe: TestUser;
  const http = () => request(api.getHttpServer());
  const pageOf = (pr: SeededRequest, index = 0) =>
    `/api/v1/pub/purchase-requests/${pr.id}/${pr.suppliers[index].id}/questions?token=${pr.suppliers[index].token}&host=acme`;
  const mailsTo = (address: string) => smtp.mails.filter((mail) => mail.to.includes(address));
  const waitForMailTo = async (address: string, count = 1) => {
    const deadline = Date.now() + 20_000;
    while (mailsTo(address).length < count) {
      if (Date.now() > deadline) throw new Error(`no mail to ${address}; got ${smtp.mails.map((mail) => mail.to.join()).join('; ')}`);
      await smtp.waitForMails(smtp.mails.length + 1, 500).catch(() => undefined);
    }
    return mailsTo(address)[count - 1];
  };

  beforeAll(async () => {
    [db, smtp] = await Promise.all([createTestDatabase(), SmtpSink.start()]);
    acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    const config = testConfig(db, { SMTP_URL: smtp.url, PUBLIC_URL: 'http://localhost:4100' });
    [api, worker] = await Promise.all([startTestApi(config), startTestWorker(config)]);
    tenants = api.get(TenantTransactions);
    creator = await createTestUser(api, acme, { roles: ['Purchaser'], name: 'Clara Creator', email: 'clara@acme.example' });
    purchaser = await createTestUser(api, acme, { roles: ['Purchaser'], name: 'Paul Purchaser', email: 'paul@acme.example' });
    purchaserDe = await createTestUser(api, acme, { roles: ['Purchaser'], name: 'Petra Einkauf', email: 'petra@acme.example', language: 'de' });
    await createTestUser(api, acme, { roles: ['Viewer'], email: 'vera@acme.example' });
  });

  afterAll(async () => {
    await Promise.all([api?.close(), worker?.close()]);
    await smtp?.stop();
    await db?.drop();
  });

  it('tells the request\'s creator of a question, and mails the answer to a German supplier in German', async () => {
    const pr = await seedPurchaseRequest(tenants, acme, { createdBy: creator.id, suppliers: [{ language: 'de', name: 'Blech Müller GmbH', email: 'angebote@mueller.example' }] });
    const asked = await http().post(pageOf(pr)).set('X-Forwarded-For', '203.0.113.9').send({ question: 'Ist die Pulverbeschichtung RAL 7016?' }).expect(201);

    const notice = await waitForMailTo('clara@acme.example');
    expect(notice.headers.subject).toBe(`Question from Blech Müller GmbH on ${pr.number}: ${await requestName(pr)}`);
    expect(notice.headers.from).toMatch(/^Acme Blech GmbH </);
    expect(notice.headers['message-id']).toMatch(/^<[0-9a-f-]{36}@acme\.fabquote>$/);
    const noticeText = notice.text;
    expect(noticeText).toContain('Hello Clara Creator,');
    expect(noticeText).toContain('Ist die Pulverbeschichtung RAL 7016?');
    expect(noticeText).toContain(`http://localhost:4100/purchase-requests/${pr.id}/offers?host=acme`);
    // Only the creator is told.
    expect(mailsTo('paul@acme.example')).toEqual([]);

    await http()
      .put(`/api/v1/purchase-request-questions/${asked.body.question.id}`)
      .set(purchaser.headers)
      .send({ answer: 'Ja, RAL 7016 feinstruktur matt.' })
      .expect(200);
    const answer = await waitForMailTo('angebote@mueller.example');
    expect(answer.headers.subject).toBe(`Antwort auf Ihre Frage zu ${pr.number}: ${await requestName(pr)} – Acme Blech GmbH`);
    const answerText = answer.text;
    expect(answerText).toContain('Hallo Blech Müller GmbH,');
    expect(answerText).toContain('Ihre Frage:\nIst die Pulverbeschichtung RAL 7016?');
    expect(answerText).toContain('Antwort:\nJa, RAL 7016 feinstruktur matt.');
    // The answer mail's link opens the supplier's page with a token of its own.
    const link = /http:\/\/localhost:4100\/pub\/purchase-requests\/\S+/.exec(answerText)?.[0] as string;
    const url = new URL(link);
    expect(url.pathname).toBe(`/pub/purchase-requests/${pr.id}/${pr.suppliers[0].id}`);
    expect(url.searchParams.get('host')).toBe('acme');
    const token = url.searchParams.get('token') as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(token).not.toBe(pr.suppliers[0].token);
    const opened = await http().get(`/api/v1${url.pathname}${url.search}`).set('X-Forwarded-For', '203.0.113.9').expect(200);
    expect(opened.body.questions).toEqual([expect.objectContaining({ question: 'Ist die Pulverbeschichtung RAL 7016?', answer: 'Ja, RAL 7016 feinstruktur matt.' })]);
    // The request mail's link keeps working too, until the supplier submits an offer.
    await http().get(pageOf(pr).replace('/questions', '')).set('X-Forwarded-For', '203.0.113.9').expect(200);
  });

  it('tells every active user who may answer when the request has no creator, each in their language', async () => {
    const pr = await seedPurchaseRequest(tenants, acme, { createdBy: null, suppliers: [{ language: 'en', email: 'sales@laser.example' }] });
    await tenants.run(acme.id, (manager) => manager.query(`UPDATE users SET active = false WHERE id = $1`, [creator.id]));
    try {
      await http().post(pageOf(pr)).set('X-Forwarded-For', '203.0.113.10').send({ question: 'Can we quote 300 pieces too?' }).expect(201);
      const english = await waitForMailTo('paul@acme.example');
      const german = await waitForMailTo('petra@acme.example');
      expect(english.to).not.toContain('petra@acme.example');
      expect(english.text).toContain('Can we quote 300 pieces too?');
      expect(german.headers.subject).toMatch(/^Frage von Supplier 1 .* zu PR-2026-/);
      expect(german.text).toContain('Hallo Petra Einkauf,');
      // A viewer may not answer, and the deactivated creator is not told.
      expect(mailsTo('vera@acme.example')).toEqual([]);
      expect(mailsTo('clara@acme.example')).toHaveLength(1);
      expect(purchaserDe.id).toBeDefined();
    } finally {
      await tenants.run(acme.id, (manager) => manager.query(`UPDATE users SET active = true WHERE id = $1`, [creator.id]));
    }
  });

  async function requestName(pr: SeededRequest): Promise<string> {
    const [row] = await tenants.run(acme.id, (manager) => manager.query(`SELECT name FROM purchase_requests WHERE id = $1`, [pr.id]));
    return row.name;
  }
});
