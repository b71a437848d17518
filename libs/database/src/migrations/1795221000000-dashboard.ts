import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The dashboard's reads (docs/api-dashboard.md), each bounded by its interval on a time
 * column, need an index that starts with the organization (row-level security adds it to every
 * query) and holds the time. Orders have theirs (1795220900000: by `created_at`, by status and
 * `status_changed_at`); these are the two missing:
 * - the conversion rate finds the orders offered in an interval in their status history;
 * - products created in an interval, by status.
 */
export class Dashboard1795221000000 implements MigrationInterface {
  name = 'Dashboard1795221000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX order_status_changes_to_status ON order_status_changes (organization_id, to_status, changed_at)`);
    await queryRunner.query(`CREATE INDEX products_created ON products (organization_id, created_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX order_status_changes_to_status`);
    await queryRunner.query(`DROP INDEX products_created`);
  }
}
