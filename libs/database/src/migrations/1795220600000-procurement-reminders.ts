import { MigrationInterface, QueryRunner } from 'typeorm';
import { indexTenantTables, isolateTenantTable, ORGANIZATION_COLUMN } from './tenant-isolation';

/**
 * Procurement II, reminders (docs/api-procurement.md, "Procurement II: reminders and the deadline"): the
 * ledger of reminders sent. Which reminder is due follows from the request (its frequency and deadline),
 * the supplier's invitation and this ledger; a reminder is written here in the transaction that mails it,
 * and the unique key per request, supplier and slot (the time the reminder was due) keeps it from ever
 * going out twice, whatever the scheduler that wakes the check does. A supplier taken off the request
 * takes its reminders along (the key to `purchase_request_suppliers`).
 */
export class ProcurementReminders1795220600000 implements MigrationInterface {
  name = 'ProcurementReminders1795220600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE purchase_request_reminders (
         id uuid PRIMARY KEY DEFAULT gen_random_uuid(), ${ORGANIZATION_COLUMN},
         purchase_request_id uuid NOT NULL,
         supplier_id uuid NOT NULL,
         slot timestamptz NOT NULL,
         sent_at timestamptz NOT NULL,
         CONSTRAINT purchase_request_reminders_supplier FOREIGN KEY (purchase_request_id, supplier_id)
           REFERENCES purchase_request_suppliers (purchase_request_id, supplier_id) ON DELETE CASCADE,
         CONSTRAINT purchase_request_reminders_unique UNIQUE (purchase_request_id, supplier_id, slot))`,
    );
    await isolateTenantTable(queryRunner, 'purchase_request_reminders');
    // The due check asks each organization every minute for its open requests whose deadline has come.
    await queryRunner.query(`CREATE INDEX purchase_requests_open_deadline ON purchase_requests (organization_id, close_submission_deadline) WHERE status = 'open'`);
    await indexTenantTables(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX purchase_requests_open_deadline`);
    await queryRunner.query(`DROP TABLE purchase_request_reminders`);
  }
}
