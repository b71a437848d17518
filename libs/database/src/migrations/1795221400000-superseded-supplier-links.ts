import { MigrationInterface, QueryRunner } from 'typeorm';
import { indexTenantTables, isolateTenantTable, ORGANIZATION_COLUMN } from './tenant-isolation';

/**
 * A supplier's page survives a new link. Every mail with a personal link (invitation,
 * resend, reminder, reopening, the answer to a question) replaces `purchase_request_suppliers.token_hash`;
 * the hash it replaces is kept here, with when, by a trigger, so no path that makes a new link can forget
 * it. A replaced link still opens the page and still submits while the supplier has submitted no offer
 * since it was replaced (`supplier-access.ts`); after that it is answered 410 `supplier_link_replaced`
 * ("we mailed you a newer link"), never the neutral 404.
 */
export class SupersededSupplierLinks1795221400000 implements MigrationInterface {
  name = 'SupersededSupplierLinks1795221400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE superseded_supplier_tokens (
         id uuid PRIMARY KEY DEFAULT gen_random_uuid(), ${ORGANIZATION_COLUMN},
         request_supplier_id uuid NOT NULL REFERENCES purchase_request_suppliers(id) ON DELETE CASCADE,
         token_hash char(64) NOT NULL,
         superseded_at timestamptz NOT NULL DEFAULT now())`,
    );
    await isolateTenantTable(queryRunner, 'superseded_supplier_tokens');
    await queryRunner.query(`CREATE INDEX superseded_supplier_tokens_lookup ON superseded_supplier_tokens (request_supplier_id, token_hash)`);
    await queryRunner.query(
      `CREATE FUNCTION purchase_request_suppliers_keep_superseded() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         INSERT INTO superseded_supplier_tokens (organization_id, request_supplier_id, token_hash) VALUES (OLD.organization_id, OLD.id, OLD.token_hash);
         RETURN NULL;
       END $$`,
    );
    await queryRunner.query(
      `CREATE TRIGGER purchase_request_suppliers_keep_superseded AFTER UPDATE OF token_hash ON purchase_request_suppliers FOR EACH ROW
       WHEN (OLD.token_hash IS NOT NULL AND OLD.token_hash IS DISTINCT FROM NEW.token_hash) EXECUTE FUNCTION purchase_request_suppliers_keep_superseded()`,
    );
    await indexTenantTables(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER purchase_request_suppliers_keep_superseded ON purchase_request_suppliers`);
    await queryRunner.query(`DROP FUNCTION purchase_request_suppliers_keep_superseded()`);
    await queryRunner.query(`DROP TABLE superseded_supplier_tokens`);
  }
}
