import { MigrationInterface, QueryRunner } from 'typeorm';
import { indexTenantTables, isolateTenantTable, ORGANIZATION_COLUMN } from './tenant-isolation';

/**
 * Awards (docs/api-procurement.md "Procurement II: award"): which line of a purchase request
 * went to which supplier's offer, by whom and when. A row per line awarded; withdrawing or moving a
 * line to another supplier sets `withdrawn_at` (and `replaced_by` for a move), so the history stays.
 * One active award per line (partial unique indexes). `bulk_prices` keeps the landed bands the award
 * wrote to the supplier's suppliable; `deactivated_suppliable_ids` the other suppliers' suppliables it
 * switched off, so a withdrawal can switch them on again.
 */
export class ProcurementAwards1795220700000 implements MigrationInterface {
  name = 'ProcurementAwards1795220700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE purchase_request_awards (
         id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
         ${ORGANIZATION_COLUMN},
         purchase_request_id uuid NOT NULL REFERENCES purchase_requests(id) ON DELETE CASCADE,
         supplier_offer_id uuid NOT NULL REFERENCES supplier_offers(id) ON DELETE CASCADE,
         supplier_id uuid NOT NULL REFERENCES suppliers(id) ON DELETE RESTRICT,
         purchase_request_operation_id uuid REFERENCES purchase_request_operations(id) ON DELETE CASCADE,
         purchase_request_part_id uuid REFERENCES purchase_request_parts(id) ON DELETE CASCADE,
         suppliable_id uuid REFERENCES suppliables(id) ON DELETE SET NULL,
         bulk_prices jsonb NOT NULL DEFAULT '[]',
         deactivated_suppliable_ids uuid[] NOT NULL DEFAULT '{}',
         awarded_by uuid REFERENCES users(id) ON DELETE SET NULL,
         awarded_at timestamptz NOT NULL DEFAULT now(),
         withdrawn_by uuid REFERENCES users(id) ON DELETE SET NULL,
         withdrawn_at timestamptz,
         replaced_by uuid REFERENCES purchase_request_awards(id) ON DELETE SET NULL,
         created_at timestamptz NOT NULL DEFAULT now(),
         updated_at timestamptz NOT NULL DEFAULT now(),
         CONSTRAINT purchase_request_awards_one_line CHECK ((purchase_request_operation_id IS NULL) <> (purchase_request_part_id IS NULL))
       )`,
    );
    await isolateTenantTable(queryRunner, 'purchase_request_awards');
    for (const column of [
      'purchase_request_id',
      'supplier_offer_id',
      'supplier_id',
      'purchase_request_operation_id',
      'purchase_request_part_id',
      'suppliable_id',
      'awarded_by',
      'withdrawn_by',
      'replaced_by',
    ]) {
      await queryRunner.query(`CREATE INDEX purchase_request_awards_${column} ON purchase_request_awards (${column})`);
    }
    // A line is awarded to one supplier at a time.
    await queryRunner.query(
      `CREATE UNIQUE INDEX purchase_request_awards_active_operation ON purchase_request_awards (purchase_request_operation_id) WHERE withdrawn_at IS NULL AND purchase_request_operation_id IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX purchase_request_awards_active_part ON purchase_request_awards (purchase_request_part_id) WHERE withdrawn_at IS NULL AND purchase_request_part_id IS NOT NULL`,
    );
    await indexTenantTables(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE purchase_request_awards`);
  }
}
