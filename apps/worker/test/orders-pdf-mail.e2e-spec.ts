import { INestApplicationContext } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import { Queue } from 'bullmq';
import request from 'supertest';
import { Organization, provisionOrganization } from '@fabquote/database';
import { QueueName, Queues } from '@fabquote/queue';
import { createTestDatabase, createTestUser, eventually, onServer, SmtpSink, TestDatabase, testConfig, TestUser } from '@fabquote/testing';
import { readPdfText } from '../../../libs/documents/test/read-pdf-text';
import { startTestApi, startTestWorker } from '../../test-support';

jest.setTimeout(120_000);

/** docs/api-orders.md "PDF": `orders.mail-pdf` mails the order's PDF to its contact, once. */
describe('an order\'s PDF mailed to its contact', () => {
  let db: TestDatabase;
  let smtp: SmtpSink;
  let api: NestExpressApplication;
  let worker: INestApplicationContext;
  let mailQueue: Queue;
  let acme: Organization;
  let admin: TestUser;
  let order: { id: string; number: string; totalWithVat: number };
  const http = () => request(api.getHttpServer());

  beforeAll(async () => {
    [db, smtp] = await Promise.all([createTestDatabase(), SmtpSink.start()]);
    acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH', timeZone: 'Europe/Berlin' });
    const config = testConfig(db, { SMTP_URL: smtp.url });
    [api, worker] = await Promise.all([startTestApi(config), startTestWorker(config)]);
    mailQueue = worker.get(Queues).get(QueueName.Mail);
    admin = await createTestUser(api, acme, { roles: ['Administrator'] });
    const post = async (resource: string, body: object) => (await http().post(`/api/v1/${resource}`).set(admin.headers).send(body).expect(201)).body;
    const product = await post('products', { name: 'Halteblech', number: 'HB-1' });
    await post('product-bulk-prices', { productId: product.id, minQuantity: 1, unitPrice: 19.99 });
    const customer = await post('customers', { name: 'Müller Maschinenbau AG', city: 'München' });
    order = await post('orders', {
      name: 'Halter 2027',
      customerId: customer.id,
      language: 'de',
      contactName: 'Jürgen Weiß',
      contactEmail: 'juergen@mueller.example',
      items: [{ productId: product.id, quantity: 7, discountPercent: 5 }],
    });
  });

  afterAll(async () => {
    await Promise.all([api?.close(), worker?.close()]);
    await smtp?.stop();
    await db?.drop();
  });

  it('mails the offer as a PDF attachment in the order\'s language, and a job delivered again sends nothing', async () => {
    // Offered at 23:30 UTC on New Year's Eve: in the organization's Europe/Berlin it is already 1 January.
    await onServer(async (client) => {
      await client.query(`SELECT set_config('app.organization_id', $1, false)`, [acme.id]);
      await client.query(`UPDATE orders SET status_changed_at = '2026-12-31T23:30:00Z', valid_until = '2027-01-31' WHERE id = $1`, [order.id]);
    }, db.url);
    await http().post(`/api/v1/orders/${order.id}/send-pdf`).set(admin.headers).expect(200);
    const [mail] = await smtp.waitForMails(1, 20_000);
    expect(mail.to).toEqual(['juergen@mueller.example']);
    expect(mail.headers.subject).toBe(`Angebot ${order.number}: Halter 2027 – Acme Blech GmbH`);
    const body = mail.text;
    expect(body).toContain(`anbei erhalten Sie unser Angebot ${order.number} (Halter 2027).`);
    // German numbers and dates in the mail, as in the PDF.
    expect(body.replace(/\u00a0/g, ' ')).toContain('Gesamtbetrag inkl. MwSt.: 158,19 €; gültig bis 31.01.2027.');
    const [attachment] = mail.attachments;
    expect(attachment.contentType).toBe('application/pdf');
    expect(attachment.filename).toMatch(/^Angebot-/);
    expect(attachment.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = (await readPdfText(attachment.content)).pages.flat();
    expect(text).toContain(`Angebot ${order.number}`);
    // 7 × 19.99 = 139.93, 5 % off 7.00 → 132.93, VAT 19 % 25.26 → 158.19: the API's total, to the cent.
    expect(order.totalWithVat).toBe(158.19);
    expect(text).toContain('158,19 €');
    // German notation throughout: 7 pieces at 19,99 €, 5 % off; the date the day in Berlin.
    expect(text).toContain('19,99 €');
    expect(text).toContain('5 %');
    expect(text).toContain('01.01.2027');
    expect(text).not.toContain('31.12.2026');

    const [{ id: eventId }] = (await onServer((client) => client.query(`SELECT id FROM outbox_events WHERE job_name = 'orders.mail-pdf'`), db.url)).rows;
    expect(mail.headers['message-id']).toBe(`<${eventId}@acme.fabquote>`);
    // As if the completed job had been cleaned from Redis and the relay delivered the event again:
    await (await mailQueue.getJob(eventId))?.remove();
    await onServer((client) => client.query(`UPDATE outbox_events SET relayed_at = NULL WHERE id = $1`, [eventId]), db.url);
    await eventually(async () => (await mailQueue.getJobState(eventId)) === 'completed', 20_000, 'the job delivered again');
    expect((await mailQueue.getJob(eventId))?.returnvalue).toBe('already handled');
    expect(smtp.mails).toHaveLength(1);
  });

  it('mails English when asked, the order confirmation once ordered', async () => {
    await http().post(`/api/v1/orders/${order.id}/status`).set(admin.headers).send({ status: 'offered' }).expect(200);
    await http().post(`/api/v1/orders/${order.id}/status`).set(admin.headers).send({ status: 'ordered' }).expect(200);
    await http().post(`/api/v1/orders/${order.id}/send-pdf?language=en`).set(admin.headers).expect(200);
    const mails = await smtp.waitForMails(2, 20_000);
    const mail = mails[1];
    expect(mail.headers.subject).toBe(`Order confirmation ${order.number}: Halter 2027 – Acme Blech GmbH`);
    expect(mail.text).toContain('Dear Jürgen Weiß,');
    // An order confirmation: the total, no validity.
    expect(mail.text).toContain('Total incl. VAT: €158.19.');
    const text = (await readPdfText(mail.attachments[0].content)).pages.flat();
    expect(text).toContain(`Order confirmation ${order.number}`);
    expect(text).toContain('€158.19');
  });

  it('mails an Austrian customer in German, from the shop, the reply going to the clerk who sent it', async () => {
    const clerk = await createTestUser(api, acme, { roles: ['Estimator'], name: 'Klara Vogt', email: 'klara.vogt@acme.example' });
    const product = (await http().post('/api/v1/products').set(admin.headers).send({ name: 'Konsole', number: 'KO-1' }).expect(201)).body;
    await http().post('/api/v1/product-bulk-prices').set(admin.headers).send({ productId: product.id, minQuantity: 1, unitPrice: 5 }).expect(201);
    const customer = (await http().post('/api/v1/customers').set(admin.headers).send({ name: 'Wiener Stahl GmbH', country: 'Österreich' }).expect(201)).body;
    expect(customer.language).toBe('de');
    // No language given: the customer's.
    const offer = (
      await http()
        .post('/api/v1/orders')
        .set(clerk.headers)
        .send({ customerId: customer.id, contactName: 'Franz Huber', contactEmail: 'franz@wiener-stahl.example', items: [{ productId: product.id, quantity: 4 }] })
        .expect(201)
    ).body;
    const sent = (await http().post(`/api/v1/orders/${offer.id}/send-pdf`).set(clerk.headers).expect(200)).body;
    expect(sent.language).toBe('de');
    const mails = await smtp.waitForMails(3, 20_000);
    const mail = mails[2];
    expect(mail.to).toEqual(['franz@wiener-stahl.example']);
    expect(mail.headers.subject).toBe(`Angebot ${offer.number} – Acme Blech GmbH`);
    expect(mail.text).toContain('Guten Tag Franz Huber,');
    // From the shop's name; the customer's answer reaches the clerk.
    expect(mail.headers.from).toMatch(/^"?Acme Blech GmbH"? </);
    expect(mail.headers['reply-to']).toMatch(/klara\.vogt@acme\.example/);
    expect(mail.headers['reply-to']).toContain('Klara Vogt');
    expect((await readPdfText(mail.attachments[0].content)).pages.flat()).toContain(`Angebot ${offer.number}`);
  });
});
