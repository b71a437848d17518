import type { EntityManager } from 'typeorm';

/** Writes of `outbox_events` beyond the entity's `save`: several events of one job in one statement. */
export class OutboxEventRepository {
  constructor(private readonly manager: EntityManager) {}

  /** Inserts one event per payload, in the order given; their ids in that order. */
  async insertAll(jobName: string, queueName: string, payloads: Array<Record<string, unknown>>): Promise<string[]> {
    const rows = await this.manager.query<Array<{ id: string }>>(
      `INSERT INTO outbox_events (job_name, queue_name, payload)
       SELECT $1, $2, e.payload FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS e(payload, ord) ORDER BY e.ord
       RETURNING id`,
      [jobName, queueName, JSON.stringify(payloads)],
    );
    return rows.map((row) => row.id);
  }
}
