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
  QUEUE_CONCURRENCY,
  requireRedisUrl,
  retryBackoff,
  TenantJob,
  workerRedisConnection,
} from '@fabquote/queue';
import { HandledJobsRepository } from './handled-jobs.repository';
import { BlockedLoopMarker, blockedLoopKey, LoopWatchdog } from './loop-watchdog';

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
 * A job interrupted by a crash goes back to wait without using up a try, and `JobRunner.process` decides
 * whether it runs again (`deathOf`): not if its run blocked the process (`LoopWatchdog`), nor after a
 * second death. BullMQ's own limit (`maxStalledCount`, a job stalled more often fails with "job stalled
 * more than allowable limit" without reaching the runner) is only a net under that rule.
 */
export function lockOptions(config: AppConfig): Pick<WorkerOptions, 'lockDuration' | 'stalledInterval' | 'maxStalledCount'> {
  return { lockDuration: config.JOB_LOCK_MS, stalledInterval: Math.round(config.JOB_LOCK_MS / 2), maxStalledCount: MAX_DEATHS };
}

/**
 * A job found stalled this often is parked by `deathOf` (the first death may be a kill from outside, the
 * second is the job's); as `maxStalledCount`, BullMQ's own net fails a job only at the death after that.
 */
const MAX_DEATHS = 2;

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
  private watchdog?: LoopWatchdog;

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
    if (queues.size > 0) this.watchdog = new LoopWatchdog(requireRedisUrl(this.config), this.config.JOB_LOCK_MS);
    this.workers = [...queues].map((queue) => {
      const connection = workerRedisConnection(requireRedisUrl(this.config), `fabquote-worker-${queue}`);
      const worker = new Worker(queue, (job) => this.watched(job), {
        connection,
        prefix: this.config.QUEUE_PREFIX,
        // Per queue (libs/queue QUEUE_CONCURRENCY): more mail jobs at once than pricing or rating jobs.
        concurrency: QUEUE_CONCURRENCY[queue],
        ...lockOptions(this.config),
        // The jobs' backoff (libs/queue RETRY_BACKOFF): exponential, but not before a provider's Retry-After.
        settings: { backoffStrategy: retryBackoff },
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
    await this.watchdog?.stop();
  }

  /** A job run under the watchdog's eye: it knows which jobs were running should the event loop stop. */
  private async watched(job: Job<TenantJob>): Promise<JobOutcome> {
    const id = job.id ?? '';
    this.watchdog?.started(job.queueQualifiedName, id);
    try {
      return await this.process(job);
    } finally {
      this.watchdog?.ended(job.queueQualifiedName, id);
    }
  }

  /**
   * Why a job found stalled (its process died or lost it while running it) must not run again, or null.
   * A file that took the server down at every run took it down again after each restart. A job
   * marked by the `LoopWatchdog` blocked its process's event loop while running: it is the cause, and is
   * parked after that first death. A job without the mark was running when its process was killed from
   * outside (a deploy, `kill -9`, the OOM killer) or by another job: it runs again (the handled-jobs ledger
   * keeps its work once), unless this is its second death, which is no longer chance.
   */
  private async deathOf(job: Job<TenantJob>): Promise<string | null> {
    if (!job.stalledCounter) return null;
    const worker = this.workers.find((candidate) => candidate.name === job.queueName);
    const stored = worker ? await (await worker.client).get(blockedLoopKey(job.queueQualifiedName, job.id as string)) : null;
    const retry = 'It is not retried automatically; retry it on /ops/queues once the cause is fixed.';
    if (stored) {
      const marker = JSON.parse(stored) as BlockedLoopMarker;
      return (
        `Its run blocked the event loop of its process for ${Math.round(marker.blockedMs / 100) / 10} s or more (${marker.host}, pid ${marker.pid}, ${marker.at}), ` +
        `and the process died or lost the job: a run that stalls or kills its process would do it again. ${retry}`
      );
    }
    if (job.stalledCounter >= MAX_DEATHS) return `The process running this job died ${job.stalledCounter} times while running it. ${retry}`;
    return null;
  }

  async process(job: Job<TenantJob>): Promise<JobOutcome> {
    if (!isJobName(job.name)) throw new UnrecoverableError(`Unknown job "${job.name}"`);
    if (!job.id) throw new UnrecoverableError('A job without id cannot be handled idempotently');
    const death = await this.deathOf(job);
    if (death) return this.park(job, death);
    if (JOBS_WITHOUT_ORGANIZATION.has(job.name)) {
      // A scheduler's wake-up: its handler opens each organization's transaction itself.
      await (this.handlers.get(job.name) as JobHandler).handle(job.data as never, { jobId: job.id, attempt: job.attemptsMade + 1 });
      return 'handled';
    }
    if (!UUID.test(job.data?.organizationId ?? '')) throw new UnrecoverableError('The job carries no organization id');
    const handler = this.handlers.get(job.name) as JobHandler;
    const context = { jobId: job.id, attempt: job.attemptsMade + 1 };
    if (!callsOut(handler)) {
      return this.inLedger(job, (opened) => handler.handle(job.data as never, { ...context, opened }), handler.opening?.(job.data as never));
    }

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

  /**
   * Fails a job for good (UnrecoverableError: no further try) with the reason, which the queue dashboard
   * shows; a calling-out handler's `failed` runs first, so a survey input ends in error, not processing.
   */
  private async park(job: Job<TenantJob>, reason: string): Promise<never> {
    this.logger.error({ queue: job.queueName, job: job.name, jobId: job.id, deaths: job.stalledCounter, reason }, 'Job parked after its process died');
    const error = new UnrecoverableError(reason);
    const handler = this.handlers.get(job.name as JobName);
    if (handler && callsOut(handler) && UUID.test(job.data?.organizationId ?? '')) {
      await this.inLedger(job, () => handler.failed(job.data as never, { jobId: job.id as string, attempt: job.attemptsMade + 1 }, error));
    }
    throw error;
  }

  /**
   * The job's work in its tenant transaction, after its id went into the ledger (once only); with the
   * handler's `opening` read, the work gets its row.
   */
  private inLedger(job: Job<TenantJob>, work: (opened?: object) => Promise<void>, opening?: string): Promise<JobOutcome> {
    // In the round trip that starts the transaction.
    const entry = HandledJobsRepository.entry(job.id as string, job.name, opening);
    return this.tenants.runAfter(job.data.organizationId, entry, async (_manager, claimed: Array<{ job_id: string }>) => {
      if (claimed.length === 0) return 'already handled';
      await work(opening === undefined ? undefined : claimed[0]);
      return 'handled';
    });
  }

  private handledBefore(job: Job<TenantJob>): Promise<boolean> {
    return this.tenants.run(job.data.organizationId, (manager) => new HandledJobsRepository(manager).handled(job.id as string));
  }
}
