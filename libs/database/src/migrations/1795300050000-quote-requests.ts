import { MigrationInterface, QueryRunner } from 'typeorm';
import { indexTenantTables, isolateTenantTable, ORGANIZATION_COLUMN } from './tenant-isolation';

/**
 * The public quote-request page (docs/api-surveys.md "The quote-request page"):
 * - `quote_requests`: what a customer asked on the page (company, name, email, quantities, material wish by id or
 *   text, thickness, note, the page's language, the client address it came from), the survey made for staff and
 *   the customer linked, the SHA-256 of the progress page's token (the token itself is never stored; the page's answer
 *   carries one, the acknowledgement mail another, `mail_token_hash`, made by its job), and the
 *   indicative prices per drawing (`indicative_prices`, keyed by survey input, written by `surveys.quote-prices`);
 * - the progress page's failed lookups are counted with the other public pages' (`supplier_page_failures`, page `quote`);
 * - `surveys.source`: `staff` or `quote-page`;
 * - `customers.email`: the address a customer made by the page was given, matched by its domain next time.
 */
export class QuoteRequests1795300050000 implements MigrationInterface {
  name = 'QuoteRequests1795300050000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE surveys ADD COLUMN source varchar(20) NOT NULL DEFAULT 'staff' CHECK (source IN ('staff', 'quote-page'))`);
    await queryRunner.query(`ALTER TABLE customers ADD COLUMN email varchar(255)`);
    await queryRunner.query(
      `CREATE TABLE quote_requests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        ${ORGANIZATION_COLUMN},
        survey_id uuid REFERENCES surveys(id) ON DELETE SET NULL,
        customer_id uuid REFERENCES customers(id) ON DELETE SET NULL,
        company varchar(255) NOT NULL,
        name varchar(255) NOT NULL,
        email varchar(255) NOT NULL,
        quantities integer[] NOT NULL CHECK (cardinality(quantities) BETWEEN 1 AND 20),
        material_id uuid REFERENCES materials(id) ON DELETE SET NULL,
        material_text varchar(255),
        thickness numeric(8, 3) CHECK (thickness > 0),
        note text CHECK (length(note) <= 5000),
        language varchar(5) NOT NULL CHECK (language IN ('en', 'de')),
        address varchar(64) NOT NULL,
        token_hash char(64) NOT NULL,
        mail_token_hash char(64),
        indicative_prices jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
    );
    await isolateTenantTable(queryRunner, 'quote_requests');
    await queryRunner.query(`CREATE UNIQUE INDEX quote_requests_survey ON quote_requests (survey_id)`);
    await queryRunner.query(`CREATE INDEX quote_requests_customer ON quote_requests (customer_id)`);
    await queryRunner.query(`CREATE INDEX quote_requests_material ON quote_requests (material_id)`);
    // The throttle counts an address's requests of the last hour; the dashboard counts an interval's.
    await queryRunner.query(`CREATE INDEX quote_requests_address ON quote_requests (organization_id, address, created_at)`);
    await queryRunner.query(`CREATE INDEX quote_requests_created ON quote_requests (organization_id, created_at)`);
    await queryRunner.query(`CREATE INDEX surveys_source ON surveys (organization_id, source)`);
    await queryRunner.query(`CREATE INDEX customers_email_domain ON customers (organization_id, lower(split_part(email, '@', 2)))`);
    await indexTenantTables(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE quote_requests`);
    await queryRunner.query(`DROP INDEX customers_email_domain`);
    await queryRunner.query(`ALTER TABLE customers DROP COLUMN email`);
    await queryRunner.query(`DROP INDEX surveys_source`);
    await queryRunner.query(`ALTER TABLE surveys DROP COLUMN source`);
  }
}
