import { INestApplicationContext } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import { Queue } from 'bullmq';
import { createHash } from 'node:crypto';
import request from 'supertest';
import { Organization, provisionOrganization } from '@fabquote/database';
import { QueueName, Queues } from '@fabquote/queue';
import { createTestDatabase, createTestUser, eventsHandled, eventually, onServer, SmtpSink, supplierLinkIn, TestDatabase, testConfig, TestUser } from '@fabquote/testing';
import { startTestApi, startTestWorker } from '../../test-support';

jest.setTimeout(120_000);

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** docs/api-procurement.md, "Jobs": `procurement.invite-supplier` mails each supplier its request with a personal link. */
describe('invitations of suppliers to a purchase request', () => {
  let db: TestDatabase;
  let smtp: SmtpSink;
  let api: NestExpressApplication;
  let worker: INestApplicationContext;
  let mailQueue: Queue;
  let acme: Organization;
  let admin: TestUser;
  let suppliers: Array<{ id: string; email: string }>;
  let purchaseRequest: { id: string; number: string };
  const http = () => request(api.getHttpServer());
  const mailsTo = (address: string) => smtp.mails.filter((mail) => mail.to.includes(address));
  const tokenHash = async (supplierId: string) =>
    (
      await onServer(
        (client) => client.query(`SELECT token_hash, invited_at FROM purchase_request_suppliers WHERE purchase_request_id = $1 AND supplier_id = $2`, [purchaseRequest.id, supplierId]),
        db.url,
      )
    ).rows[0] as { token_hash: string | null; invited_at: Date | null };

  beforeAll(async () => {
    [db, smtp] = await Promise.all([createTestDatabase(), SmtpSink.start()]);
    acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH', timeZone: 'Europe/Berlin' });
    const config = testConfig(db, { SMTP_URL: smtp.url, PUBLIC_URL: 'http://localhost:4100' });
    [api, worker] = await Promise.all([startTestApi(config), startTestWorker(config)]);
    mailQueue = worker.get(Queues).get(QueueName.Mail);
    admin = await createTestUser(api, acme, { roles: ['Administrator'] });
    const post = async (resource: string, body: object) => (await http().post(`/api/v1/${resource}`).set(admin.headers).send(body).expect(201)).body;
    suppliers = [
      await post('suppliers', { name: 'Blech Müller GmbH', email: 'angebote@mueller.example', language: 'de' }),
      await post('suppliers', { name: 'Coat & Co', email: 'sales@coat.example', language: 'en' }),
      await post('suppliers', { name: 'Nuts Ltd', email: 'quotes@nuts.example' }),
    ];
    const bracket = await post('products', { name: 'Bracket', number: 'BR-100' });
    const cutting = await post('operations', { name: 'Laser cutting' });
    const laser = await post('product-operations', { productId: bracket.id, operationId: cutting.id, sorting: 10, boughtIn: true });
    const part = await post('parts', { name: 'Press nut M5', number: 'PN-M5' });
    const nut = await post('product-parts', { productId: bracket.id, partId: part.id, quantity: 4 });
    purchaseRequest = await post('purchase-requests', {
      name: 'Brackets Q3',
      closeSubmissionDeadline: '2099-03-31T17:00:00Z',
      additionalInformation: 'Powder RAL 7016',
      products: [{ productId: bracket.id, quantities: [10, 50, 1200] }],
      supplierIds: suppliers.map((supplier) => supplier.id),
      productOperationIds: [laser.id],
      productPartIds: [nut.id],
    });
  });

  afterAll(async () => {
    await Promise.all([api?.close(), worker?.close()]);
    await smtp?.stop();
    await db?.drop();
  });

  it('mails each of three suppliers in its language, with a personal link whose token only the hash of is kept', async () => {
    await http().post(`/api/v1/purchase-requests/${purchaseRequest.id}/send`).set(admin.headers).send({}).expect(200);
    await eventually(async () => suppliers.every((supplier) => mailsTo(supplier.email).length === 1), 20_000, 'three invitations');
    // A job sends its mail before its transaction (the token's hash, the ledger) commits: the mail in the sink is no proof the hash is stored.
    await eventsHandled(db.url);
    expect(smtp.mails).toHaveLength(3);

    const german = mailsTo('angebote@mueller.example')[0];
    expect(german.headers.subject).toBe(`Anfrage ${purchaseRequest.number}: Brackets Q3 – Acme Blech GmbH`);
    expect(german.headers.from).toMatch(/^Acme Blech GmbH </);
    const germanText = german.text;
    expect(germanText).toContain('Hallo Blech Müller GmbH,');
    expect(germanText).toContain('Bracket (BR-100): 10 / 50 / 1.200 Stück');
    expect(germanText).toContain('Bracket: Laser cutting');
    expect(germanText).toContain('Bracket: Press nut M5 (PN-M5), 4 je Produkt');
    // The deadline in the organization's time zone (Europe/Berlin), the zone named, as the reader's language writes it.
    expect(germanText).toContain('Bitte geben Sie Ihr Angebot bis 31.03.2099, 19:00 MESZ ab.');
    expect(germanText).toContain('Weitere Informationen: Powder RAL 7016');

    const english = mailsTo('sales@coat.example')[0];
    expect(english.headers.subject).toBe(`Purchase request ${purchaseRequest.number}: Brackets Q3 – Acme Blech GmbH`);
    const englishText = english.text;
    expect(englishText).toContain('Hello Coat & Co,');
    expect(englishText).toContain('Bracket (BR-100): 10 / 50 / 1,200 pieces');
    expect(englishText).toContain('Please submit your offer by 31 Mar 2099, 19:00 CEST.');

    for (const supplier of suppliers) {
      const [mail] = mailsTo(supplier.email);
      const link = supplierLinkIn(mail);
      expect(`${link.origin}${link.pathname}`).toBe(`http://localhost:4100/pub/purchase-requests/${purchaseRequest.id}/${supplier.id}`);
      expect(link.searchParams.get('host')).toBe('acme');
      const token = link.searchParams.get('token')!;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
      const stored = await tokenHash(supplier.id);
      expect(stored.token_hash).toBe(sha256(token));
      expect(stored.invited_at).toBeInstanceOf(Date);
      // The job id is the Message-ID: the same job can never make a second, different mail.
      expect(mail.headers['message-id']).toMatch(/^<[0-9a-f-]{36}@acme\.fabquote>$/);
    }

    // The preview is the very mail, its token hidden.
    const preview = await http().get(`/api/v1/purchase-requests/${purchaseRequest.id}/email-preview?supplierId=${suppliers[0].id}`).set(admin.headers).expect(200);
    expect(preview.body.subject).toBe(german.headers.subject);
    const token = supplierLinkIn(german).searchParams.get('token')!;
    expect(preview.body.text).toBe(germanText.replace(token, '…').replace(/\r\n/g, '\n'));
  });

  it('replaces only that supplier\'s token when the request is sent to it again', async () => {
    const before = await Promise.all(suppliers.map((supplier) => tokenHash(supplier.id)));
    await http().post(`/api/v1/purchase-requests/${purchaseRequest.id}/send`).set(admin.headers).send({ supplierIds: [suppliers[1].id] }).expect(200);
    await eventually(async () => mailsTo(suppliers[1].email).length === 2, 20_000, 'the second invitation');
    await eventsHandled(db.url);
    const token = supplierLinkIn(mailsTo(suppliers[1].email)[1]).searchParams.get('token')!;
    const after = await Promise.all(suppliers.map((supplier) => tokenHash(supplier.id)));
    expect(after[1].token_hash).toBe(sha256(token));
    expect(after[1].token_hash).not.toBe(before[1].token_hash);
    expect(after[0].token_hash).toBe(before[0].token_hash);
    expect(after[2].token_hash).toBe(before[2].token_hash);
    expect(smtp.mails).toHaveLength(4);
  });

  it('sends one mail when the same job is delivered twice', async () => {
    await http().post(`/api/v1/purchase-requests/${purchaseRequest.id}/send`).set(admin.headers).send({ supplierIds: [suppliers[2].id] }).expect(200);
    await eventually(async () => mailsTo(suppliers[2].email).length === 2, 20_000, 'the third invitation');
    await eventsHandled(db.url);
    const [{ id: eventId }] = (
      await onServer(
        (client) =>
          client.query(`SELECT id FROM outbox_events WHERE job_name = 'procurement.invite-supplier' AND payload->>'supplierId' = $1 ORDER BY occurred_at DESC LIMIT 1`, [suppliers[2].id]),
        db.url,
      )
    ).rows;
    const hash = (await tokenHash(suppliers[2].id)).token_hash;
    // As if the completed job had been cleaned from Redis and the relay delivered the event again:
    await (await mailQueue.getJob(eventId))?.remove();
    await onServer((client) => client.query(`UPDATE outbox_events SET relayed_at = NULL WHERE id = $1`, [eventId]), db.url);
    await eventually(async () => (await mailQueue.getJobState(eventId)) === 'completed', 20_000, 'the job delivered again');
    expect((await mailQueue.getJob(eventId))?.returnvalue).toBe('already handled');
    expect(mailsTo(suppliers[2].email)).toHaveLength(2);
    expect((await tokenHash(suppliers[2].id)).token_hash).toBe(hash);
    expect(smtp.mails).toHaveLength(5);
  });
});
