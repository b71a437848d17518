import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type IORedis from 'ioredis';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { AppConfig } from '@fabquote/config';
import { jobOptions, QueueName, Queues } from '@fabquote/queue';
import { OutboxRepository, PendingEvent } from './outbox.repository';


/**
 * Events claimed per relay round: added to Redis with one `addBulk` per queue (one round trip each), so a
 * backlog moves at thousands of events a second; a round holds its rows locked only while Redis
 * takes them.
 */
const BATCH = 1000;
/** Events looked at again per round (three Redis commands each, pipelined). */
const REDELIVER_BATCH = 100;
/** How long a done event (handled or failed for good) stays in the outbox. */
const KEEP_DONE = '7 days';
/** How soon the relay tries to listen again after its listening connection failed (it polls meanwhile). */
const LISTEN_RETRY_MS = 5000;

/**
 * Moves committed outbox events to their BullMQ queues. Claims a batch with
 * `FOR UPDATE SKIP LOCKED` (so several workers can relay side by side), adds each as
 * a job whose id is the event id, and marks the batch relayed in the same transaction.
 * If Redis is down the transaction rolls back and the events wait for the next round;
 * if the commit fails after the jobs were added, the next round adds them again and
 * BullMQ ignores the duplicate job ids.
 *
 * Relayed is not done: an event is done when its job is in the handled-jobs ledger (a trigger
 * sets `handled_at`) or failed for good. Redis may lose a relayed job (a restart without
 * persistence, the `appendfsync everysec` window, a failover to a lagging replica, a FLUSHALL),
 * so each round also looks at events relayed more than OUTBOX_REDELIVER_MS ago and not done
 * (`redeliver`): a job Redis no longer has is added again under the same id, one in the queue's
 * failed set is recorded as failed (and not looked at again), one still there is left to its
 * queue and looked at again after the bound. The ledger makes a job added twice run once.
 *
 * A round starts when a transaction that wrote events commits (the outbox's insert trigger notifies
 * `outbox_events`, which the relay listens to on a connection of its own) and every OUTBOX_POLL_MS
 * besides: the poll finds what a notification missed (the listening connection down, events
 * written before the relay started) and the events due for redelivery.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;
  private stopped = false;
  private lastPrune = 0;
  private nextRedelivery = 0;
  /** The last round took a full batch: more may be waiting, so the next round starts at once. */
  private more = false;
  /** A round is under way: a wake-up meanwhile starts the next one as soon as it ends (`woken`). */
  private inRound = false;
  private woken = false;
  private listener?: Client;
  private nextListen = 0;
  private lastListenError = '';

  constructor(
    private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly queues: Queues,
  ) {}

  onApplicationBootstrap(): void {
    this.listen();
    this.schedule(0);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    await this.listener?.end().catch(() => undefined);
  }

  /**
   * Opens the listening connection (the app role's, outside the pool), unless one is open or failed less than
   * LISTEN_RETRY_MS ago. Its failure is said once per kind and costs only the wake-ups: the poll goes on.
   */
  private listen(): void {
    if (this.stopped || this.listener || Date.now() < this.nextListen) return;
    const { url } = this.dataSource.options as PostgresConnectionOptions;
    // A connection that never answers fails after 10 s and is tried again; one gone silent is found by keep-alive.
    const client = new Client({ connectionString: url, application_name: 'fabquote-relay', connectionTimeoutMillis: 10_000, keepAlive: true });
    this.listener = client;
    const lost = (error?: Error) => {
      if (this.listener !== client) return;
      this.listener = undefined;
      this.nextListen = Date.now() + LISTEN_RETRY_MS;
      void client.end().catch(() => undefined);
      const message = error?.message ?? 'connection ended';
      if (!this.stopped && message !== this.lastListenError) {
        this.lastListenError = message;
        this.logger.warn(`Outbox relay not woken by new events, polling every ${this.config.OUTBOX_POLL_MS} ms: ${message}`);
      }
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client
      .connect()
      .then(() => OutboxRepository.listen(client, () => this.wake()))
      .then(() => {
        this.lastListenError = '';
        // Events committed while nobody listened: a round now rather than at the next poll.
        this.wake();
      })
      .catch(lost);
  }

  /** Events were committed: a round now, or right after the one under way. */
  private wake(): void {
    if (this.stopped) return;
    if (this.inRound) {
      this.woken = true;
      return;
    }
    clearTimeout(this.timer);
    this.schedule(0);
  }

  /** One relay round; returns how many events were moved. */
  async relayPending(): Promise<number> {
    const relayed = await this.dataSource.transaction(async (manager) => {
      const outbox = new OutboxRepository(manager);
      const events = await outbox.claim(BATCH);
      if (events.length === 0) return 0;
      await this.addJobs(events);
      await outbox.markRelayed(events.map((event) => event.id));
      return events.length;
    });
    // Not every round: once a second at most (or at once after a full batch), a cheap indexed look.
    let redelivered = 0;
    if (Date.now() >= this.nextRedelivery) {
      redelivered = await this.redeliver();
      this.nextRedelivery = redelivered === REDELIVER_BATCH ? 0 : Date.now() + Math.min(1000, this.config.OUTBOX_REDELIVER_MS / 2);
    }
    if (Date.now() - this.lastPrune > 3600_000) {
      this.lastPrune = Date.now();
      await new OutboxRepository(this.dataSource.manager).prune(KEEP_DONE);
    }
    this.more = relayed === BATCH || redelivered === REDELIVER_BATCH;
    return Math.max(relayed, redelivered);
  }

  /**
   * One look at a batch of events relayed more than OUTBOX_REDELIVER_MS ago whose job was neither
   * handled nor failed for good; returns how many were looked at. Three commands per event, pipelined
   * per queue: whether Redis still has the job (its hash: waiting, delayed, running, completed or
   * failed), whether it is in the failed set, and why it failed. In one transaction with the claim, so another relay
   * skips these events meanwhile, and with Redis down nothing is marked.
   */
  async redeliver(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const outbox = new OutboxRepository(manager);
      const events = await outbox.claimUnhandled(`${this.config.OUTBOX_REDELIVER_MS} milliseconds`, REDELIVER_BATCH);
      if (events.length === 0) return 0;
      const lost: PendingEvent[] = [];
      const failed = new Map<string, string>();
      const byQueue = new Map<QueueName, PendingEvent[]>();
      for (const event of events) byQueue.set(event.queue_name, [...(byQueue.get(event.queue_name) ?? []), event]);
      for (const [queueName, queued] of byQueue) {
        const queue = this.queues.get(queueName);
        const pipeline = ((await queue.client) as unknown as IORedis).pipeline();
        for (const event of queued) pipeline.exists(queue.toKey(event.id)).zscore(queue.keys.failed, event.id).hget(queue.toKey(event.id), 'failedReason');
        const replies = (await pipeline.exec()) ?? [];
        const error = replies.find(([failure]) => failure)?.[0];
        if (error) throw error;
        queued.forEach((event, index) => {
          const [[, exists], [, failedScore], [, reason]] = replies.slice(index * 3, index * 3 + 3);
          if (Number(exists) === 0) lost.push(event);
          else if (failedScore !== null) failed.set(event.id, String(reason ?? ''));
        });
      }
      await this.addJobs(lost);
      if (lost.length > 0) {
        this.logger.warn({ events: lost.length, jobIds: lost.slice(0, 10).map((event) => event.id) }, 'Events relayed again: Redis no longer had their jobs');
      }
      const looked = events.filter((event) => !failed.has(event.id)).map((event) => event.id);
      // Still in Redis, or added again: look again after the bound.
      if (looked.length > 0) await outbox.markRelayed(looked);
      if (failed.size > 0) await outbox.markFailed([...failed.keys()], [...failed.values()]);
      return events.length;
    });
  }

  /**
   * Adds the events' jobs, each under its event's id, with one `addBulk` per queue (a MULTI: one round
   * trip for the lot). A job id Redis already has is left as it is, so adding again is harmless.
   */
  private async addJobs(events: PendingEvent[]): Promise<void> {
    const byQueue = new Map<QueueName, PendingEvent[]>();
    for (const event of events) {
      const queued = byQueue.get(event.queue_name);
      if (queued) queued.push(event);
      else byQueue.set(event.queue_name, [event]);
    }
    await Promise.all(
      [...byQueue].map(([queueName, queued]) =>
        this.queues.get(queueName).addBulk(
          queued.map((event) => ({ name: event.job_name, data: event.payload, opts: jobOptions(event.id, this.config.JOB_ATTEMPTS, this.config.JOB_BACKOFF_MS) })),
        ),
      ),
    );
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.inRound = true;
      this.woken = false;
      this.listen();
      this.running = this.relayPending()
        .then(() => {
          this.inRound = false;
          this.schedule(this.more || this.woken ? 0 : this.config.OUTBOX_POLL_MS);
        })
        .catch((error: unknown) => {
          this.inRound = false;
          this.logger.warn(`Outbox relay paused: ${(error as Error).message}`);
          this.schedule(Math.max(this.config.OUTBOX_POLL_MS, 1000));
        });
    }, delay);
  }
}
