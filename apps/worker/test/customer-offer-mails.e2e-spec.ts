import { INestApplicationContext } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import { Queue } from 'bullmq';
import request from 'supertest';
import { Organization, provisionOrganization } from '@fabquote/database';
import { QueueName, Queues } from '@fabquote/queue';
import { createTestDatabase, createTestUser, eventsHandled, eventually, onServer, ReceivedMail, SmtpSink, TestDatabase, testConfig, TestUser } from '@fabquote/testing';
import { startTestApi, startTestWorker } from '../../test-support';

jest.setTimeout(120_000);

/** The personal link in a mail, as the customer would click it: the order's id and the token. */
function offerLinkIn(mail: ReceivedMail): { orderId: string; token: string; url: string } {
  const found = /(https?:\/\/\S+\/pub\/offers\/([0-9a-f-]{36})\?token=([A-Za-z0-9_-]+)&host=acme)/.exec(mail.text ?? '');
  if (!found) throw new Error(`no offer link in: ${mail.text}`);
  return { url: found[1], orderId: found[2], token: found[3] };
}

/** docs/api-orders.md "The customer's offer page": the link in the offer mail, and the mails of answers and questions, each once. */
describe("the customer's offer page: its mails", () => {
  let db: TestDatabase;
  let smtp: SmtpSink;
  let api: NestExpressApplication;
  let worker: INestApplicationContext;
  let mailQueue: Queue;
  let acme: Organization;
  let clerk: TestUser;
  let product: { id: string };
  let customer: { id: string };
  const http = () => request(api.getHttpServer());
  const page = (link: { orderId: string; token: string }, rest = '') => `/api/v1/pub/offers/${link.orderId}${rest}?token=${link.token}&host=acme`;
  const mailsTo = (address: string) => smtp.mails.filter((mail) => mail.to.includes(address));

  async function sentOffer(contactEmail: string) {
    const order = (
      await http()
        .post('/api/v1/orders')
        .set(clerk.headers)
        .send({ name: 'Halter 2027', customerId: customer.id, language: 'de', contactName: 'Jürgen Weiß', contactEmail, items: [{ productId: product.id, quantity: 7 }] })
        .expect(201)
    ).body;
    await http().post(`/api/v1/orders/${order.id}/status`).set(clerk.headers).send({ status: 'offered' }).expect(200);
    await http().post(`/api/v1/orders/${order.id}/send-pdf`).set(clerk.headers).expect(200);
    await eventsHandled(db.url);
    const [mail] = mailsTo(contactEmail);
    return { order, mail, link: offerLinkIn(mail) };
  }

  beforeAll(async () => {
    [db, smtp] = await Promise.all([createTestDatabase(), SmtpSink.start()]);
    acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH', timeZone: 'Europe/Berlin' });
    const config = testConfig(db, { SMTP_URL: smtp.url });
    [api, worker] = await Promise.all([startTestApi(config), startTestWorker(config)]);
    mailQueue = worker.get(Queues).get(QueueName.Mail);
    clerk = await createTestUser(api, acme, { roles: ['Administrator'], name: 'Klara Vogt', email: 'klara.vogt@acme.example' });
    product = (await http().post('/api/v1/products').set(clerk.headers).send({ name: 'Halteblech', number: 'HB-1' }).expect(201)).body;
    await http().post('/api/v1/product-bulk-prices').set(clerk.headers).send({ productId: product.id, minQuantity: 1, unitPrice: 19.99 }).expect(201);
    customer = (await http().post('/api/v1/customers').set(clerk.headers).send({ name: 'Müller Maschinenbau AG', language: 'de' }).expect(201)).body;
  });

  afterAll(async () => {
    await Promise.all([api?.close(), worker?.close()]);
    await smtp?.stop();
    await db?.drop();
  });

  it('the offer mail carries a personal link that opens the page; a redelivered job sends nothing and makes no second link; a resend replaces it', async () => {
    const { order, mail, link } = await sentOffer('juergen@mueller.example');
    expect(mail.text).toContain(`Angebot online ansehen und annehmen: ${link.url}`);
    expect(link.orderId).toBe(order.id);
    expect(link.token.length).toBeGreaterThanOrEqual(43);
    const opened = (await http().get(page(link)).expect(200)).body;
    expect(opened).toMatchObject({ state: 'open', offer: { id: order.id, number: order.number, language: 'de' } });

    const [{ id: eventId }] = (await onServer((client) => client.query(`SELECT id FROM outbox_events WHERE job_name = 'orders.mail-pdf' AND payload->>'orderId' = $1`, [order.id]), db.url)).rows;
    await (await mailQueue.getJob(eventId))?.remove();
    await onServer((client) => client.query(`UPDATE outbox_events SET relayed_at = NULL WHERE id = $1`, [eventId]), db.url);
    await eventually(async () => (await mailQueue.getJobState(eventId)) === 'completed', 20_000, 'the job delivered again');
    expect((await mailQueue.getJob(eventId))?.returnvalue).toBe('already handled');
    expect(mailsTo('juergen@mueller.example')).toHaveLength(1);
    const links = await onServer(async (client) => {
      await client.query(`SELECT set_config('app.organization_id', $1, false)`, [acme.id]);
      return (await client.query(`SELECT sent_by FROM customer_offer_links WHERE order_id = $1`, [order.id])).rows;
    }, db.url);
    expect(links).toEqual([{ sent_by: clerk.id }]);

    await http().post(`/api/v1/orders/${order.id}/send-pdf`).set(clerk.headers).expect(200);
    await eventsHandled(db.url);
    const second = offerLinkIn(mailsTo('juergen@mueller.example')[1]);
    await http().get(page(link)).expect(404);
    await http().get(page(second)).expect(200);
  });

  it('a question mails the clerk who sent the offer; the answer mails the customer a fresh link that works beside the current one', async () => {
    const { link } = await sentOffer('eva@question.example');
    const asked = await http().post(page(link, '/questions')).send({ question: 'Geht auch verzinkt?' }).expect(201);
    await eventsHandled(db.url);
    const [staffMail] = mailsTo('klara.vogt@acme.example').filter((mail) => mail.headers.subject?.includes('Frage') || mail.headers.subject?.includes('Question'));
    expect(staffMail.text).toContain('Geht auch verzinkt?');
    expect(staffMail.text).toMatch(/\/orders\/[0-9a-f-]{36}\/view\?host=acme/);

    await http().put(`/api/v1/order-questions/${asked.body.question.id}`).set(clerk.headers).send({ answer: 'Ja, feuerverzinkt.' }).expect(200);
    await eventsHandled(db.url);
    const answerMail = mailsTo('eva@question.example')[1];
    expect(answerMail.headers.subject).toContain('Antwort auf Ihre Frage');
    expect(answerMail.text).toContain('Geht auch verzinkt?');
    expect(answerMail.text).toContain('Ja, feuerverzinkt.');
    const fresh = offerLinkIn(answerMail);
    expect(fresh.token).not.toBe(link.token);
    const page2 = (await http().get(page(fresh)).expect(200)).body;
    expect(page2.questions[0]).toMatchObject({ question: 'Geht auch verzinkt?', answer: 'Ja, feuerverzinkt.' });
    await http().get(page(link)).expect(200);
  });

  it('an acceptance mails the clerk and confirms to the customer; a refusal mails the clerk its reason', async () => {
    const { order, link } = await sentOffer('eva@accept.example');
    await http().post(page(link, '/accept')).send({ name: 'Eva Müller', customerOrderNumber: 'PO-4711', note: 'Bitte bis KW 3' }).expect(200);
    await eventsHandled(db.url);
    const staffMail = mailsTo('klara.vogt@acme.example').find((mail) => mail.headers.subject === `Angebot ${order.number} online angenommen von Müller Maschinenbau AG` || mail.headers.subject === `Offer ${order.number} accepted online by Müller Maschinenbau AG`);
    expect(staffMail).toBeDefined();
    expect(staffMail!.text).toContain('Eva Müller');
    expect(staffMail!.text).toContain('PO-4711');
    expect(staffMail!.text).toContain('Bitte bis KW 3');
    const confirmation = mailsTo('eva@accept.example')[1];
    expect(confirmation.headers.subject).toBe(`Ihr Auftrag ${order.number} – Acme Blech GmbH`);
    expect(confirmation.text).toContain('Guten Tag Jürgen Weiß,');
    expect(confirmation.text).toContain('Eva Müller hat unser Angebot');
    expect(confirmation.text).toContain('PO-4711');
    expect((await http().get(page(offerLinkIn(confirmation))).expect(200)).body.state).toBe('accepted');
    // The confirmation's job delivered again (as if cleaned from Redis and relayed anew): the ledger sends nothing.
    const [{ id: confirmed }] = (await onServer((client) => client.query(`SELECT id FROM outbox_events WHERE job_name = 'orders.offer-accepted' AND payload->>'orderId' = $1`, [order.id]), db.url)).rows;
    expect(confirmation.headers['message-id']).toBe(`<${confirmed}@acme.fabquote>`);
    await (await mailQueue.getJob(confirmed))?.remove();
    await onServer((client) => client.query(`UPDATE outbox_events SET relayed_at = NULL WHERE id = $1`, [confirmed]), db.url);
    await eventually(async () => (await mailQueue.getJobState(confirmed)) === 'completed', 20_000, 'the confirmation job delivered again');
    expect((await mailQueue.getJob(confirmed))?.returnvalue).toBe('already handled');

    const declined = await sentOffer('otto@decline.example');
    await http().post(page(declined.link, '/decline')).send({ reason: 'Lieferzeit zu lang' }).expect(200);
    await eventsHandled(db.url);
    const refusal = mailsTo('klara.vogt@acme.example').find((mail) => mail.headers.subject?.includes(declined.order.number) && /abgelehnt|declined/.test(mail.headers.subject ?? ''));
    expect(refusal).toBeDefined();
    expect(refusal!.text).toContain('Lieferzeit zu lang');
    // Each mail once: no job sent twice.
    expect(mailsTo('otto@decline.example')).toHaveLength(1);
    expect(mailsTo('eva@accept.example')).toHaveLength(2);
  });
});
