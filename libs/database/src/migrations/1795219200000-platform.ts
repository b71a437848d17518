import { MigrationInterface, QueryRunner } from 'typeorm';
import { isolateTenantTable, ORGANIZATION_COLUMN } from './tenant-isolation';

export class Platform1795219200000 implements MigrationInterface {
  name = 'Platform1795219200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION current_organization_id() RETURNS uuid
        LANGUAGE sql STABLE
        AS $$ SELECT nullif(current_setting('app.organization_id', true), '')::uuid $$`);

    await queryRunner.query(`
      CREATE TABLE organizations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        slug varchar(63) NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9][a-z0-9-]*$'),
        name varchar(255) NOT NULL,
        default_locale varchar(5) NOT NULL DEFAULT 'en' CHECK (default_locale IN ('en', 'de')),
        disabled_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await queryRunner.query(`
      CREATE TABLE settings (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        ${ORGANIZATION_COLUMN},
        slug varchar(255) NOT NULL,
        value jsonb NOT NULL CHECK (jsonb_typeof(value) IN ('string', 'array')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT settings_slug_unique UNIQUE (organization_id, slug)
      )`);
    await isolateTenantTable(queryRunner, 'settings');

    await queryRunner.query(`
      CREATE TABLE outbox_events (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        ${ORGANIZATION_COLUMN},
        job_name varchar(100) NOT NULL,
        queue_name varchar(40) NOT NULL,
        payload jsonb NOT NULL,
        occurred_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        relayed_at timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX outbox_events_pending ON outbox_events (occurred_at) WHERE relayed_at IS NULL`);
    await isolateTenantTable(queryRunner, 'outbox_events');
    // The relay works across organizations. It may do so only through the two functions
    // below, which run as the migrating role; this policy lets that role through even when
    // it is not a superuser (FORCE ROW LEVEL SECURITY binds owners too).
    await queryRunner.query(`
      DO $$ BEGIN
        EXECUTE format('CREATE POLICY outbox_relay ON outbox_events TO %I USING (true) WITH CHECK (true)', current_user);
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION outbox_claim(batch_size integer) RETURNS SETOF outbox_events
        LANGUAGE sql SECURITY DEFINER SET search_path = public
        AS $$ SELECT * FROM outbox_events WHERE relayed_at IS NULL
              ORDER BY occurred_at LIMIT batch_size FOR UPDATE SKIP LOCKED $$`);
    await queryRunner.query(`
      CREATE FUNCTION outbox_mark_relayed(event_ids uuid[]) RETURNS void
        LANGUAGE sql SECURITY DEFINER SET search_path = public
        AS $$ UPDATE outbox_events SET relayed_at = clock_timestamp() WHERE id = ANY(event_ids) $$`);
    await queryRunner.query(`
      CREATE FUNCTION outbox_prune(keep interval) RETURNS integer
        LANGUAGE sql SECURITY DEFINER SET search_path = public
        AS $$ WITH pruned AS (DELETE FROM outbox_events WHERE relayed_at < clock_timestamp() - keep RETURNING 1)
              SELECT count(*)::integer FROM pruned $$`);
    for (const fn of ['outbox_claim(integer)', 'outbox_mark_relayed(uuid[])', 'outbox_prune(interval)']) {
      await queryRunner.query(`REVOKE ALL ON FUNCTION ${fn} FROM PUBLIC`);
    }

    await queryRunner.query(`
      CREATE TABLE handled_jobs (
        job_id varchar(100) PRIMARY KEY,
        ${ORGANIZATION_COLUMN},
        job_name varchar(100) NOT NULL,
        handled_at timestamptz NOT NULL DEFAULT now()
      )`);
    await isolateTenantTable(queryRunner, 'handled_jobs');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE handled_jobs`);
    await queryRunner.query(`DROP FUNCTION outbox_prune(interval)`);
    await queryRunner.query(`DROP FUNCTION outbox_mark_relayed(uuid[])`);
    await queryRunner.query(`DROP FUNCTION outbox_claim(integer)`);
    await queryRunner.query(`DROP TABLE outbox_events`);
    await queryRunner.query(`DROP TABLE settings`);
    await queryRunner.query(`DROP TABLE organizations`);
    await queryRunner.query(`DROP FUNCTION current_organization_id()`);
  }
}
