import { INestApplicationContext } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { join } from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import { calculateProducts } from '@fabquote/calculations';
import { AppConfig } from '@fabquote/config';
import { Organization, provisionOrganization, TenantTransactions } from '@fabquote/database';
import { producerRedisOptions, QUEUE_CONCURRENCY, QueueName } from '@fabquote/queue';
import {
  configAsEnvironment,
  createTestDatabase,
  createTestUser,
  eventually,
  onServer,
  RedisProcess,
  SmtpSink,
  TcpProxy,
  TestDatabase,
  testConfig,
  TestUser,
} from '@fabquote/testing';
import { startTestApi, startTestWorker } from '../../test-support';
import { TypeScriptProcess } from '../../../libs/testing/src/typescript-process';

jest.setTimeout(180_000);

const SUPPLIERS = 30;
const PRODUCTS = 400;
/** The mail jobs a worker runs at once: held in the middle of a send, that many wait for their supplier's row. */
const RUNNING = QUEUE_CONCURRENCY[QueueName.Mail];
/** Mails out before the send is held (then RUNNING jobs running, the rest waiting in Redis). */
const OUT = 10;

/**
 * The fault cases, on real services, that no work is lost or done twice by.
 * A Redis of the suite's own (it is flushed and restarted empty), the real API and worker, a real SMTP
 * server, this suite's PostgreSQL database (behind a TCP proxy where it must go away).
 *
 * Each case stops the work at a chosen point by holding rows the jobs need (a transaction of the test's
 * own), or by pausing a queue (a FLUSHALL takes the pause with it), never by timing: the send's first 10
 * mails are out, the next jobs, as many as the mail queue runs at once (`QUEUE_CONCURRENCY`, 8), wait for their
 * supplier's row, the others wait in Redis.
 * - Redis loses its data (FLUSHALL, a restart without persistence) with a send to 30 suppliers waiting,
 *   half sent, or running, and with a reprice of 400 products waiting, fanned out or running: 30 mails
 *   once, 400 products calculated once (the outbox relays again what was relayed and not handled within
 *   OUTBOX_REDELIVER_MS; the handled-jobs ledger keeps it once). A job that failed for good is recorded
 *   as failed and not relayed again.
 * - Two servers (API and worker each) on one database and Redis, with a FLUSHALL in the middle of two sends.
 * - A server killed with SIGKILL in the middle of a send (a worker in a process of its own).
 * - PostgreSQL going away in the middle of a send (its connections broken, new ones refused) and coming back.
 *
 * Elsewhere, not repeated here: `interrupted-jobs.e2e-spec.ts` (a worker killed in the middle of one job:
 * it runs again within seconds, once; a worker started after the lock expired takes it at once; a long job
 * keeps its lock), `poison-jobs.e2e-spec.ts` (a job that killed its worker by blocking its loop is parked as failed, not
 * retried blindly), `events.e2e-spec.ts` (Redis stopped: events wait in the outbox and go once it is back;
 * a job relayed twice or cleaned from Redis runs once; a failing job is retried, then kept failed),
 * `apps/api/test/unavailable.e2e-spec.ts` (PostgreSQL or Redis unreachable: the API answers 503 with
 * Retry-After and serves again), `procurement-reminders.e2e-spec.ts` (Redis flushed and stopped: the due
 * check's scheduler is made again, each reminder sent once) and `procurement-deadline.e2e-spec.ts` (two
 * workers checking deadlines: one close, one mail).
 */
describe('reliability: no work lost or doubled when Redis, PostgreSQL or a server fails', () => {
  let db: TestDatabase;
  let redis: RedisProcess;
  let redisClient: IORedis;
  let smtp: SmtpSink;
  let config: AppConfig;
  let api: NestExpressApplication;
  /** The in-process worker; the last cases replace it by one in a process of its own, then by one behind a proxy. */
  let worker: INestApplicationContext | undefined;
  let admin: TestUser;
  let acme: Organization;
  let mailQueue: Queue;
  let pricingQueue: Queue;
  let suppliers: Array<{ id: string; email: string }>;
  let asked: { productId: string; productOperationId: string };
  let materialId: string;
  let productIds: string[];
  let repricings = 0;
  const http = () => request(api.getHttpServer());
  const owner = async <T = Record<string, unknown>>(sql: string, parameters: unknown[] = []) =>
    (await onServer((client) => client.query(sql, parameters), db.url)).rows as T[];
  const flushAll = async () => expect(await redisClient.flushall()).toBe('OK');

  /** Holds not released yet: a case that failed while holding rows lets them go afterwards, so the next cases (and the workers' close) do not wait for them. */
  const held = new Set<() => Promise<void>>();
  /** Rows held FOR UPDATE by a transaction of the test's own until `release`. */
  const hold = async (sql: string, parameters: unknown[]) => {
    const client = new Client({ connectionString: db.url });
    await client.connect();
    await client.query('BEGIN');
    await client.query(sql, parameters);
    const release = async () => {
      if (!held.delete(release)) return;
      await client.query('COMMIT');
      await client.end();
    };
    held.add(release);
    return release;
  };
  afterEach(async () => {
    await Promise.all([...held].map((release) => release()));
  });

  beforeAll(async () => {
    [db, redis, smtp] = await Promise.all([createTestDatabase(), RedisProcess.start(), SmtpSink.start()]);
    acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    config = testConfig(db, { REDIS_URL: redis.url, SMTP_URL: smtp.url, OUTBOX_REDELIVER_MS: '1000' });
    [api, worker] = await Promise.all([startTestApi(config), startTestWorker(config)]);
    redisClient = new IORedis(redis.url, { maxRetriesPerRequest: 1 });
    const queue = (name: QueueName) => new Queue(name, { connection: producerRedisOptions(redis.url), prefix: config.QUEUE_PREFIX });
    [mailQueue, pricingQueue] = [queue(QueueName.Mail), queue(QueueName.Pricing)];
    admin = await createTestUser(api, acme, { roles: ['Administrator'] });
    const tenants = new TenantTransactions(db.app);
    ({ suppliers, asked, materialId, productIds } = await tenants.run(acme.id, async (m) => {
      const inserted: Array<{ id: string; email: string }> = await m.query(
        `INSERT INTO suppliers (name, email, language)
         SELECT 'Supplier ' || lpad(n::text, 2, '0'), 'offers@supplier-' || n || '.example', 'en' FROM generate_series(1, $1) n RETURNING id, email`,
        [SUPPLIERS],
      );
      const [{ id: productId }] = await m.query(`INSERT INTO products (name, number, type) VALUES ('Housing door', 'HS-200-D', 'assembly') RETURNING id`);
      const [{ id: operationId }] = await m.query(`INSERT INTO operations (name, fab_number) VALUES ('Powder coating (bought in)', 'OP-90') RETURNING id`);
      const [{ id: productOperationId }] = await m.query(
        `INSERT INTO product_operations (product_id, sorting, operation_id, bought_in) VALUES ($1, 10, $2, true) RETURNING id`,
        [productId, operationId],
      );
      const [{ id: material }] = await m.query(`INSERT INTO materials (name, number, price_per_unit, price_unit, density) VALUES ('S235 2mm', 'S235-2', 1, 'kg', 7.85) RETURNING id`);
      const products: Array<{ id: string }> = await m.query(
        `INSERT INTO products (name, number, material_id, thickness, blank_width, blank_length)
         SELECT 'Bracket ' || n, 'BR-' || n, $1, 2, 100 + n, 80 + n FROM generate_series(1, $2) n RETURNING id`,
        [material, PRODUCTS],
      );
      return { suppliers: inserted, asked: { productId, productOperationId }, materialId: material as string, productIds: products.map((row) => row.id).sort() };
    }));
    // Repricing visits only products calculated before.
    for (let start = 0; start < PRODUCTS; start += 100) {
      const run = await tenants.run(acme.id, (m) => calculateProducts(m, productIds.slice(start, start + 100), 'First calculation'));
      expect(run.failed).toEqual([]);
    }
  });

  afterAll(async () => {
    await Promise.all([api?.close(), worker?.close(), mailQueue?.close(), pricingQueue?.close()]);
    redisClient?.disconnect();
    await Promise.all([smtp?.stop(), redis?.stop()]);
    await db?.drop();
  });

  // ----- a send to 30 suppliers -----

  /** A purchase request to all 30 suppliers, sent through `server`; its invitations in the order they were emitted. */
  const send = async (server: NestExpressApplication = api) => {
    const created = (
      await request(server.getHttpServer())
        .post('/api/v1/purchase-requests')
        .set(admin.headers)
        .send({
          name: 'Door coating',
          closeSubmissionDeadline: '2099-03-31T17:00:00Z',
          products: [{ productId: asked.productId, quantities: [10, 50] }],
          supplierIds: suppliers.map((supplier) => supplier.id),
          productOperationIds: [asked.productOperationId],
        })
        .expect(201)
    ).body as { id: string; number: string };
    await request(server.getHttpServer()).post(`/api/v1/purchase-requests/${created.id}/send`).set(admin.headers).send({}).expect(200);
    const events = await owner<{ id: string; supplier_id: string }>(
      `SELECT id, payload->>'supplierId' AS supplier_id FROM outbox_events
        WHERE job_name = 'procurement.invite-supplier' AND payload->>'purchaseRequestId' = $1 ORDER BY occurred_at`,
      [created.id],
    );
    expect(events).toHaveLength(SUPPLIERS);
    return { ...created, events };
  };
  type Sent = Awaited<ReturnType<typeof send>>;

  const mailsOf = (sent: Sent) => smtp.mails.filter((mail) => mail.headers.subject?.includes(`${sent.number}:`));
  const relayed = async (eventIds: string[]) =>
    (await owner<{ n: number }>(`SELECT count(*)::int AS n FROM outbox_events WHERE id = ANY($1::uuid[]) AND relayed_at IS NOT NULL`, [eventIds]))[0].n === eventIds.length;
  const done = async (eventIds: string[]) =>
    (await owner<{ n: number }>(`SELECT count(*)::int AS n FROM outbox_events WHERE id = ANY($1::uuid[]) AND handled_at IS NOT NULL`, [eventIds]))[0].n;
  const idle = async (queue: Queue) => Object.values(await queue.getJobCounts('waiting', 'active', 'delayed', 'paused', 'prioritized')).every((count) => count === 0);

  /**
   * A send to all suppliers held with its first OUT mails out, the next RUNNING jobs running (waiting for their
   * supplier's row) and the rest waiting in Redis. The queue is paused before the send: the relay adds the jobs
   * at once, and one taken before the pause would run out of turn.
   */
  const sendHeldInTheMiddle = async () => {
    // Some of the send in each place: out, running, waiting in Redis (a mail queue running 20 at once would leave none waiting).
    expect(SUPPLIERS - OUT - RUNNING).toBeGreaterThan(0);
    await mailQueue.pause();
    const sent = await send();
    await eventually(() => relayed(sent.events.map((event) => event.id)), 20_000, 'the invitations relayed');
    // The order the worker takes them in (first in, first out), not `occurred_at`'s: one insert's 30 rows
    // share clock ticks, so ORDER BY occurred_at leaves ties in any order (and the relay's claim too).
    const queued = (await mailQueue.getJobs(['wait', 'paused'], 0, -1, true)).map((job) => job.id);
    expect([...queued].sort()).toEqual(sent.events.map((event) => event.id).sort());
    const inTurn = queued.map((id) => sent.events.find((event) => event.id === id) as Sent['events'][number]);
    const release = await hold(`SELECT 1 FROM purchase_request_suppliers WHERE purchase_request_id = $1 AND supplier_id = ANY($2::uuid[]) FOR UPDATE`, [
      sent.id,
      inTurn.slice(OUT).map((event) => event.supplier_id),
    ]);
    await mailQueue.resume();
    // The mails out are also committed (handled): a job between its mail and its commit when the fault
    // comes is the SMTP window (README, "Redis in production"), whose mail goes again with the same Message-ID.
    const first = inTurn.slice(0, OUT).map((event) => event.id);
    await eventually(
      async () => mailsOf(sent).length === OUT && (await done(first)) === OUT && (await mailQueue.getActiveCount()) === RUNNING,
      30_000,
      `${OUT} mails out and handled, ${RUNNING} jobs running`,
    );
    return { sent, release };
  };

  /** Every supplier has exactly one invitation of this request, every event is done, and nothing else is on its way. */
  const expectEachMailOnce = async (...sends: Sent[]) => {
    const eventIds = sends.flatMap((sent) => sent.events.map((event) => event.id));
    await eventually(async () => (await done(eventIds)) === eventIds.length, 60_000, 'every invitation handled');
    await eventually(() => idle(mailQueue), 30_000, 'the mail queue idle');
    for (const sent of sends) {
      expect(mailsOf(sent)).toHaveLength(SUPPLIERS);
      expect(new Set(mailsOf(sent).flatMap((mail) => mail.to))).toEqual(new Set(suppliers.map((supplier) => supplier.email)));
    }
    const ledger = await owner<{ n: number }>(`SELECT count(*)::int AS n FROM handled_jobs WHERE job_id = ANY($1)`, [eventIds]);
    expect(ledger[0].n).toBe(eventIds.length);
  };

  it('sends 30 invitations once when Redis is flushed with all of them waiting in it', async () => {
    await mailQueue.pause();
    const sent = await send();
    await eventually(() => relayed(sent.events.map((event) => event.id)), 20_000, 'the invitations relayed');
    expect(await mailQueue.count()).toBe(SUPPLIERS);
    await flushAll();
    expect(await mailQueue.count()).toBe(0);
    await expectEachMailOnce(sent);
  });

  it(`sends 30 invitations once when Redis is flushed in the middle of the send (${OUT} out, ${RUNNING} running, ${SUPPLIERS - OUT - RUNNING} waiting)`, async () => {
    const { sent, release } = await sendHeldInTheMiddle();
    await flushAll();
    await release();
    await expectEachMailOnce(sent);
  });

  it('sends 30 invitations once when Redis restarts empty (no persistence) in the middle of the send', async () => {
    const { sent, release } = await sendHeldInTheMiddle();
    await redis.restartEmpty();
    await release();
    await expectEachMailOnce(sent);
  });

  it('records a job that failed for good as failed, and does not relay it again, not even after Redis lost it', async () => {
    smtp.refuse = true;
    let eventId: string;
    try {
      eventId = await new TenantTransactions(db.app).run(acme.id, async (m) => {
        const [{ id }] = await m.query(
          `INSERT INTO outbox_events (job_name, queue_name, payload) VALUES ('mail.send', 'mail', $1) RETURNING id`,
          [{ organizationId: acme.id, to: [{ address: 'eva@supplier.example' }], subject: 'Refused for good', text: 'x' }],
        );
        return id as string;
      });
      await eventually(async () => (await mailQueue.getJobState(eventId)) === 'failed', 20_000, 'the job to fail');
    } finally {
      smtp.refuse = false;
    }
    const failed = await eventually(async () => {
      const [row] = await owner<{ failed_at: Date | null; failed_reason: string | null; handled_at: Date | null }>(
        `SELECT failed_at, failed_reason, handled_at FROM outbox_events WHERE id = $1`,
        [eventId],
      );
      return row.failed_at ? row : undefined;
    }, 20_000, 'the failure recorded in the outbox');
    expect(failed.failed_reason).toMatch(/451|Mailbox busy/);
    expect(failed.handled_at).toBeNull();
    // Redis loses the failed job: the relay does not look at it again, so it is not sent after all.
    await flushAll();
    const looked = await owner<{ id: string }>(`SELECT id FROM outbox_claim_unhandled('0 milliseconds', 1000)`);
    expect(looked.map((row) => row.id)).not.toContain(eventId);
    await new Promise((wait) => setTimeout(wait, 2 * config.OUTBOX_REDELIVER_MS));
    expect(await mailQueue.getJobState(eventId)).toBe('unknown');
    expect(smtp.mails.filter((mail) => mail.headers.subject === 'Refused for good')).toHaveLength(0);
  });

  // ----- a reprice of 400 products -----

  /** A new price of the material (all 400 products use it): one `pricing.reprice`, fanned out to 4 `pricing.calculate` of 100. */
  const reprice = async () => {
    repricings += 1;
    await http()
      .post('/api/v1/material-prices')
      .set(admin.headers)
      .send({ materialId, price: 1 + repricings / 10, validFrom: `${2019 + repricings}-01-01` })
      .expect(201);
    const [event] = await owner<{ id: string }>(
      `SELECT id FROM outbox_events WHERE job_name = 'pricing.reprice' AND payload->>'sourceId' = $1 ORDER BY occurred_at DESC LIMIT 1`,
      [materialId],
    );
    return event.id;
  };
  /** The calculations the reprice emitted (the cases run one after the other: those emitted after it). */
  const calculateEvents = (repriceId: string) =>
    owner<{ id: string; relayed_at: Date | null }>(
      `SELECT id, relayed_at FROM outbox_events
        WHERE job_name = 'pricing.calculate' AND occurred_at > (SELECT occurred_at FROM outbox_events WHERE id = $1)`,
      [repriceId],
    );

  /** Every product has one calculation more than before this repricing, at the new price; every event of it is done. */
  const expectEachProductOnce = async (repriceId: string) => {
    await eventually(async () => (await done([repriceId])) === 1, 60_000, 'the reprice handled');
    const calculations = async () =>
      owner<{ count: number; products: number; latest: number }>(
        `SELECT count(*)::int AS count, count(DISTINCT product_id)::int AS products, max(index)::int AS latest
           FROM calculations WHERE product_id = ANY($1::uuid[]) AND index = $2`,
        [productIds, repricings + 1],
      );
    await eventually(async () => (await calculations())[0].products === PRODUCTS, 60_000, 'all 400 products repriced');
    await eventually(() => idle(pricingQueue), 30_000, 'the pricing queue idle');
    expect((await calculations())[0]).toEqual({ count: PRODUCTS, products: PRODUCTS, latest: repricings + 1 });
    const beyond = await owner<{ n: number }>(`SELECT count(*)::int AS n FROM calculations WHERE product_id = ANY($1::uuid[]) AND index > $2`, [
      productIds,
      repricings + 1,
    ]);
    expect(beyond[0].n).toBe(0);
    const pending = await owner<{ n: number }>(`SELECT count(*)::int AS n FROM outbox_events WHERE job_name LIKE 'pricing.%' AND handled_at IS NULL`);
    expect(pending[0].n).toBe(0);
  };

  it('reprices 400 products once when Redis restarts empty with the reprice waiting in it', async () => {
    await pricingQueue.pause();
    const repriceId = await reprice();
    await eventually(() => relayed([repriceId]), 20_000, 'the reprice relayed');
    await redis.restartEmpty();
    await expectEachProductOnce(repriceId);
  });

  it('reprices 400 products once when Redis is flushed with the reprice handled and its 4 calculations waiting in it', async () => {
    await pricingQueue.pause();
    const repriceId = await reprice();
    await eventually(() => relayed([repriceId]), 20_000, 'the reprice relayed');
    // The reprice job runs and waits (its ledger entry marks its outbox row, which the test holds) while the queue is paused again.
    const release = await hold(`SELECT 1 FROM outbox_events WHERE id = $1 FOR UPDATE`, [repriceId]);
    await pricingQueue.resume();
    await eventually(async () => (await pricingQueue.getActiveCount()) === 1, 20_000, 'the reprice running');
    await pricingQueue.pause();
    await release();
    await eventually(async () => {
      const events = await calculateEvents(repriceId);
      return events.length === PRODUCTS / 100 && events.every((event) => event.relayed_at);
    }, 20_000, 'the 4 calculations relayed');
    await eventually(async () => (await pricingQueue.getJobState(repriceId)) === 'completed', 20_000, 'the reprice completed');
    await flushAll();
    await expectEachProductOnce(repriceId);
  });

  it('reprices 400 products once when Redis is flushed with its 4 calculations running', async () => {
    // One product of each batch of 100 held: each calculation job waits for it.
    const release = await hold(`SELECT 1 FROM products WHERE id = ANY($1::uuid[]) FOR UPDATE`, [[0, 100, 200, 300].map((index) => productIds[index])]);
    const repriceId = await reprice();
    await eventually(async () => (await done([repriceId])) === 1 && (await pricingQueue.getActiveCount()) === 4, 30_000, 'the 4 calculations running');
    await flushAll();
    await release();
    await expectEachProductOnce(repriceId);
  });

  // ----- servers -----

  it('sends every invitation once with two servers on one database and Redis, Redis flushed in the middle of two sends', async () => {
    const [secondApi, secondWorker] = await Promise.all([startTestApi(config), startTestWorker(config)]);
    try {
      await mailQueue.pause();
      const first = await send(api);
      const second = await send(secondApi);
      const eventIds = [...first.events, ...second.events].map((event) => event.id);
      await eventually(() => relayed(eventIds), 20_000, 'both sends relayed');
      await flushAll();
      await expectEachMailOnce(first, second);
    } finally {
      await Promise.all([secondApi.close(), secondWorker.close()]);
    }
  });

  it('sends 30 invitations once when the server is killed (SIGKILL) in the middle of the send and another starts', async () => {
    await worker?.close();
    let next: INestApplicationContext | undefined;
    const killed = TypeScriptProcess.start(join(__dirname, 'support/worker-process.ts'), { FABQUOTE_CONFIG: JSON.stringify(configAsEnvironment(config)) });
    try {
      await killed.message();
      const { sent, release } = await sendHeldInTheMiddle();
      await killed.killHard();
      // Its connections are gone, its transactions rolled back; its RUNNING jobs are still active in Redis, with locks nobody renews.
      await release();
      next = await startTestWorker(config);
      await expectEachMailOnce(sent);
    } finally {
      await killed.killHard();
      worker = next ?? (await startTestWorker(config));
    }
  });

  it('sends 30 invitations once when PostgreSQL goes away in the middle of the send and comes back', async () => {
    const server = new URL(db.url);
    const database = await TcpProxy.start({ host: server.hostname, port: Number(server.port || 5432) });
    await worker?.close();
    worker = undefined;
    // Retries spaced so that a PostgreSQL away for a few seconds uses up only some of them (production: 5 s doubling, 5 tries).
    const proxied = await startTestWorker(
      testConfig(db, {
        REDIS_URL: redis.url,
        SMTP_URL: smtp.url,
        QUEUE_PREFIX: config.QUEUE_PREFIX,
        OUTBOX_REDELIVER_MS: '1000',
        DATABASE_URL: database.urlFor(db.url),
        JOB_ATTEMPTS: '6',
        JOB_BACKOFF_MS: '500',
      }),
    );
    try {
      const { sent, release } = await sendHeldInTheMiddle();
      await database.cut();
      // The running jobs lost their connection (and their transaction); the next tries find no database.
      await eventually(async () => (await mailQueue.getDelayedCount()) > 0, 20_000, 'jobs failing while PostgreSQL is away');
      await release();
      await database.restore();
      await expectEachMailOnce(sent);
    } finally {
      await database.restore();
      await proxied.close();
      await database.cut();
    }
  });
});
