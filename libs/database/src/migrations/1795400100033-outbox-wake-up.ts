import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Wakes the outbox relay when events are written, instead of it finding them at its next poll
 * (OUTBOX_POLL_MS, 500 ms): a statement-level trigger notifies `outbox_events` once per insert
 * statement. PostgreSQL delivers a notification only when the writing transaction commits, and
 * folds the same notification sent several times in one transaction into one, so a transaction
 * that emits a thousand events wakes the relay once, after its rows are visible. The relay keeps
 * polling as well: a notification missed while its listening connection was down costs a poll.
 */
export class OutboxWakeUp1795400100033 implements MigrationInterface {
  name = 'OutboxWakeUp1795400100033';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION outbox_events_written() RETURNS trigger
        LANGUAGE plpgsql
        AS $$ BEGIN PERFORM pg_notify('outbox_events', ''); RETURN NULL; END $$`);
    await queryRunner.query(`
      CREATE TRIGGER outbox_events_notify AFTER INSERT ON outbox_events
        FOR EACH STATEMENT EXECUTE FUNCTION outbox_events_written()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER outbox_events_notify ON outbox_events`);
    await queryRunner.query(`DROP FUNCTION outbox_events_written()`);
  }
}
