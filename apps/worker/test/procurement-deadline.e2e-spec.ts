import { INestApplicationContext } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { Organization, provisionOrganization } from '@fabquote/database';
import { createTestDatabase, createTestUser, eventsHandled, eventually, onServer, ReceivedMail, SchedulerRuns, SmtpSink, supplierLinkIn, TestDatabase, testConfig, TestUser } from '@fabquote/testing';
import { QueueName, Queues } from '@fabquote/queue';
import { DUE_CHECK_SCHEDULER } from '../../api/src/procurement/deadline/deadline-check';
import { ProcurementClock } from '../../api/src/procurement/shared/procurement-clock';
import { startTestApi, startTestWorker } from '../../test-support';

jest.setTimeout(120_000);

const CHECK_MS = 200;

function tokenIn(mail: ReceivedMail): string {
  return supplierLinkIn(mail).searchParams.get('token') as string;
}

/**
 * docs/api-procurement.md, "Procurement II: reminders and the deadline": a request closes by itself at
 * its deadline (two workers checking, one close and one mail), its creator gets the ranking; staff close
 * early (the same mail) and reopen by moving the deadline (the suppliers are told, with new links).
 */
describe('the close submission deadline', () => {
  let db: TestDatabase;
  let smtp: SmtpSink;
  let api: NestExpressApplication;
  let workers: INestApplicationContext[];
  /** The workers' due checks as they complete: "nothing more happens" is checked after a few of them, not after a sleep. */
  let checks: SchedulerRuns;
  let acme: Organization;
  let admin: TestUser;
  let einkauf: TestUser;
  let suppliers: Array<{ id: string; name: string; email: string }>;
  let atDeadline: { id: string; number: string };
  let early: { id: string; number: string };
  /** A request of the bracket at 10 and 50 pieces to the three suppliers, made by `user`. */
  let createRequest: (name: string, deadline: string, user: TestUser) => Promise<{ id: string; number: string }>;
  const http = () => request(api.getHttpServer());
  const mailsTo = (address: string) => smtp.mails.filter((mail) => mail.to.includes(address));
  const moveTo = (iso: string) => {
    for (const worker of workers) {
      const clock = worker.get(ProcurementClock);
      clock.travel(new Date(iso).getTime() - clock.now().getTime());
    }
  };
  /** The stored rating of the request's latest offers, best first (the rating job's, run at each submit). */
  const ratings = async (pr: { id: string }) =>
    (
      await onServer(
        (client) =>
          client.query(
            `SELECT s.name, o.rating_stars AS stars, o.rated_at FROM supplier_offers o JOIN suppliers s ON s.id = o.supplier_id
              WHERE o.purchase_request_id = $1 AND o.latest ORDER BY o.rating_rank`,
            [pr.id],
          ),
        db.url,
      )
    ).rows as Array<{ name: string; stars: number; rated_at: Date | null }>;
  const stars = (count: number) => '★'.repeat(count) + '☆'.repeat(5 - count);
  const pageOf = (pr: { id: string }, supplierId: string, token: string) => `/api/v1/pub/purchase-requests/${pr.id}/${supplierId}?token=${token}&host=acme`;
  const invitationTo = (pr: { number: string }, index: number) => mailsTo(suppliers[index].email).filter((mail) => mail.headers.subject.includes(pr.number));
  const submit = async (pr: { id: string; number: string }, index: number, body: { shippingCost?: number; leadTimeDays?: number; prices: [number, number] }) => {
    const token = tokenIn(invitationTo(pr, index).at(-1) as ReceivedMail);
    const page = await http().get(pageOf(pr, suppliers[index].id, token)).expect(200);
    const line = page.body.lines[0] as { kind: string; id: string };
    return http()
      .post(`${pageOf(pr, suppliers[index].id, token).replace('?', '/offers?')}`)
      .send({
        shippingDate: '2099-09-01',
        shippingCost: body.shippingCost,
        leadTimeDays: body.leadTimeDays,
        prices: [
          { kind: line.kind, lineId: line.id, quantity: 10, unitPrice: body.prices[0] },
          { kind: line.kind, lineId: line.id, quantity: 50, unitPrice: body.prices[1] },
        ],
      });
  };

  beforeAll(async () => {
    [db, smtp] = await Promise.all([createTestDatabase(), SmtpSink.start()]);
    acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH', timeZone: 'Europe/Berlin' });
    const config = testConfig(db, { SMTP_URL: smtp.url, PUBLIC_URL: 'http://localhost:4100', PROCUREMENT_CHECK_MS: String(CHECK_MS) });
    // Two workers: both check every 200 ms, as two worker processes would.
    const [started, ...others] = await Promise.all([startTestApi(config), startTestWorker(config), startTestWorker(config)]);
    api = started as NestExpressApplication;
    workers = others as INestApplicationContext[];
    checks = await SchedulerRuns.watch(workers[0].get(Queues).get(QueueName.Reminders), DUE_CHECK_SCHEDULER);
    admin = await createTestUser(api, acme, { roles: ['Administrator'], name: 'Eva Admin' });
    einkauf = await createTestUser(api, acme, { roles: ['Purchaser'], name: 'Jana Einkauf', language: 'de' });
    const post = async (resource: string, body: object, user = admin) => (await http().post(`/api/v1/${resource}`).set(user.headers).send(body).expect(201)).body;
    suppliers = [
      await post('suppliers', { name: 'Blech Müller GmbH', email: 'angebote@mueller.example', language: 'de' }),
      await post('suppliers', { name: 'Coat & Co', email: 'sales@coat.example', language: 'en' }),
      await post('suppliers', { name: 'Nuts Ltd', email: 'quotes@nuts.example', language: 'en' }),
    ];
    const bracket = await post('products', { name: 'Bracket', number: 'BR-100' });
    const cutting = await post('operations', { name: 'Laser cutting' });
    const laser = await post('product-operations', { productId: bracket.id, operationId: cutting.id, sorting: 10, boughtIn: true });
    const create = (name: string, deadline: string, user: TestUser) =>
      post(
        'purchase-requests',
        { name, closeSubmissionDeadline: deadline, products: [{ productId: bracket.id, quantities: [10, 50] }], supplierIds: suppliers.map((s) => s.id), productOperationIds: [laser.id] },
        user,
      );
    createRequest = create;
    atDeadline = await create('Brackets Q3', '2099-03-31T17:00:00.000Z', admin);
    early = await create('Brackets Q4', '2099-06-30T17:00:00.000Z', einkauf);
    for (const pr of [atDeadline, early]) await http().post(`/api/v1/purchase-requests/${pr.id}/send`).set(admin.headers).send({}).expect(200);
    await eventually(async () => smtp.mails.length === 6, 20_000, 'the invitations');
    await eventsHandled(db.url); // the tokens in the mails are stored once their jobs commit
    expect((await submit(atDeadline, 0, { prices: [5, 4] })).status).toBe(201);
    expect((await submit(atDeadline, 1, { shippingCost: 20, leadTimeDays: 5, prices: [4.5, 4] })).status).toBe(201);
    expect((await submit(early, 1, { leadTimeDays: 1, prices: [3, 2.5] })).status).toBe(201);
    for (const pr of [atDeadline, early]) {
      await eventually(async () => (await ratings(pr)).every((offer) => offer.rated_at !== null), 20_000, 'the offers rated');
    }
  });

  afterAll(async () => {
    await Promise.all([api?.close(), ...(workers ?? []).map((worker) => worker.close()), checks?.close()]);
    await smtp?.stop();
    await db?.drop();
  });

  it('closes a request by itself at its deadline, once, and mails its creator the ranking', async () => {
    // A price at a quantity nobody asked (stored before the page refused them): 77 pieces at 100.00. Neither the
    // rating nor the ranking mail reads it, so Müller's landed total stays 250.00 (it would be 7,950.00).
    const unasked = await onServer(
      (client) =>
        client.query(
          `INSERT INTO supplier_offer_prices (organization_id, supplier_offer_id, purchase_request_operation_id, quantity, unit_price)
           SELECT o.organization_id, o.id, p.purchase_request_operation_id, 77, 100
             FROM supplier_offers o JOIN supplier_offer_prices p ON p.supplier_offer_id = o.id
            WHERE o.purchase_request_id = $1::uuid AND o.latest AND o.supplier_id = $2::uuid AND p.quantity = 10`,
          [atDeadline.id, suppliers[0].id],
        ),
      db.url,
    );
    expect(unasked.rowCount).toBe(1);
    moveTo('2099-03-31T16:59:00.000Z');
    await checks.next(3);
    expect((await http().get(`/api/v1/purchase-requests/${atDeadline.id}`).set(admin.headers).expect(200)).body.status).toBe('open');

    moveTo('2099-03-31T17:00:30.000Z');
    const closed = await eventually(async () => {
      const { body } = await http().get(`/api/v1/purchase-requests/${atDeadline.id}`).set(admin.headers).expect(200);
      return body.status === 'closed' && body;
    }, 20_000, 'the close at the deadline');
    expect(closed.closedAt).toBe('2099-03-31T17:00:00.000Z');

    // The supplier's page: read-only now.
    const token = tokenIn(invitationTo(atDeadline, 2)[0]);
    expect((await http().get(pageOf(atDeadline, suppliers[2].id, token)).expect(200)).body.submissionAllowed).toBe(false);
    const refused = await submit(atDeadline, 2, { prices: [1, 1] });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: 'Submission is not allowed', code: 'submission_not_allowed' });

    const [ranking] = await eventually(async () => mailsTo(admin.email).length > 0 && mailsTo(admin.email), 20_000, 'the ranking mail');
    expect(ranking.headers.subject).toBe(`Purchase request ${atDeadline.number} closed: 2 offers – Brackets Q3`);
    const text = ranking.text;
    expect(text).toContain('Hello Eva Admin,');
    expect(text).toContain(`Purchase request ${atDeadline.number} "Brackets Q3" closed at its deadline, 31 Mar 2099, 19:00 CEST.`);
    // In the order of the stored rating, with its stars. Landed totals: Müller 5 × 10 + 4 × 50 = 250; Coat & Co 45 + 200 + 20 shipping = 265.
    const details: Record<string, string> = { 'Blech Müller GmbH': 'landed total €250.00', 'Coat & Co': 'landed total €265.00, lead time 5 days' };
    const ranked = await ratings(atDeadline);
    expect(ranked).toHaveLength(2);
    expect(text).toContain(
      `The offers, best rated first:\n${ranked.map((offer, index) => `${index + 1}. ${offer.name}: ${stars(offer.stars)}, 2 of 2 prices, ${details[offer.name]}`).join('\n')}\n`,
    );
    expect(text).toContain('No offer from: Nuts Ltd.');
    expect(text).toContain(`http://localhost:4100/purchase-requests/${atDeadline.id}/offers?host=acme`);

    // Two workers kept checking: still one close, one event, one mail.
    await checks.next(4);
    await eventsHandled(db.url);
    expect(mailsTo(admin.email)).toHaveLength(1);
    const events = await onServer(
      (client) => client.query(`SELECT payload FROM outbox_events WHERE job_name = 'procurement.ranking-mail' AND payload->>'purchaseRequestId' = $1`, [atDeadline.id]),
      db.url,
    );
    expect(events.rows.map((row) => row.payload.closedBy)).toEqual(['deadline']);
    // One ranking-mail job per recipient: here the creator alone.
    expect(events.rows.map((row) => row.payload.recipientId)).toEqual([admin.id]);
    // Rating first, then the mail: the final rating's job (the close's event) emits the mail's event in its transaction, after
    // it stored the final rating. `rated_at` is the procurement clock's (after the deadline); the events' times are the database's.
    const order = await onServer(
      (client) =>
        client.query(
          `SELECT (SELECT min(occurred_at) FROM outbox_events WHERE job_name = 'procurement.ranking-mail' AND payload->>'purchaseRequestId' = $1)
                  >= (SELECT handled_at FROM outbox_events
                       WHERE job_name = 'procurement.rate-offers' AND payload->>'purchaseRequestId' = $1 AND payload->>'closedBy' = 'deadline') AS after,
                  (SELECT min(rated_at) FROM supplier_offers WHERE purchase_request_id = $1::uuid AND latest) >= $2::timestamptz AS final`,
          [atDeadline.id, '2099-03-31T17:00:00.000Z'],
        ),
      db.url,
    );
    expect(order.rows[0]).toEqual({ after: true, final: true });
    // The final rating: one more rating event than the two submits made, in the close's transaction.
    const rated = await onServer(
      (client) => client.query(`SELECT count(*)::int AS n FROM outbox_events WHERE job_name = 'procurement.rate-offers' AND payload->>'purchaseRequestId' = $1`, [atDeadline.id]),
      db.url,
    );
    expect(rated.rows[0].n).toBe(3);
  });

  it('closes early when staff say so, with the same mail in the creator\'s language', async () => {
    const { body } = await http().post(`/api/v1/purchase-requests/${early.id}/close`).set(admin.headers).expect(200);
    expect(body.status).toBe('closed');
    await http().post(`/api/v1/purchase-requests/${early.id}/close`).set(admin.headers).expect(409);
    const [ranking] = await eventually(async () => mailsTo(einkauf.email).length > 0 && mailsTo(einkauf.email), 20_000, 'the ranking mail');
    expect(ranking.headers.subject).toBe(`Anfrage ${early.number} geschlossen: ein Angebot – Brackets Q4`);
    const text = ranking.text;
    expect(text).toContain('Hallo Jana Einkauf,');
    expect(text).toMatch(new RegExp(`Die Anfrage ${early.number} „Brackets Q4“ wurde am \\d{2}\\.\\d{2}\\.\\d{4}, \\d{2}:\\d{2} (MEZ|MESZ) vor Ablauf ihrer Frist geschlossen\\.`));
    const [only] = await ratings(early);
    expect(text).toContain(`Die Angebote, das am besten bewertete zuerst:\n1. Coat & Co: ${stars(only.stars)}, 2 von 2 Preisen, Einstandsbetrag 155,00\u00a0€, Lieferzeit 1 Tag\n`);
    expect(text).toContain('Kein Angebot von: Blech Müller GmbH, Nuts Ltd.');
  });

  it('opens a closed request again when its deadline is moved, and tells its suppliers with new links', async () => {
    const before = smtp.mails.length;
    const oldToken = tokenIn(invitationTo(early, 1).at(-1) as ReceivedMail);
    const invalid = await http().put(`/api/v1/purchase-requests/${early.id}`).set(admin.headers).send({ closeSubmissionDeadline: '2020-01-01T00:00:00.000Z' }).expect(422);
    expect(invalid.body.errors.closeSubmissionDeadline).toBeDefined();
    expect(smtp.mails).toHaveLength(before);

    const { body } = await http().put(`/api/v1/purchase-requests/${early.id}`).set(admin.headers).send({ closeSubmissionDeadline: '2099-07-31T17:00:00.000Z' }).expect(200);
    expect(body).toMatchObject({ status: 'open', closedAt: null, closeSubmissionDeadline: '2099-07-31T17:00:00.000Z' });
    await eventually(async () => smtp.mails.length === before + 3, 20_000, 'a mail to each supplier');
    await eventsHandled(db.url); // the tokens in the mails are stored once their jobs commit

    const german = invitationTo(early, 0).at(-1) as ReceivedMail;
    expect(german.headers.subject).toBe(`Wieder offen: Anfrage ${early.number}: Brackets Q4 – Acme Blech GmbH`);
    expect(german.text).toContain('Diese Anfrage ist wieder offen für Angebote: Ihre Frist wurde verschoben.');
    expect(german.text).toContain('Bitte geben Sie Ihr Angebot bis 31.07.2099, 19:00 MESZ ab.');
    const english = invitationTo(early, 1).at(-1) as ReceivedMail;
    expect(english.headers.subject).toBe(`Open again: Purchase request ${early.number}: Brackets Q4 – Acme Blech GmbH`);
    expect(english.text).toContain('the links of earlier mails about this request work only until you next submit an offer');

    // The new link lets the supplier revise its offer; the old one still opens the page until that revision, then says it was replaced.
    await http().get(pageOf(early, suppliers[1].id, oldToken)).expect(200);
    expect((await http().get(pageOf(early, suppliers[1].id, tokenIn(english))).expect(200)).body.submissionAllowed).toBe(true);
    const revised = await submit(early, 1, { leadTimeDays: 1, prices: [2.9, 2.4] });
    expect(revised.status).toBe(201);
    expect(revised.body.offer.revision).toBe(2);
    expect((await http().get(pageOf(early, suppliers[1].id, oldToken)).expect(410)).body.code).toBe('supplier_link_replaced');

    // An open request's deadline moved tells nobody.
    await http().put(`/api/v1/purchase-requests/${early.id}`).set(admin.headers).send({ closeSubmissionDeadline: '2099-08-31T17:00:00.000Z' }).expect(200);
    await eventsHandled(db.url);
    expect(smtp.mails).toHaveLength(before + 3);
  });

  it('mails the ranking to each recipient in a job of its own: an address the mail server refuses holds back no other', async () => {
    // Its creator has left: the ranking goes to everyone who may edit requests, Eva (English) and Jana (German).
    const leaver = await createTestUser(api, acme, { roles: ['Purchaser'], name: 'Lena Leaver' });
    // A deadline after every time the tests above moved the clock to: the due check must not close it before it is sent.
    const pr = await createRequest('Brackets Q1', '2099-12-31T17:00:00.000Z', leaver);
    await http().post(`/api/v1/purchase-requests/${pr.id}/send`).set(admin.headers).send({}).expect(200);
    await onServer((client) => client.query('UPDATE users SET active = false WHERE id = $1', [leaver.id]), db.url);
    // Eva's mail server refuses her address for good: her job fails every try.
    smtp.refuseTo.add(admin.email);
    try {
      await http().post(`/api/v1/purchase-requests/${pr.id}/close`).set(admin.headers).expect(200);
      const [ranking] = await eventually(async () => {
        const found = mailsTo(einkauf.email).filter((mail) => mail.headers.subject.startsWith(`Anfrage ${pr.number} geschlossen`));
        return found.length > 0 && found;
      }, 20_000, "Jana's ranking mail");
      expect(ranking.text).toContain('Hallo Jana Einkauf,');
      // Eva's job was tried as often as a job is (JOB_ATTEMPTS 3 in the tests), and failed; Jana's went all the same.
      await eventually(async () => smtp.refused.filter((address) => address === admin.email).length === 3, 20_000, "Eva's three refused tries");
      expect(mailsTo(admin.email).filter((mail) => mail.headers.subject.includes(pr.number))).toEqual([]);
      // Eva's tries sent Jana nothing again: one mail.
      expect(mailsTo(einkauf.email).filter((mail) => mail.headers.subject.includes(pr.number) && mail.headers.subject.includes('geschlossen'))).toHaveLength(1);
      const events = await onServer(
        (client) => client.query(`SELECT payload FROM outbox_events WHERE job_name = 'procurement.ranking-mail' AND payload->>'purchaseRequestId' = $1`, [pr.id]),
        db.url,
      );
      expect(events.rows.map((row) => row.payload.recipientId).sort()).toEqual([admin.id, einkauf.id].sort());
    } finally {
      smtp.refuseTo.clear();
    }
  });
});
