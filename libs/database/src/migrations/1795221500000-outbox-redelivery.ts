import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An event is done only when its job is in the handled-jobs ledger. Relaying it to
 * Redis is no longer the end: Redis may lose the job (a crash without AOF, the `everysec` window, a
 * failover to a lagging replica, a FLUSHALL). So the outbox row learns when its job was handled
 * (`handled_at`, set by a trigger on `handled_jobs` in the job's own transaction) or failed for good
 * (`failed_at`, `failed_reason`, recorded by the relay when it finds the job in the queue's failed
 * set), and the relay looks again at events relayed longer ago than OUTBOX_REDELIVER_MS and neither
 * handled nor failed (`outbox_claim_unhandled`, by a partial index of exactly those): a job Redis no
 * longer has is added again under the same id; the ledger keeps it exactly once.
 *
 * Like `outbox_claim`, the functions are security definer (the relay works across organizations), and
 * so is the trigger's: it writes the outbox row of the job's own organization only.
 */
export class OutboxRedelivery1795221500000 implements MigrationInterface {
  name = 'OutboxRedelivery1795221500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE outbox_events
        ADD COLUMN handled_at timestamptz,
        ADD COLUMN failed_at timestamptz,
        ADD COLUMN failed_reason text`);
    // Events handled before this migration (job id = event id). The ledger's tenant policy binds its owner
    // too (FORCE), so the migrating role reads it across organizations through a policy of its own, for
    // this statement only (a superuser needs none).
    await queryRunner.query(`
      DO $$ BEGIN
        EXECUTE format('CREATE POLICY outbox_backfill ON handled_jobs FOR SELECT TO %I USING (true)', current_user);
      END $$`);
    await queryRunner.query(`
      UPDATE outbox_events o SET handled_at = h.handled_at
        FROM handled_jobs h WHERE h.job_id = o.id::text AND o.relayed_at IS NOT NULL`);
    await queryRunner.query(`DROP POLICY outbox_backfill ON handled_jobs`);
    await queryRunner.query(`
      CREATE INDEX outbox_events_unhandled ON outbox_events (relayed_at)
        WHERE relayed_at IS NOT NULL AND handled_at IS NULL AND failed_at IS NULL`);

    await queryRunner.query(`
      CREATE FUNCTION outbox_event_handled() RETURNS trigger
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
        AS $$
        BEGIN
          IF NEW.job_id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN
            UPDATE outbox_events SET handled_at = clock_timestamp()
             WHERE id = NEW.job_id::uuid AND organization_id = NEW.organization_id AND handled_at IS NULL;
          END IF;
          RETURN NULL;
        END $$`);
    await queryRunner.query(`
      CREATE TRIGGER handled_jobs_outbox AFTER INSERT ON handled_jobs
        FOR EACH ROW EXECUTE FUNCTION outbox_event_handled()`);

    await queryRunner.query(`
      CREATE FUNCTION outbox_claim_unhandled(older_than interval, batch_size integer) RETURNS SETOF outbox_events
        LANGUAGE sql SECURITY DEFINER SET search_path = public
        AS $$ SELECT * FROM outbox_events
               WHERE relayed_at IS NOT NULL AND handled_at IS NULL AND failed_at IS NULL
                 AND relayed_at < clock_timestamp() - older_than
               ORDER BY relayed_at LIMIT batch_size FOR UPDATE SKIP LOCKED $$`);
    await queryRunner.query(`
      CREATE FUNCTION outbox_mark_failed(event_ids uuid[], reasons text[]) RETURNS void
        LANGUAGE sql SECURITY DEFINER SET search_path = public
        AS $$ UPDATE outbox_events o SET failed_at = clock_timestamp(), failed_reason = f.reason
                FROM unnest(event_ids, reasons) AS f(id, reason)
               WHERE o.id = f.id AND o.handled_at IS NULL $$`);
    // Kept for a week once done (handled or failed); an event not done yet is work, and stays.
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION outbox_prune(keep interval) RETURNS integer
        LANGUAGE sql SECURITY DEFINER SET search_path = public
        AS $$ WITH pruned AS (DELETE FROM outbox_events WHERE coalesce(handled_at, failed_at) < clock_timestamp() - keep RETURNING 1)
              SELECT count(*)::integer FROM pruned $$`);
    for (const fn of ['outbox_claim_unhandled(interval, integer)', 'outbox_mark_failed(uuid[], text[])', 'outbox_event_handled()']) {
      await queryRunner.query(`REVOKE ALL ON FUNCTION ${fn} FROM PUBLIC`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION outbox_prune(keep interval) RETURNS integer
        LANGUAGE sql SECURITY DEFINER SET search_path = public
        AS $$ WITH pruned AS (DELETE FROM outbox_events WHERE relayed_at < clock_timestamp() - keep RETURNING 1)
              SELECT count(*)::integer FROM pruned $$`);
    await queryRunner.query(`DROP FUNCTION outbox_mark_failed(uuid[], text[])`);
    await queryRunner.query(`DROP FUNCTION outbox_claim_unhandled(interval, integer)`);
    await queryRunner.query(`DROP TRIGGER handled_jobs_outbox ON handled_jobs`);
    await queryRunner.query(`DROP FUNCTION outbox_event_handled()`);
    await queryRunner.query(`DROP INDEX outbox_events_unhandled`);
    await queryRunner.query(`ALTER TABLE outbox_events DROP COLUMN failed_reason, DROP COLUMN failed_at, DROP COLUMN handled_at`);
  }
}
