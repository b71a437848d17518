import { INestApplicationContext } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import IORedis from 'ioredis';
import request from 'supertest';
import { AppConfig } from '@fabquote/config';
import { Organization, provisionOrganization } from '@fabquote/database';
import { QueueName, Queues } from '@fabquote/queue';
import { createTestDatabase, createTestUser, eventually, onServer, ReceivedMail, RedisProcess, SchedulerRuns, SmtpSink, supplierLinkIn, TestDatabase, testConfig, TestUser } from '@fabquote/testing';
import { DUE_CHECK_SCHEDULER } from '../../api/src/procurement/deadline/deadline-check';
import { ProcurementClock } from '../../api/src/procurement/shared/procurement-clock';
import { startTestApi, startTestWorker } from '../../test-support';

jest.setTimeout(180_000);

const CHECK_MS = 200;

/** The token of the personal link in a supplier's mail. */
function tokenIn(mail: ReceivedMail): string {
  return supplierLinkIn(mail).searchParams.get('token') as string;
}

const FREQUENCIES = ['once', 'daily', 'every_3_days', 'weekly', 'monthly'] as const;
type Frequency = (typeof FREQUENCIES)[number];
/** Far enough for every frequency's slots to be ahead of the invitations, and a calendar known by heart (2099 is no leap year). */
const DEADLINE = '2099-03-31T17:00:00.000Z';

/**
 * docs/api-procurement.md, "Procurement II: reminders and the deadline": a request per frequency, sent
 * to a German and an English supplier, and the worker's clock moved through the weeks before the
 * deadline. Redis is the suite's own, so it can be stopped and flushed.
 */
describe('reminders to suppliers that have not offered', () => {
  let db: TestDatabase;
  let redis: RedisProcess;
  let smtp: SmtpSink;
  let config: AppConfig;
  let api: NestExpressApplication;
  let worker: INestApplicationContext;
  /** The worker's due checks as they complete: "nothing more happens" is checked after a few of them, not after a sleep. */
  let checks: SchedulerRuns;
  let acme: Organization;
  let admin: TestUser;
  let suppliers: { de: { id: string; email: string }; en: { id: string; email: string } };
  const requests = {} as Record<Frequency, { id: string; number: string }>;
  const http = () => request(api.getHttpServer());

  /** Reminders so far to `supplier` about the request of `frequency`. */
  const reminders = (frequency: Frequency, supplier: 'de' | 'en') =>
    smtp.mails.filter((mail) => mail.to.includes(suppliers[supplier].email) && /^(Reminder|Erinnerung): /.test(mail.headers.subject) && mail.headers.subject.includes(requests[frequency].number));
  const counts = () => Object.fromEntries(FREQUENCIES.map((frequency) => [frequency, [reminders(frequency, 'de').length, reminders(frequency, 'en').length]]));
  const moveTo = (iso: string) => {
    const clock = worker.get(ProcurementClock);
    clock.travel(new Date(iso).getTime() - clock.now().getTime());
  };
  /** Moves the worker's clock and waits for these totals of reminders (German, English supplier) per frequency; then a few more checks change nothing. */
  const at = async (iso: string, expected: Record<Frequency, [number, number]>) => {
    moveTo(iso);
    await eventually(async () => JSON.stringify(counts()) === JSON.stringify(expected) || undefined, 20_000, `the reminders at ${iso}: ${JSON.stringify(expected)}`).catch(() => {
      throw new Error(`at ${iso} expected ${JSON.stringify(expected)}, got ${JSON.stringify(counts())}`);
    });
    await checks.next(3);
    expect(counts()).toEqual(expected);
  };
  const ledger = async () =>
    (await onServer((client) => client.query(`SELECT purchase_request_id, supplier_id, slot FROM purchase_request_reminders ORDER BY slot`), db.url)).rows as Array<{
      purchase_request_id: string;
      slot: Date;
    }>;
  const page = (frequency: Frequency, supplierId: string, token: string) =>
    http().get(`/api/v1/pub/purchase-requests/${requests[frequency].id}/${supplierId}?token=${token}&host=acme`);

  beforeAll(async () => {
    [db, redis, smtp] = await Promise.all([createTestDatabase(), RedisProcess.start(), SmtpSink.start()]);
    acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    config = testConfig(db, { REDIS_URL: redis.url, SMTP_URL: smtp.url, PUBLIC_URL: 'http://localhost:4100', PROCUREMENT_CHECK_MS: String(CHECK_MS) });
    [api, worker] = await Promise.all([startTestApi(config), startTestWorker(config)]);
    checks = await SchedulerRuns.watch(worker.get(Queues).get(QueueName.Reminders), DUE_CHECK_SCHEDULER);
    admin = await createTestUser(api, acme, { roles: ['Administrator'] });
    const post = async (resource: string, body: object) => (await http().post(`/api/v1/${resource}`).set(admin.headers).send(body).expect(201)).body;
    suppliers = {
      de: await post('suppliers', { name: 'Blech Müller GmbH', email: 'angebote@mueller.example', language: 'de' }),
      en: await post('suppliers', { name: 'Coat & Co', email: 'sales@coat.example', language: 'en' }),
    };
    const bracket = await post('products', { name: 'Bracket', number: 'BR-100' });
    const cutting = await post('operations', { name: 'Laser cutting' });
    const laser = await post('product-operations', { productId: bracket.id, operationId: cutting.id, sorting: 10, boughtIn: true });
    for (const frequency of FREQUENCIES) {
      requests[frequency] = await post('purchase-requests', {
        name: `Brackets ${frequency}`,
        closeSubmissionDeadline: DEADLINE,
        reminderFrequency: frequency,
        products: [{ productId: bracket.id, quantities: [10, 50] }],
        supplierIds: [suppliers.de.id, suppliers.en.id],
        productOperationIds: [laser.id],
      });
      await http().post(`/api/v1/purchase-requests/${requests[frequency].id}/send`).set(admin.headers).send({}).expect(200);
    }
    await eventually(async () => smtp.mails.length === 2 * FREQUENCIES.length, 20_000, 'the invitations');
  });

  afterAll(async () => {
    await Promise.all([api?.close(), worker?.close(), checks?.close()]);
    await Promise.all([smtp?.stop(), redis?.stop()]);
    await db?.drop();
  });

  it('sends nothing right after the invitations', async () => {
    await checks.next(3);
    expect(counts()).toEqual({ once: [0, 0], daily: [0, 0], every_3_days: [0, 0], weekly: [0, 0], monthly: [0, 0] });
  });

  it('reminds at the first slots of each frequency, in the supplier\'s language, with a new link that replaces the old one', async () => {
    const invitation = smtp.mails.find((mail) => mail.to.includes(suppliers.de.email) && mail.headers.subject.includes(requests.monthly.number)) as ReceivedMail;
    // 31 January 18:00: daily (31 Jan 17:00), every 3 days (30 Jan), weekly (27 Jan) and monthly (31 Jan) have a slot passed; once not.
    await at('2099-01-31T18:00:00.000Z', { once: [0, 0], daily: [1, 1], every_3_days: [1, 1], weekly: [1, 1], monthly: [1, 1] });

    const [german] = reminders('monthly', 'de');
    expect(german.headers.subject).toBe(`Erinnerung: Anfrage ${requests.monthly.number}: Brackets monthly – Acme Blech GmbH`);
    expect(german.text).toContain('Wir haben Ihr Angebot noch nicht erhalten: Dies ist eine Erinnerung.');
    expect(german.text).toContain('die Links früherer E-Mails zu dieser Anfrage gelten nur noch, bis Sie das nächste Mal ein Angebot abgeben');
    // No time zone set: UTC, named.
    expect(german.text).toContain('Bitte geben Sie Ihr Angebot bis 31.03.2099, 17:00 UTC ab.');
    const [english] = reminders('monthly', 'en');
    expect(english.headers.subject).toBe(`Reminder: Purchase request ${requests.monthly.number}: Brackets monthly – Acme Blech GmbH`);
    expect(english.text).toContain('We have not received your offer yet: this is a reminder.');
    expect(english.headers['message-id']).toMatch(/^<[0-9a-f-]{36}@acme\.fabquote>$/);

    // The reminder's link opens the page; so does the invitation's, replaced, until the supplier submits.
    await page('monthly', suppliers.de.id, tokenIn(german)).expect(200);
    await page('monthly', suppliers.de.id, tokenIn(invitation)).expect(200);
    expect(tokenIn(invitation)).not.toBe(tokenIn(german));

    const slots = (await ledger()).filter((row) => row.purchase_request_id === requests.monthly.id).map((row) => row.slot.toISOString());
    expect(slots).toEqual(['2099-01-31T17:00:00.000Z', '2099-01-31T17:00:00.000Z']);
  });

  it('reminds daily, every 3 days and weekly at their next slots, and not a supplier that has offered', async () => {
    await at('2099-02-01T18:00:00.000Z', { once: [0, 0], daily: [2, 2], every_3_days: [1, 1], weekly: [1, 1], monthly: [1, 1] });
    // The English supplier offers on the daily request (with the link of its latest reminder): no more reminders to it there.
    const token = tokenIn(reminders('daily', 'en')[1]);
    const lines = (await page('daily', suppliers.en.id, token).expect(200)).body.lines as Array<{ kind: string; id: string }>;
    await http()
      .post(`/api/v1/pub/purchase-requests/${requests.daily.id}/${suppliers.en.id}/offers?token=${token}&host=acme`)
      .send({ shippingDate: '2099-04-30', prices: [{ kind: lines[0].kind, lineId: lines[0].id, quantity: 10, unitPrice: 4.5 }] })
      .expect(201);
    await at('2099-02-02T18:00:00.000Z', { once: [0, 0], daily: [3, 2], every_3_days: [2, 2], weekly: [1, 1], monthly: [1, 1] });
  });

  it('sends nothing more for a request closed by staff', async () => {
    await http().post(`/api/v1/purchase-requests/${requests.every_3_days.id}/close`).set(admin.headers).expect(200);
    await at('2099-02-03T18:00:00.000Z', { once: [0, 0], daily: [4, 2], every_3_days: [2, 2], weekly: [2, 2], monthly: [1, 1] });
  });

  it('sends a due reminder exactly once although Redis was stopped and flushed between the scheduling and the due time', async () => {
    const client = new IORedis(redis.url, { maxRetriesPerRequest: 1 });
    try {
      const queue = worker.get(Queues).get(QueueName.Reminders);
      expect(await queue.getJobScheduler(DUE_CHECK_SCHEDULER)).toMatchObject({ every: CHECK_MS });
      // Redis loses everything (the scheduler, its next job) and goes away; meanwhile the reminders of
      // 28 February come due (the slots between are missed: one reminder each).
      const [[, flushed], [, left]] = (await client.multi().flushall().dbsize().exec()) as Array<[Error | null, unknown]>;
      expect([flushed, left]).toEqual(['OK', 0]);
      await redis.stop();
      moveTo('2099-02-28T18:00:00.000Z');
      // No due check can run until the worker has Redis again (nothing of it runs without): once it knows Redis is gone, nothing was sent.
      await eventually(async () => (await queue.client).status !== 'ready', 20_000, 'the worker to lose Redis');
      expect(counts()).toEqual({ once: [0, 0], daily: [4, 2], every_3_days: [2, 2], weekly: [2, 2], monthly: [1, 1] });
      await redis.restart();
      await at('2099-02-28T18:00:00.000Z', { once: [0, 0], daily: [5, 2], every_3_days: [2, 2], weekly: [3, 3], monthly: [2, 2] });
      expect(await queue.getJobScheduler(DUE_CHECK_SCHEDULER)).toMatchObject({ every: CHECK_MS });
    } finally {
      client.disconnect();
    }
  });

  it('sends one reminder, not one per slot missed, after the worker was down for a month', async () => {
    await worker.close();
    // Whatever ran in the meantime ran at the machine's time: nothing is due then.
    worker = await startTestWorker(config);
    await checks.next(3);
    expect(counts()).toEqual({ once: [0, 0], daily: [5, 2], every_3_days: [2, 2], weekly: [3, 3], monthly: [2, 2] });
    // 30 March 18:00: once (30 Mar 17:00), daily (30 Mar, 29 days missed), weekly (24 Mar); monthly's 28 Feb was sent.
    await at('2099-03-30T18:00:00.000Z', { once: [1, 1], daily: [6, 2], every_3_days: [2, 2], weekly: [4, 4], monthly: [2, 2] });
    const daily = (await ledger()).filter((row) => row.purchase_request_id === requests.daily.id).map((row) => row.slot.toISOString());
    expect(daily).toEqual([
      ...['01-31', '02-01', '02-02', '02-03', '02-28', '03-30'].map((day) => `2099-${day}T17:00:00.000Z`),
      ...['01-31', '02-01'].map((day) => `2099-${day}T17:00:00.000Z`),
    ].sort());
  });

  it('sends nothing after the deadline: the requests are closed', async () => {
    await at('2099-03-31T17:30:00.000Z', { once: [1, 1], daily: [6, 2], every_3_days: [2, 2], weekly: [4, 4], monthly: [2, 2] });
    const statuses = await Promise.all(FREQUENCIES.map(async (frequency) => (await http().get(`/api/v1/purchase-requests/${requests[frequency].id}`).set(admin.headers).expect(200)).body.status));
    expect(statuses).toEqual(['closed', 'closed', 'closed', 'closed', 'closed']);
    await checks.next(3);
    expect(counts()).toEqual({ once: [1, 1], daily: [6, 2], every_3_days: [2, 2], weekly: [4, 4], monthly: [2, 2] });
  });
});
