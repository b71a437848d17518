import { INestApplicationContext } from '@nestjs/common';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { AppConfig } from '@fabquote/config';
import { Organization, provisionOrganization, TenantTransactions } from '@fabquote/database';
import { EventOutbox, QueueName, Queues } from '@fabquote/queue';
import {
  createTestDatabase,
  eventually,
  onServer,
  RedisProcess,
  SmtpSink,
  TestDatabase,
  testConfig,
} from '@fabquote/testing';
import { startTestWorker } from '../../test-support';

/**
 * Events travel outbox → relay → BullMQ → job runner → handler. These tests use a
 * Redis of their own (so they can stop it), a real SMTP server, and the real worker.
 */
describe('events from the outbox to the worker', () => {
  let db: TestDatabase;
  let redis: RedisProcess;
  let smtp: SmtpSink;
  let config: AppConfig;
  let worker: INestApplicationContext;
  let tenants: TenantTransactions;
  let outbox: EventOutbox;
  let mailQueue: Queue;
  let acme: Organization;
  let beta: Organization;

  const sendMail = (organization: Organization, subject: string) =>
    tenants.run(organization.id, () =>
      outbox.emit('mail.send', { to: [{ name: 'Eva Einkauf', address: 'eva@supplier.example' }], subject, text: `Body of ${subject}` }),
    );
  const relayedAt = async (eventId: string) =>
    (await onServer((client) => client.query(`SELECT relayed_at FROM outbox_events WHERE id = $1`, [eventId]), db.url)).rows[0]
      ?.relayed_at as Date | null;
  const mailsWith = (subject: string) => smtp.mails.filter((mail) => mail.headers.subject === subject);

  beforeAll(async () => {
    [db, redis, smtp] = await Promise.all([createTestDatabase(), RedisProcess.start(), SmtpSink.start()]);
    acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    beta = await provisionOrganization(db.app, { slug: 'beta', name: 'Beta Laser AG' });
    config = testConfig(db, { REDIS_URL: redis.url, SMTP_URL: smtp.url });
    worker = await startTestWorker(config);
    tenants = worker.get(TenantTransactions);
    outbox = new EventOutbox(tenants);
    mailQueue = worker.get(Queues).get(QueueName.Mail);
    await tenants.run(acme.id, (m) => m.query(`INSERT INTO settings (slug, value) VALUES ('mail-sender-name', '"Acme Einkauf"')`));
    await tenants.run(beta.id, (m) => m.query(`INSERT INTO settings (slug, value) VALUES ('mail-sender-name', '"Beta Purchasing"')`));
  });

  afterAll(async () => {
    await worker?.close();
    await Promise.all([smtp?.stop(), redis?.stop()]);
    await db?.drop();
  });

  it('delivers a committed event as a job, handled in its organization (mail from that organization’s sender)', async () => {
    await sendMail(acme, 'Purchase request 1');
    await sendMail(beta, 'Purchase request 2');
    await eventually(async () => mailsWith('Purchase request 1').length === 1 && mailsWith('Purchase request 2').length === 1);
    expect(mailsWith('Purchase request 1')[0].headers.from).toContain('Acme Einkauf');
    expect(mailsWith('Purchase request 2')[0].headers.from).toContain('Beta Purchasing');
    expect(mailsWith('Purchase request 1')[0].to).toEqual(['eva@supplier.example']);
  });

  it('keeps an event committed while Redis is down and delivers it once Redis is back', async () => {
    await redis.stop();
    const eventId = await sendMail(acme, 'While Redis was down');
    await new Promise((wait) => setTimeout(wait, 500));
    expect(await relayedAt(eventId)).toBeNull();
    expect(mailsWith('While Redis was down')).toHaveLength(0);
    await redis.restart();
    await eventually(async () => mailsWith('While Redis was down').length === 1, 20_000, 'the mail after Redis came back');
    expect(await relayedAt(eventId)).toBeInstanceOf(Date);
  });

  it('handles an event relayed twice only once', async () => {
    const eventId = await sendMail(acme, 'Relayed twice');
    await eventually(async () => mailsWith('Relayed twice').length === 1);
    // As if the relay crashed after adding the job but before marking the event relayed:
    await onServer((client) => client.query(`UPDATE outbox_events SET relayed_at = NULL WHERE id = $1`, [eventId]), db.url);
    await eventually(async () => (await relayedAt(eventId)) ?? undefined, 10_000, 'the second relay');
    // And as if the completed job had been cleaned from Redis before the event came again:
    await (await mailQueue.getJob(eventId))?.remove();
    await onServer((client) => client.query(`UPDATE outbox_events SET relayed_at = NULL WHERE id = $1`, [eventId]), db.url);
    await eventually(async () => (await mailQueue.getJobState(eventId)) === 'completed', 10_000, 'the re-added job');
    expect((await mailQueue.getJob(eventId))?.returnvalue).toBe('already handled');
    expect(mailsWith('Relayed twice')).toHaveLength(1);
    const ledger = await tenants.run(acme.id, (m) => m.query(`SELECT job_id FROM handled_jobs WHERE job_id = $1`, [eventId]));
    expect(ledger).toHaveLength(1);
  });

  it('retries a failing job with backoff, then keeps it as failed and visible', async () => {
    smtp.refuse = true;
    const before = smtp.attempts;
    try {
      const eventId = await sendMail(acme, 'Refused by the mail server');
      await eventually(async () => (await mailQueue.getJobState(eventId)) === 'failed', 20_000, 'the job to fail');
      const job = await mailQueue.getJob(eventId);
      expect(job?.attemptsMade).toBe(config.JOB_ATTEMPTS);
      expect(job?.failedReason).toMatch(/451|Mailbox busy/);
      expect(smtp.attempts - before).toBe(config.JOB_ATTEMPTS);
      expect((await mailQueue.getFailed()).map((failed) => failed.id)).toContain(eventId);
      const ledger = await tenants.run(acme.id, (m) => m.query(`SELECT 1 FROM handled_jobs WHERE job_id = $1`, [eventId]));
      expect(ledger).toHaveLength(0);
    } finally {
      smtp.refuse = false;
    }
  });

  it('(d) the worker’s tenant transactions isolate data exactly as a request’s do (the first test shows it inside a job)', async () => {
    const seen: Array<{ organization_id: string }> = await tenants.run(acme.id, (m) => m.query(`SELECT organization_id FROM settings`));
    expect(new Set(seen.map((row) => row.organization_id))).toEqual(new Set([acme.id]));
    expect(await worker.get(DataSource).query(`SELECT * FROM settings`)).toEqual([]);
    await expect(
      tenants.run(acme.id, (m) => m.query(`INSERT INTO settings (organization_id, slug, value) VALUES ($1, 'x', '"y"')`, [beta.id])),
    ).rejects.toThrow(/row-level security/);
  });
});
