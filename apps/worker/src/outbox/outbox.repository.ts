import type { Client } from 'pg';
import type { EntityManager } from 'typeorm';
import type { QueueName } from '@fabquote/queue';

/** An outbox event to relay: its id becomes its job's id. */
export interface PendingEvent {
  id: string;
  job_name: string;
  queue_name: QueueName;
  payload: Record<string, unknown>;
}

/**
 * The relay's reads and writes of `outbox_events`, all through the security-definer functions of the outbox
 * migrations (the relay runs outside any organization): built over the relay's transaction's manager.
 */
export class OutboxRepository {
  constructor(private readonly manager: EntityManager) {}

  /** Up to `batch` committed events not relayed yet, locked (`FOR UPDATE SKIP LOCKED`) until the transaction ends. */
  claim(batch: number): Promise<PendingEvent[]> {
    return this.manager.query<PendingEvent[]>(`SELECT id, job_name, queue_name, payload FROM outbox_claim($1)`, [batch]);
  }

  /** Up to `batch` events relayed more than `olderThan` ago and neither handled nor failed for good, locked. */
  claimUnhandled(olderThan: string, batch: number): Promise<PendingEvent[]> {
    return this.manager.query<PendingEvent[]>(`SELECT id, job_name, queue_name, payload FROM outbox_claim_unhandled($1::interval, $2)`, [olderThan, batch]);
  }

  /** Marks the events relayed now (their jobs are in Redis). */
  async markRelayed(ids: string[]): Promise<void> {
    await this.manager.query(`SELECT outbox_mark_relayed($1::uuid[])`, [ids]);
  }

  /** Records the events whose jobs failed for good, each with its reason. */
  async markFailed(ids: string[], reasons: string[]): Promise<void> {
    await this.manager.query(`SELECT outbox_mark_failed($1::uuid[], $2::text[])`, [ids, reasons]);
  }

  /**
   * Calls `wake` whenever a transaction that wrote outbox events commits: the notification of the outbox's
   * insert trigger, on `client`, a connection of the relay's own kept open for it (not the pool's).
   */
  static async listen(client: Client, wake: () => void): Promise<void> {
    client.on('notification', () => wake());
    await client.query(`LISTEN outbox_events`);
  }

  /** Deletes the events done (handled or failed) longer ago than `keep`. */
  async prune(keep: string): Promise<void> {
    await this.manager.query(`SELECT outbox_prune($1::interval)`, [keep]);
  }
}
