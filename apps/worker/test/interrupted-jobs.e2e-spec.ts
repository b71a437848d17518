import { INestApplicationContext } from '@nestjs/common';
import { Queue } from 'bullmq';
import { join } from 'node:path';
import { eventually, SmtpSink, TcpProxy, testConfig, configAsEnvironment } from '@fabquote/testing';
import { startTestWorker } from '../../test-support';
import { TypeScriptProcess } from '../../../libs/testing/src/typescript-process';
import { mailJobsBench } from './support/mail-jobs';

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
  const bench = mailJobsBench();
  const workers: INestApplicationContext[] = [];

  afterEach(async () => {
    // Each test's worker goes, so its outbox relay takes no event of the next test.
    await Promise.all(workers.splice(0).map((worker) => worker.close()));
  });

  /** A worker in a process of its own takes the job of `subject` and hangs in it (its SMTP server never answers); then it is killed. */
  const killedInTheMiddle = async (subject: string) => {
    const hanging = await slowSmtp(bench.sink, Infinity);
    const config = testConfig(bench.db, { SMTP_URL: hanging.url });
    const queue = bench.mailQueue(config);
    const first = TypeScriptProcess.start(join(__dirname, 'support/worker-process.ts'), { FABQUOTE_CONFIG: JSON.stringify(configAsEnvironment(config)) });
    try {
      await first.message();
      const jobId = await bench.sendMail(subject);
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
    expect(bench.mailsWith(subject)).toHaveLength(1);
    expect(await bench.ledger(jobId)).toHaveLength(1); // the killed worker's transaction was rolled back, the new one committed
  };

  it('runs a job again within 10 s of a new worker starting, when its worker was killed while running it', async () => {
    const { jobId, queue, prefix } = await killedInTheMiddle('Interrupted');
    // At once: the killed worker's lock has not expired yet, the stalled checks find the job when it has.
    workers.push(await startTestWorker(testConfig(bench.db, { QUEUE_PREFIX: prefix, SMTP_URL: bench.sink.url })));
    await eventually(async () => (await queue.getJobState(jobId)) === 'completed', 10_000, 'the interrupted job, run by the new worker');
    await expectRunOnceMore(queue, jobId, 'Interrupted');
  });

  it('runs such a job at once when the new worker starts after the killed one’s lock has expired', async () => {
    const { jobId, queue, prefix } = await killedInTheMiddle('Interrupted, restarted later');
    const client = await queue.client;
    await eventually(async () => (await client.get(`${queue.toKey(jobId)}:lock`)) === null, 15_000, 'the lock to expire');
    // A stalled check every 30 s: only the new worker's look at abandoned jobs at its start can be this quick.
    workers.push(await startTestWorker(testConfig(bench.db, { QUEUE_PREFIX: prefix, SMTP_URL: bench.sink.url, JOB_LOCK_MS: '60000' })));
    await eventually(async () => (await queue.getJobState(jobId)) === 'completed', 10_000, 'the abandoned job, run by the new worker');
    await expectRunOnceMore(queue, jobId, 'Interrupted, restarted later');
  });

  it('keeps the lock of a job that runs longer than the lock lasts, so no worker takes it over', async () => {
    // A 1 s lock, a job of 3 s: it holds only because the worker renews the lock while the job awaits.
    const slow = await slowSmtp(bench.sink, 3000);
    const config = testConfig(bench.db, { SMTP_URL: slow.url, JOB_LOCK_MS: '1000' });
    const queue = bench.mailQueue(config);
    try {
      workers.push(await startTestWorker(config), await startTestWorker(config));
      const jobId = await bench.sendMail('Slow but alive');
      await eventually(async () => (await queue.getJobState(jobId)) === 'completed', 20_000, 'the slow job');
      const job = await queue.getJob(jobId);
      expect(job?.stalledCounter).toBe(0);
      expect(job?.attemptsStarted).toBe(1);
      expect(bench.mailsWith('Slow but alive')).toHaveLength(1);
    } finally {
      await slow.close();
    }
  });
});
