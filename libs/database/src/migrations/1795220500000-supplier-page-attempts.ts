import { MigrationInterface, QueryRunner } from 'typeorm';
import { indexTenantTables, isolateTenantTable, ORGANIZATION_COLUMN } from './tenant-isolation';

const REFERENCES_TO_USERS = [
  ['purchase_requests', 'created_by'],
  ['purchase_request_files', 'created_by'],
  ['purchase_request_questions', 'answered_by'],
] as const;

/**
 * The supplier's public page is throttled like sign-in: its failed lookups (a wrong token, an unknown
 * or malformed id: the neutral 404) are counted per client address. A row per failure, committed
 * although the request answers 404; the check counts the rows of the last 15 minutes. (Submissions and
 * questions are limited by counting their own rows, so they need no table.) Also indexes procurement's
 * references to users, which its migration left without.
 */
export class SupplierPageAttempts1795220500000 implements MigrationInterface {
  name = 'SupplierPageAttempts1795220500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE supplier_page_failures (
         id uuid PRIMARY KEY DEFAULT gen_random_uuid(), ${ORGANIZATION_COLUMN},
         address varchar(64) NOT NULL,
         failed_at timestamptz NOT NULL DEFAULT now())`,
    );
    await isolateTenantTable(queryRunner, 'supplier_page_failures');
    await queryRunner.query(`CREATE INDEX supplier_page_failures_address ON supplier_page_failures (organization_id, address, failed_at)`);
    // Procurement's references to users, left unindexed by its migration: deleting a user must not read every request and question.
    for (const [table, column] of REFERENCES_TO_USERS) {
      await queryRunner.query(`CREATE INDEX IF NOT EXISTS ${table}_${column} ON ${table} (${column})`);
    }
    await indexTenantTables(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const [table, column] of REFERENCES_TO_USERS) await queryRunner.query(`DROP INDEX IF EXISTS ${table}_${column}`);
    await queryRunner.query(`DROP TABLE supplier_page_failures`);
  }
}
