import { MigrationInterface, QueryRunner } from 'typeorm';
import { indexTenantTables, isolateTenantTable, ORGANIZATION_COLUMN } from './tenant-isolation';

/**
 * The customer's offer page (docs/api-orders.md "The customer's offer page"):
 * - `customer_offer_links`: the personal links mailed to an order's contact (by whom: `sent_by`), each only as the SHA-256 of its token,
 *   valid until `expires_at` (the end of the offer's last valid day in the organization's zone); a new send of the
 *   offer supersedes every earlier link of the order, an answer's link supersedes none;
 * - `order_questions`: what the customer asked on the page, and staff's answer;
 * - on `orders`, the customer's answer given online (who accepted, when, with which note; when declined, why);
 * - on `order_status_changes`, where a change came from (`source` 'customer-page', no user) and its note;
 * - `supplier_page_failures` counts the failed lookups of every public page, each under its `page`
 *   ('supplier', 'offer'), so one throttle serves both (`common/page-throttle.ts`).
 */
export class CustomerOfferPage1795300040000 implements MigrationInterface {
  name = 'CustomerOfferPage1795300040000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE customer_offer_links (
         id uuid PRIMARY KEY DEFAULT gen_random_uuid(), ${ORGANIZATION_COLUMN},
         order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
         token_hash char(64) NOT NULL,
         expires_at timestamptz NOT NULL,
         sent_status varchar(10) NOT NULL,
         sent_by uuid REFERENCES users(id) ON DELETE SET NULL,
         superseded boolean NOT NULL DEFAULT false,
         created_at timestamptz NOT NULL DEFAULT now(),
         CONSTRAINT customer_offer_links_token UNIQUE (token_hash))`,
    );
    await isolateTenantTable(queryRunner, 'customer_offer_links');
    await queryRunner.query(`CREATE INDEX customer_offer_links_order ON customer_offer_links (order_id)`);
    await queryRunner.query(`CREATE INDEX customer_offer_links_sent_by ON customer_offer_links (sent_by)`);
    await queryRunner.query(
      `CREATE TABLE order_questions (
         id uuid PRIMARY KEY DEFAULT gen_random_uuid(), ${ORGANIZATION_COLUMN},
         order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
         question varchar(2000) NOT NULL,
         asked_at timestamptz NOT NULL DEFAULT now(),
         answer varchar(2000),
         answered_by uuid REFERENCES users(id) ON DELETE SET NULL,
         answered_at timestamptz,
         created_at timestamptz NOT NULL DEFAULT now(),
         updated_at timestamptz NOT NULL DEFAULT now())`,
    );
    await isolateTenantTable(queryRunner, 'order_questions');
    await queryRunner.query(`CREATE INDEX order_questions_order ON order_questions (order_id, asked_at)`);
    await queryRunner.query(`CREATE INDEX order_questions_answered_by ON order_questions (answered_by)`);
    await queryRunner.query(
      `ALTER TABLE orders
         ADD COLUMN accepted_online_at timestamptz,
         ADD COLUMN accepted_online_by varchar(255),
         ADD COLUMN acceptance_note varchar(2000),
         ADD COLUMN declined_online_at timestamptz,
         ADD COLUMN decline_reason varchar(2000)`,
    );
    await queryRunner.query(
      `ALTER TABLE order_status_changes
         ADD COLUMN source varchar(20) CHECK (source IN ('customer-page')),
         ADD COLUMN note varchar(2000)`,
    );
    await queryRunner.query(`CREATE INDEX orders_accepted_online ON orders (organization_id, accepted_online_at) WHERE accepted_online_at IS NOT NULL`);
    await queryRunner.query(`ALTER TABLE supplier_page_failures ADD COLUMN page varchar(20) NOT NULL DEFAULT 'supplier'`);
    await queryRunner.query(`DROP INDEX supplier_page_failures_address`);
    await queryRunner.query(`CREATE INDEX supplier_page_failures_address ON supplier_page_failures (organization_id, page, address, failed_at)`);
    await indexTenantTables(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX supplier_page_failures_address`);
    await queryRunner.query(`ALTER TABLE supplier_page_failures DROP COLUMN page`);
    await queryRunner.query(`CREATE INDEX supplier_page_failures_address ON supplier_page_failures (organization_id, address, failed_at)`);
    await queryRunner.query(`DROP INDEX orders_accepted_online`);
    await queryRunner.query(`ALTER TABLE order_status_changes DROP COLUMN source, DROP COLUMN note`);
    await queryRunner.query(
      `ALTER TABLE orders DROP COLUMN accepted_online_at, DROP COLUMN accepted_online_by, DROP COLUMN acceptance_note, DROP COLUMN declined_online_at, DROP COLUMN decline_reason`,
    );
    await queryRunner.query(`DROP TABLE order_questions`);
    await queryRunner.query(`DROP TABLE customer_offer_links`);
  }
}
