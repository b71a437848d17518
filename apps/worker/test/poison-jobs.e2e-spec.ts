import { Worker } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import request from 'supertest';
import { QueueName, workerRedisConnection } from '@fabquote/queue';
import { eventually, TcpProxy, TEST_OPS_TOKEN, testConfig, configAsEnvironment } from '@fabquote/testing';
import { startTestApi, startTestWorker } from '../../test-support';
import { TypeScriptProcess } from '../../../libs/testing/src/typescript-process';
import { mailJobsBench } from './support/mail-jobs';

jest.setTimeout(90_000);

/**
 * A job whose run took its process down ran again after every restart and took it down
 * again. A job found stalled is parked as failed, with the reason, when its run blocked the process
 * (the LoopWatchdog's mark) or when its process died a second time while running it; a job that was
 * merely running when its healthy process was killed runs again (interrupted-jobs.e2e-spec.ts).
 */
describe('jobs whose run killed their process', () => {
  const bench = mailJobsBench();

  it('parks a job that blocked its process’s event loop until the process died, after that first death, with the reason', async () => {
    // The first worker's SMTP server never answers, so the job is still running when the loop stops.
    const hanging = await TcpProxy.start({ host: '127.0.0.1', port: bench.sink.port }, { delayMs: Infinity });
    const config = testConfig(bench.db, { SMTP_URL: `smtp://127.0.0.1:${hanging.port}`, JOB_LOCK_MS: '2000' });
    const queue = bench.mailQueue(config);
    const first = TypeScriptProcess.start(join(__dirname, 'support/blocking-worker-process.ts'), { FABQUOTE_CONFIG: JSON.stringify(configAsEnvironment(config)) });
    let jobId: string;
    try {
      await first.message();
      jobId = await bench.sendMail('Blocked');
      await eventually(async () => (await queue.getJobState(jobId)) === 'active' && hanging.connections() > 0, 20_000, 'the job running in the first worker');
      first.child.send('block');
      // The watchdog thread marks the running job once the loop has been silent for JOB_LOCK_MS.
      const client = await queue.client;
      await eventually(async () => (await client.get(`${queue.toKey(jobId)}:blocked-loop`)) !== null, 20_000, 'the job marked by the watchdog');
      await first.killHard(); // as the heap limit would
    } finally {
      await first.killHard();
      await hanging.cut();
    }

    await bench.started(startTestWorker(testConfig(bench.db, { QUEUE_PREFIX: config.QUEUE_PREFIX, SMTP_URL: bench.sink.url, JOB_LOCK_MS: '2000' })));
    await eventually(async () => (await queue.getJobState(jobId)) === 'failed', 20_000, 'the job parked as failed');
    const job = await queue.getJob(jobId);
    expect(job?.stalledCounter).toBe(1);
    expect(job?.failedReason).toMatch(/^Its run blocked the event loop of its process for \d+(\.\d)? s or more \(.+, pid \d+, .+\), and the process died or lost the job/);
    expect(job?.failedReason).toMatch(/It is not retried automatically; retry it on \/ops\/queues once the cause is fixed\.$/);
    expect(bench.mailsWith('Blocked')).toHaveLength(0);
    expect(await bench.ledger(jobId)).toHaveLength(0); // not done: a retry from the dashboard still sends it
  });

  it('parks a job found stalled a second time, and the queue dashboard shows it with the reason', async () => {
    const config = testConfig(bench.db, { SMTP_URL: bench.sink.url });
    const queue = bench.mailQueue(config);
    const jobId = randomUUID();
    await queue.add('mail.send', { organizationId: bench.acme.id, to: [{ address: 'eva@supplier.example' }], subject: 'Twice', text: 'Twice' }, { jobId, attempts: 3 });
    // Its process died once before (a job found stalled once), and now a second one dies running it:
    // a worker takes the job with a lock of one second and is gone without a word.
    const client = await queue.client;
    await client.hset(queue.toKey(jobId), { stc: 1 });
    const connection = workerRedisConnection(config.REDIS_URL as string, 'dead-worker');
    const dead = new Worker(QueueName.Mail, null, { connection, prefix: config.QUEUE_PREFIX, lockDuration: 1000, autorun: false });
    expect((await dead.getNextJob('dead-worker'))?.id).toBe(jobId);
    await dead.close(true);
    connection.disconnect();
    await eventually(async () => (await client.get(`${queue.toKey(jobId)}:lock`)) === null, 10_000, 'the dead worker’s lock to expire');

    const api = await bench.started(startTestApi(config));
    await bench.started(startTestWorker(config));
    await eventually(async () => (await queue.getJobState(jobId)) === 'failed', 20_000, 'the job parked as failed');
    const job = await queue.getJob(jobId);
    expect(job?.stalledCounter).toBe(2);
    expect(job?.attemptsMade).toBe(1); // parked at once: no further try
    expect(job?.failedReason).toBe('The process running this job died 2 times while running it. It is not retried automatically; retry it on /ops/queues once the cause is fixed.');
    expect(bench.mailsWith('Twice')).toHaveLength(0);

    const dashboard = await request(api.getHttpServer())
      .get('/ops/queues/api/queues?activeQueue=mail&status=failed&page=1')
      .set('Authorization', `Bearer ${TEST_OPS_TOKEN}`)
      .expect(200);
    const mail = (dashboard.body.queues as Array<{ name: string; jobs: Array<{ id: string; failedReason: string }> }>).find((shown) => shown.name === 'mail');
    expect(mail?.jobs.find((shown) => shown.id === jobId)?.failedReason).toBe(job?.failedReason);
  });
});
