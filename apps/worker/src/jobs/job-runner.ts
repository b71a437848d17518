import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { DiscoveryService, Reflector } from '@nestjs/core';
import { Job, UnrecoverableError, Worker, WorkerOptions } from 'bullmq';
import type IORedis from 'ioredis';
import { AppConfig } from '@fabquote/config';
import { TenantTransactions } from '@fabquote/database';
import {
  callsOut,
  indexJobHandlers,
  isJobName,
  JOB_HANDLER,
  JOB_QUEUES,
  JOBS_WITHOUT_ORGANIZATION,
  JobHandler,
  JobName,
  requireRedisUrl,
  TenantJob,
  workerRedisConnection,
} from '@fabquote/queue';

export type JobOutcome = 'handled' | 'already handled';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * How soon a crashed worker's jobs run again. A running job holds a lock in Redis that its worker
 * renews (BullMQ: every `lockDuration / 4` it renews the locks older than that, so each at least every
 * half `lockDuration`, on a timer, whatever the job awaits). A job is "stalled" only after two stalled
 * checks: one puts every active job in the stalled set (a renewal takes it out again), a later one moves
 * those whose lock has expired back to wait. Checks run at a worker's start and then every
 * `stalledInterval`, at most once per interval for all workers of a queue. So after a crash a job runs
 * again within `lockDuration + stalledInterval` (the lock expires, then the next check): with
 * JOB_LOCK_MS = 5 s, 7.5 s at worst, instead of about a minute with BullMQ's 30 s + 30 s defaults; a
 * worker that starts after the lock has expired takes the job at once (`reclaimAbandonedJobs`), and a
 * restart under `npm start` takes a few seconds itself. Costs: a renewal round trip per worker and a
 * check per queue every few seconds; and no job may block the event loop for half of JOB_LOCK_MS, or
 * another worker may take it over (a pricing chunk of 100 products takes about 1.5 s but awaits the
 * database throughout, blocking at most tens of milliseconds at a time; and the handled_jobs ledger
 * keeps a job taken over from doing its work twice).
 * A job interrupted by a crash goes back to wait without using up a try; one that was interrupted more
 * than JOB_ATTEMPTS times (a job that kills its worker) fails instead of crashing workers forever.
 */
export function lockOptions(config: AppConfig): Pick<WorkerOptions, 'lockDuration' | 'stalledInterval' | 'maxStalledCount'> {
  return { lockDuration: config.JOB_LOCK_MS, stalledInterval: Math.round(config.JOB_LOCK_MS / 2), maxStalledCount: config.JOB_ATTEMPTS };
}

/**
 * Runs every job the way a request runs: in a tenant transaction for the job's
 * organization. The job id goes into the `handled_jobs` ledger in that same
 * transaction, so a job delivered twice does its work once. (Except the few jobs of no
 * organization, `JOBS_WITHOUT_ORGANIZATION`: a scheduler's wake-ups, idempotent by what they read.)
 */
@Injectable()
export class JobRunner implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(JobRunner.name);
  private handlers = new Map<JobName, JobHandler>();
  private workers: Worker[] = [];

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly reflector: Reflector,
    private readonly tenants: TenantTransactions,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    const found = this.discovery
      .getProviders()
      .filter((wrapper) => wrapper.metatype && wrapper.instance)
      .map((wrapper) => ({ name: this.reflector.get<string>(JOB_HANDLER, wrapper.metatype as () => void), handler: wrapper.instance }))
      .filter((entry): entry is { name: string; handler: JobHandler } => typeof entry.name === 'string');
    this.handlers = indexJobHandlers(found);
  }

  onApplicationBootstrap(): void {
    const queues = new Set([...this.handlers.keys()].map((name) => JOB_QUEUES[name]));
    this.workers = [...queues].map((queue) => {
      const connection = workerRedisConnection(requireRedisUrl(this.config), `fabquote-worker-${queue}`);
      const worker = new Worker(queue, (job) => this.process(job), {
        connection,
        prefix: this.config.QUEUE_PREFIX,
        concurrency: 4,
        ...lockOptions(this.config),
        autorun: false,
      });
      worker.on('failed', (job, error) =>
        this.logger.warn({ queue, job: job?.name, jobId: job?.id, attempt: job?.attemptsMade, err: error.message }, 'Job failed'),
      );
      worker.on('error', (error) => this.logger.error({ queue, err: error.message }, 'Worker error'));
      // Not awaited: with Redis down the worker waits for it, and the application starts meanwhile.
      void this.reclaimAbandonedJobs(worker, connection)
        .catch((error: Error) => this.logger.warn({ queue, err: error.message }, 'Could not look for abandoned jobs'))
        .finally(() => worker.run().catch((error: Error) => this.logger.error({ queue, err: error.message }, 'Worker stopped')));
      return worker;
    });
  }

  /**
   * A job still active whose lock has expired was abandoned by a worker that died (the lock is set in
   * the same script that makes a job active, and only its worker renews it). BullMQ would mark it at
   * this worker's first stalled check and move it one `stalledInterval` later; putting it in the
   * stalled set now, and dropping the key that spaces the checks, lets that first check (run() makes it
   * at once) move it back to wait. So a restart later than JOB_LOCK_MS after a crash picks the
   * crashed worker's jobs up at once.
   */
  private async reclaimAbandonedJobs(worker: Worker, client: IORedis): Promise<void> {
    const active = await client.lrange(worker.keys.active, 0, -1);
    if (active.length === 0) return;
    const locked = await Promise.all(active.map((jobId) => client.exists(`${worker.toKey(jobId)}:lock`)));
    const abandoned = active.filter((_jobId, index) => locked[index] === 0);
    if (abandoned.length === 0) return;
    await client.sadd(worker.keys.stalled, ...abandoned);
    await client.del(worker.keys['stalled-check']);
    this.logger.log({ queue: worker.name, jobIds: abandoned }, 'Jobs of a worker that died go back to the queue');
  }

  async onApplicationShutdown(): Promise<void> {
    // close() waits for the jobs in progress to finish.
    await Promise.all(this.workers.map(async (worker) => {
      const connection = await worker.client;
      await worker.close();
      connection.disconnect();
    }));
  }

  async process(job: Job<TenantJob>): Promise<JobOutcome> {
    if (!isJobName(job.name)) throw new UnrecoverableError(`Unknown job "${job.name}"`);
    if (!job.id) throw new UnrecoverableError('A job without id cannot be handled idempotently');
    if (JOBS_WITHOUT_ORGANIZATION.has(job.name)) {
      // A scheduler's wake-up: its handler opens each organization's transaction itself.
      await (this.handlers.get(job.name) as JobHandler).handle(job.data as never, { jobId: job.id, attempt: job.attemptsMade + 1 });
      return 'handled';
    }
    if (!UUID.test(job.data?.organizationId ?? '')) throw new UnrecoverableError('The job carries no organization id');
    const handler = this.handlers.get(job.name) as JobHandler;
    const context = { jobId: job.id, attempt: job.attemptsMade + 1 };
    if (!callsOut(handler)) return this.inLedger(job, () => handler.handle(job.data as never, context));

    // Calls out (the AI provider): nothing to do if done before, then the call outside any transaction.
    if (await this.handledBefore(job)) return 'already handled';
    try {
      const prepared = await handler.prepare(job.data as never, context);
      return await this.inLedger(job, () => handler.handle(job.data as never, context, prepared));
    } catch (error) {
      const final = error instanceof UnrecoverableError || context.attempt >= (job.opts.attempts ?? 1);
      if (final) await this.inLedger(job, () => handler.failed(job.data as never, context, error as Error));
      throw error;
    }
  }

  /** The job's work in its tenant transaction, after its id went into the ledger (once only). */
  private inLedger(job: Job<TenantJob>, work: () => Promise<void>): Promise<JobOutcome> {
    return this.tenants.run(job.data.organizationId, async (manager) => {
      const claimed = await manager.query(
        `INSERT INTO handled_jobs (job_id, job_name) VALUES ($1, $2) ON CONFLICT (job_id) DO NOTHING RETURNING job_id`,
        [job.id, job.name],
      );
      if (claimed.length === 0) return 'already handled';
      await work();
      return 'handled';
    });
  }

  private handledBefore(job: Job<TenantJob>): Promise<boolean> {
    return this.tenants.run(job.data.organizationId, async (manager) => {
      const rows = await manager.query(`SELECT 1 FROM handled_jobs WHERE job_id = $1`, [job.id]);
      return rows.length > 0;
    });
  }
}
