import { MigrationInterface, QueryRunner } from 'typeorm';
import { indexTenantTables, isolateTenantTable, ORGANIZATION_COLUMN } from './tenant-isolation';

const ID = 'id uuid PRIMARY KEY DEFAULT gen_random_uuid()';
const STAMPS = 'created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now()';
const COST = (column: string) => `${column} numeric(14, 4) NOT NULL DEFAULT 0 CHECK (${column} >= 0)`;
const REQUEST = 'purchase_request_id uuid NOT NULL REFERENCES purchase_requests(id) ON DELETE CASCADE';

/**
 * Procurement (docs/product.md §2, §3): purchase requests sent to suppliers, who answer on a public
 * page of their own with offers. Every table under row-level security.
 *
 * - `document_numbers` gives numbers per organization, kind and year (PR-2026-0001; orders later):
 *   one row per counter, taken with `INSERT … ON CONFLICT DO UPDATE … RETURNING`, so two requests
 *   created at once never share a number.
 * - A supplier's access is `purchase_request_suppliers.token_hash` (SHA-256 of a random token that is
 *   only ever in the mail); a new send replaces it.
 * - An offer is kept as revisions: every submission is a row of `supplier_offers`; `latest` marks the
 *   one that counts (one per request and supplier). Its prices are per line asked (a product operation
 *   or a product part of the request) and quantity.
 */
export class Procurement1795220400000 implements MigrationInterface {
  name = 'Procurement1795220400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const table = async (name: string, columns: string[]) => {
      await queryRunner.query(`CREATE TABLE ${name} (${[ID, ORGANIZATION_COLUMN, ...columns].join(',\n')})`);
      await isolateTenantTable(queryRunner, name);
      if (columns.includes(REQUEST)) await queryRunner.query(`CREATE INDEX ${name}_request ON ${name} (purchase_request_id)`);
    };

    await queryRunner.query(
      `CREATE TABLE document_numbers (
         ${ORGANIZATION_COLUMN},
         kind varchar(40) NOT NULL, year integer NOT NULL, last integer NOT NULL,
         PRIMARY KEY (organization_id, kind, year))`,
    );
    await isolateTenantTable(queryRunner, 'document_numbers');

    await table('purchase_requests', [
      'number varchar(40) NOT NULL',
      'name varchar(255) NOT NULL',
      `status varchar(10) NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed'))`,
      'close_submission_deadline timestamptz NOT NULL',
      'include_product_preview boolean NOT NULL DEFAULT false',
      `reminder_frequency varchar(20) CHECK (reminder_frequency IN ('once', 'daily', 'every_3_days', 'weekly', 'monthly'))`,
      'additional_information varchar(255)',
      'created_by uuid REFERENCES users(id) ON DELETE SET NULL',
      'sent_at timestamptz',
      'closed_at timestamptz',
      STAMPS,
      'CONSTRAINT purchase_requests_number_unique UNIQUE (organization_id, number)',
    ]);
    await table('purchase_request_products', [
      REQUEST,
      'product_id uuid NOT NULL REFERENCES products(id) ON DELETE RESTRICT',
      `quantities numeric(14, 4)[] NOT NULL CHECK (cardinality(quantities) BETWEEN 1 AND 10 AND 0 < ALL (quantities) AND array_position(quantities, NULL) IS NULL)`,
      STAMPS,
      'CONSTRAINT purchase_request_products_unique UNIQUE (purchase_request_id, product_id)',
    ]);
    await table('purchase_request_suppliers', [
      REQUEST,
      'supplier_id uuid NOT NULL REFERENCES suppliers(id) ON DELETE RESTRICT',
      'token_hash char(64)',
      'invited_at timestamptz',
      STAMPS,
      'CONSTRAINT purchase_request_suppliers_unique UNIQUE (purchase_request_id, supplier_id)',
    ]);
    await table('purchase_request_operations', [
      REQUEST,
      'product_operation_id uuid NOT NULL REFERENCES product_operations(id) ON DELETE CASCADE',
      STAMPS,
      'CONSTRAINT purchase_request_operations_unique UNIQUE (purchase_request_id, product_operation_id)',
    ]);
    await table('purchase_request_parts', [
      REQUEST,
      'product_part_id uuid NOT NULL REFERENCES product_parts(id) ON DELETE CASCADE',
      STAMPS,
      'CONSTRAINT purchase_request_parts_unique UNIQUE (purchase_request_id, product_part_id)',
    ]);
    await table('purchase_request_files', [
      REQUEST,
      'file_name varchar(255) NOT NULL',
      'content_type varchar(100) NOT NULL',
      'size integer NOT NULL CHECK (size > 0 AND size <= 10485760)',
      'content bytea NOT NULL',
      'created_by uuid REFERENCES users(id) ON DELETE SET NULL',
      STAMPS,
    ]);
    await table('supplier_offers', [
      REQUEST,
      'supplier_id uuid NOT NULL REFERENCES suppliers(id) ON DELETE RESTRICT',
      'revision integer NOT NULL CHECK (revision >= 1)',
      'latest boolean NOT NULL DEFAULT true',
      'shipping_date date NOT NULL',
      COST('packaging_cost'),
      COST('shipping_cost'),
      COST('customs_cost'),
      'lead_time_days integer CHECK (lead_time_days >= 0)',
      'additional_information varchar(255)',
      `language varchar(5) NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'de'))`,
      'submitted_at timestamptz NOT NULL DEFAULT now()',
      STAMPS,
      'CONSTRAINT supplier_offers_revision_unique UNIQUE (purchase_request_id, supplier_id, revision)',
    ]);
    await queryRunner.query(`CREATE UNIQUE INDEX supplier_offers_latest ON supplier_offers (purchase_request_id, supplier_id) WHERE latest`);
    await queryRunner.query(`CREATE INDEX supplier_offers_supplier ON supplier_offers (supplier_id)`);
    await table('supplier_offer_prices', [
      'supplier_offer_id uuid NOT NULL REFERENCES supplier_offers(id) ON DELETE CASCADE',
      'purchase_request_operation_id uuid REFERENCES purchase_request_operations(id) ON DELETE CASCADE',
      'purchase_request_part_id uuid REFERENCES purchase_request_parts(id) ON DELETE CASCADE',
      'quantity numeric(14, 4) NOT NULL CHECK (quantity > 0)',
      'unit_price numeric(14, 4) NOT NULL CHECK (unit_price >= 0)',
      STAMPS,
      'CONSTRAINT supplier_offer_prices_one_line CHECK ((purchase_request_operation_id IS NULL) <> (purchase_request_part_id IS NULL))',
    ]);
    await queryRunner.query(`CREATE INDEX supplier_offer_prices_offer ON supplier_offer_prices (supplier_offer_id)`);
    await table('purchase_request_questions', [
      REQUEST,
      'supplier_id uuid NOT NULL REFERENCES suppliers(id) ON DELETE RESTRICT',
      'question varchar(255) NOT NULL',
      'asked_at timestamptz NOT NULL DEFAULT now()',
      'answer varchar(255)',
      'answered_at timestamptz',
      'answered_by uuid REFERENCES users(id) ON DELETE SET NULL',
      STAMPS,
    ]);
    for (const [name, column] of [
      ['purchase_request_products', 'product_id'],
      ['purchase_request_suppliers', 'supplier_id'],
      ['purchase_request_operations', 'product_operation_id'],
      ['purchase_request_parts', 'product_part_id'],
      ['supplier_offer_prices', 'purchase_request_operation_id'],
      ['supplier_offer_prices', 'purchase_request_part_id'],
      ['purchase_request_questions', 'supplier_id'],
    ]) {
      await queryRunner.query(`CREATE INDEX ${name}_${column} ON ${name} (${column})`);
    }
    await indexTenantTables(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const name of [
      'purchase_request_questions',
      'supplier_offer_prices',
      'supplier_offers',
      'purchase_request_files',
      'purchase_request_parts',
      'purchase_request_operations',
      'purchase_request_suppliers',
      'purchase_request_products',
      'purchase_requests',
      'document_numbers',
    ]) {
      await queryRunner.query(`DROP TABLE ${name}`);
    }
  }
}
