import { MigrationInterface, QueryRunner } from 'typeorm';
import { isolateTenantTable, ORGANIZATION_COLUMN } from './tenant-isolation';

/**
 * The company profile (docs/api-orders.md "Company profile"): the shop's logo, printed on its offers and order confirmations. One per
 * organization (its key is the organization), a PNG or JPEG of at most 1 MB checked by its content on upload
 * (apps/api/src/settings/company-logo.ts), kept with the width and height its header declares. The profile's
 * other fields are settings (`letterhead-*`, `default-payment-terms`, …).
 */
export class CompanyLogo1795300030000 implements MigrationInterface {
  name = 'CompanyLogo1795300030000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE company_logos (
        ${ORGANIZATION_COLUMN},
        content_type varchar(20) NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
        width integer NOT NULL CHECK (width > 0),
        height integer NOT NULL CHECK (height > 0),
        size integer NOT NULL CHECK (size > 0 AND size <= 1048576),
        content bytea NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT company_logos_pkey PRIMARY KEY (organization_id)
      )`,
    );
    await isolateTenantTable(queryRunner, 'company_logos');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE company_logos`);
  }
}
