import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { DiscoveryService, Reflector } from '@nestjs/core';
import { Job, UnrecoverableError, Worker } from 'bullmq';
import { AppConfig } from '@fabquote/config';
import { TenantTransactions } from '@fabquote/database';
import {
  indexJobHandlers,
  isJobName,
  JOB_HANDLER,
  JOB_QUEUES,
  JobHandler,
  JobName,
  requireRedisUrl,
  TenantJob,
  workerRedisConnection,
} from '@fabquote/queue';

export type JobOutcome = 'handled' | 'already handled';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Runs every job the way a request runs: in a tenant transaction for the job's
 * organization. The job id goes into the `handled_jobs` ledger in that same
 * transaction, so a job delivered twice does its work once.
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
      const worker = new Worker(queue, (job) => this.process(job), {
        connection: workerRedisConnection(requireRedisUrl(this.config), `fabquote-worker-${queue}`),
        prefix: this.config.QUEUE_PREFIX,
        concurrency: 4,
      });
      worker.on('failed', (job, error) =>
        this.logger.warn({ queue, job: job?.name, jobId: job?.id, attempt: job?.attemptsMade, err: error.message }, 'Job failed'),
      );
      worker.on('error', (error) => this.logger.error({ queue, err: error.message }, 'Worker error'));
      return worker;
    });
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
    if (!UUID.test(job.data?.organizationId ?? '')) throw new UnrecoverableError('The job carries no organization id');
    const handler = this.handlers.get(job.name) as JobHandler;
    const jobId = job.id;
    return this.tenants.run(job.data.organizationId, async (manager) => {
      const claimed = await manager.query(
        `INSERT INTO handled_jobs (job_id, job_name) VALUES ($1, $2) ON CONFLICT (job_id) DO NOTHING RETURNING job_id`,
        [jobId, job.name],
      );
      if (claimed.length === 0) return 'already handled';
      await handler.handle(job.data as never, { jobId, attempt: job.attemptsMade + 1 });
      return 'handled';
    });
  }
}
