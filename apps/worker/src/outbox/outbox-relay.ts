import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '@fabquote/config';
import { jobOptions, QueueName, Queues } from '@fabquote/queue';

interface PendingEvent {
  id: string;
  job_name: string;
  queue_name: QueueName;
  payload: Record<string, unknown>;
}

const BATCH = 100;
const KEEP_RELAYED = '7 days';

/**
 * Moves committed outbox events to their BullMQ queues. Claims a batch with
 * `FOR UPDATE SKIP LOCKED` (so several workers can relay side by side), adds each as
 * a job whose id is the event id, and marks the batch relayed in the same transaction.
 * If Redis is down the transaction rolls back and the events wait for the next round;
 * if the commit fails after the jobs were added, the next round adds them again and
 * BullMQ ignores the duplicate job ids.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;
  private stopped = false;
  private lastPrune = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly queues: Queues,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule(0);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** One relay round; returns how many events were moved. */
  async relayPending(): Promise<number> {
    const relayed = await this.dataSource.transaction(async (manager) => {
      const events: PendingEvent[] = await manager.query(`SELECT * FROM outbox_claim($1)`, [BATCH]);
      if (events.length === 0) return 0;
      for (const event of events) {
        await this.queues.get(event.queue_name).add(event.job_name, event.payload, jobOptions(event.id, this.config.JOB_ATTEMPTS, this.config.JOB_BACKOFF_MS));
      }
      await manager.query(`SELECT outbox_mark_relayed($1::uuid[])`, [events.map((event) => event.id)]);
      return events.length;
    });
    if (Date.now() - this.lastPrune > 3600_000) {
      this.lastPrune = Date.now();
      await this.dataSource.query(`SELECT outbox_prune($1::interval)`, [KEEP_RELAYED]);
    }
    return relayed;
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.relayPending()
        .then((moved) => this.schedule(moved === BATCH ? 0 : this.config.OUTBOX_POLL_MS))
        .catch((error: unknown) => {
          this.logger.warn(`Outbox relay paused: ${(error as Error).message}`);
          this.schedule(Math.max(this.config.OUTBOX_POLL_MS, 1000));
        });
    }, delay);
  }
}
