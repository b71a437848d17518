import { Queue, QueueEvents, RedisOptions } from 'bullmq';
import { eventually } from './eventually';
import { onServer } from './test-database';

/**
 * Counts the runs of one job scheduler of a queue as they complete, so a test that expects nothing to
 * happen waits for the checks that would have done it instead of sleeping (BullMQ names a scheduler's
 * jobs `repeat:<scheduler id>:<time>`).
 */
export class SchedulerRuns {
  private completed = 0;
  private waiters: Array<{ count: number; wake: () => void }> = [];

  private constructor(
    private readonly events: QueueEvents,
    schedulerId: string,
  ) {
    // A test may stop its Redis: the connection's errors are its reconnecting; a wait that sees no run fails on its own.
    events.on('error', () => undefined);
    events.on('completed', ({ jobId }) => {
      if (!jobId.startsWith(`repeat:${schedulerId}:`)) return;
      this.completed += 1;
      this.waiters = this.waiters.filter((waiter) => (this.completed >= waiter.count ? (waiter.wake(), false) : true));
    });
  }

  /** Starts counting the runs of `schedulerId` on `queue` (same Redis and prefix as the queue). */
  static async watch(queue: Queue, schedulerId: string): Promise<SchedulerRuns> {
    // The queue's connection options are a producer's (requests fail fast); reading events blocks and waits.
    const connection = { ...(queue.opts.connection as RedisOptions), maxRetriesPerRequest: null };
    const events = new QueueEvents(queue.name, { connection, prefix: queue.opts.prefix });
    await events.waitUntilReady();
    return new SchedulerRuns(events, schedulerId);
  }

  /**
   * Resolves once `count` more runs have completed after this call. A run already under way when it is
   * called may be among them, so ask for one more than the checks that must have seen the present state.
   */
  async next(count: number, timeoutMs = 20_000): Promise<void> {
    const target = this.completed + count;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`expected ${count} more scheduler runs within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({ count: target, wake: () => (clearTimeout(timer), resolve()) });
    });
  }

  close(): Promise<void> {
    return this.events.close();
  }
}

/**
 * Waits until every event of the outbox has been handled (its job is in the handled-jobs ledger): after
 * it, whatever the events were going to do is done, and a test may check that something did not happen.
 */
export async function eventsHandled(databaseUrl: string, timeoutMs = 20_000): Promise<void> {
  await eventually(
    async () => {
      const { rows } = await onServer(
        (client) => client.query<{ waiting: number }>(`SELECT count(*)::int AS waiting FROM outbox_events e WHERE NOT EXISTS (SELECT 1 FROM handled_jobs h WHERE h.job_id = e.id::text)`),
        databaseUrl,
      );
      return rows[0].waiting === 0;
    },
    timeoutMs,
    'every outbox event to be handled',
  );
}

/**
 * Waits until what sent `mail` has committed. A job, or a reminder check, sends its mail inside its
 * transaction and commits after the server took it (a failed send rolls back the token or link it
 * stored), so a mail in the sink is no proof yet that its link works or that its record is there. The
 * Message-ID names the sender: a job's id (`<jobId@…>`, `<jobId-de@…>` for one of several languages),
 * found in the handled-jobs ledger once committed, or a reminder's row in `purchase_request_reminders`.
 */
export async function mailCommitted(databaseUrl: string, mail: { headers: Record<string, string> }, timeoutMs = 20_000): Promise<void> {
  const id = /^<([0-9a-f-]{36})(?:-[a-z]{2})?@/.exec(mail.headers['message-id'] ?? '')?.[1];
  if (!id) throw new Error(`mailCommitted: no job or reminder id in the Message-ID ${mail.headers['message-id']}`);
  await eventually(
    async () => {
      const { rows } = await onServer(
        (client) =>
          client.query<{ committed: boolean }>(
            `SELECT EXISTS (SELECT 1 FROM handled_jobs WHERE job_id = $1) OR EXISTS (SELECT 1 FROM purchase_request_reminders WHERE id::text = $1) AS committed`,
            [id],
          ),
        databaseUrl,
      );
      return rows[0].committed;
    },
    timeoutMs,
    `the sender of ${mail.headers['message-id']} to commit`,
  );
}
