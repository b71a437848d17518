import { INestApplicationContext } from '@nestjs/common';
import { Queue } from 'bullmq';
import { join } from 'node:path';
import { AppConfig } from '@fabquote/config';
import { Organization, provisionOrganization, TenantTransactions } from '@fabquote/database';
import { EventOutbox, producerRedisOptions, QueueName } from '@fabquote/queue';
import { createTestDatabase, eventually, SmtpSink, TcpProxy, TestDatabase, testConfig, configAsEnvironment } from '@fabquote/testing';
import { startTestWorker } from '../../test-support';
import { TypeScriptProcess } from '../../../libs/testing/src/typescript-process';

/** An SMTP server that answers only after `delayMs` (never, with Infinity): a mail job that takes as long as we like. */
async function slowSmtp(sink: SmtpSink, delayMs: number) {
  const proxy = await TcpProxy.start({ host: '127.0.0.1', port: sink.port }, { delayMs });
  return { url: `smtp://127.0.0.1:${proxy.port}`, connections: () => proxy.connections(), close: () => proxy.cut() };
}

/**
 * A worker that dies in the middle of a job (SIGKILL: no shutdown, its locks stay in Redis) leaves
 * the job active; the next worker must run it again within seconds (JobRunner's lock options), not
 * after BullMQ's default minute.
 */
describe('jobs of a worker that was killed', () => {
  let db: TestDatabase;
  let sink: SmtpSink;
  let acme: Organization;
  let tenants: TenantTransactions;
  let outbox: EventOutbox;
  const queues: Queue[] = [];
  const workers: INestApplicationContext[] = [];

  const mailQueue = (config: AppConfig) => {
    const queue = new Queue(QueueName.Mail, { connection: producerRedisOptions(config.REDIS_URL as string), prefix: config.QUEUE_PREFIX });
    queues.push(queue);
    return queue;
  };
  const sendMail = (subject: string) => tenants.run(acme.id, () => outbox.emit('mail.send', { to: [{ address: 'eva@supplier.example' }], subject, text: subject }));
  const mailsWith = (subject: string) => sink.mails.filter((mail) => mail.headers.subject === subject);
  const ledger = (jobId: string) => tenants.run(acme.id, (m) => m.query(`SELECT job_id FROM handled_jobs WHERE job_id = $1`, [jobId]));

  beforeAll(async () => {
    [db, sink] = await Promise.all([createTestDatabase(), SmtpSink.start()]);
    acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    tenants = new TenantTransactions(db.app);
    outbox = new EventOutbox(tenants);
  });

  afterEach(async () => {
    // Each test's worker goes, so its outbox relay takes no event of the next test.
    await Promise.all(workers.splice(0).map((worker) => worker.close()));
  });

  afterAll(async () => {
    await Promise.all(queues.map((queue) => queue.close()));
    await sink?.stop();
    await db?.drop();
  });

  /** A worker in a process of its own takes the job of `subject` and hangs in it (its SMTP server never answers); then it is killed. */
  const killedInTheMiddle = async (subject: string) => {
    const hanging = await slowSmtp(sink, Infinity);
    const config = testConfig(db, { SMTP_URL: hanging.url });
    const queue = mailQueue(config);
    const first = TypeScriptProcess.start(join(__dirname, 'support/worker-process.ts'), { FABQUOTE_CONFIG: JSON.stringify(configAsEnvironment(config)) });
    try {
      await first.message();
      const jobId = await sendMail(subject);
      await eventually(async () => (await queue.getJobState(jobId)) === 'active' && hanging.connections() > 0, 20_000, 'the job running in the first worker');
      await first.killHard();
      expect(await queue.getJobState(jobId)).toBe('active');
      return { jobId, queue, prefix: config.QUEUE_PREFIX };
    } finally {
      await first.killHard();
      await hanging.close();
    }
  };

  const expectRunOnceMore = async (queue: Queue, jobId: string, subject: string) => {
    const job = await queue.getJob(jobId);
    expect(job?.returnvalue).toBe('handled');
    expect(job?.stalledCounter).toBe(1);
    expect(job?.attemptsStarted).toBe(2);
    expect(job?.attemptsMade).toBe(1); // the run that finished: the interrupted one used up no try
    expect(mailsWith(subject)).toHaveLength(1);
    expect(await ledger(jobId)).toHaveLength(1); // the killed worker's transaction was rolled back, the new one committed
  };

  it('runs a job again within 10 s of a new worker starting, when its worker was killed while running it', async () => {
    const { jobId, queue, prefix } = await killedInTheMiddle('Interrupted');
    // At once: the killed worker's lock has not expired yet, the stalled checks find the job when it has.
    workers.push(await startTestWorker(testConfig(db, { QUEUE_PREFIX: prefix, SMTP_URL: sink.url })));
    await eventually(async () => (await queue.getJobState(jobId)) === 'completed', 10_000, 'the interrupted job, run by the new worker');
    await expectRunOnceMore(queue, jobId, 'Interrupted');
  });

  it('runs such a job at once when the new worker starts after the killed one’s lock has expired', async () => {
    const { jobId, queue, prefix } = await killedInTheMiddle('Interrupted, restarted later');
    const client = await queue.client;
    await eventually(async () => (await client.get(`${queue.toKey(jobId)}:lock`)) === null, 15_000, 'the lock to expire');
    // A stalled check every 30 s: only the new worker's look at abandoned jobs at its start can be this quick.
    workers.push(await startTestWorker(testConfig(db, { QUEUE_PREFIX: prefix, SMTP_URL: sink.url, JOB_LOCK_MS: '60000' })));
    await eventually(async () => (await queue.getJobState(jobId)) === 'completed', 10_000, 'the abandoned job, run by the new worker');
    await expectRunOnceMore(queue, jobId, 'Interrupted, restarted later');
  });

  it('keeps the lock of a job that runs longer than the lock lasts, so no worker takes it over', async () => {
    // A 1 s lock, a job of 3 s: it holds only because the worker renews the lock while the job awaits.
    const slow = await slowSmtp(sink, 3000);
    const config = testConfig(db, { SMTP_URL: slow.url, JOB_LOCK_MS: '1000' });
    const queue = mailQueue(config);
    try {
      workers.push(await startTestWorker(config), await startTestWorker(config));
      const jobId = await sendMail('Slow but alive');
      await eventually(async () => (await queue.getJobState(jobId)) === 'completed', 20_000, 'the slow job');
      const job = await queue.getJob(jobId);
      expect(job?.stalledCounter).toBe(0);
      expect(job?.attemptsStarted).toBe(1);
      expect(mailsWith('Slow but alive')).toHaveLength(1);
    } finally {
      await slow.close();
    }
  });
});
