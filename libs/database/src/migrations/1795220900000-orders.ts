import { MigrationInterface, QueryRunner } from 'typeorm';
import { indexTenantTables, isolateTenantTable, ORGANIZATION_COLUMN } from './tenant-isolation';

const ID = 'id uuid PRIMARY KEY DEFAULT gen_random_uuid()';
const STAMPS = 'created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now()';
const STATUS = (column: string, nullable = false) =>
  `${column} varchar(10) ${nullable ? '' : 'NOT NULL '}CHECK (${column} IN ('draft', 'offered', 'ordered', 'deferred', 'declined'))`;
const PERCENT = (column: string) => `${column} numeric(5, 2) NOT NULL DEFAULT 0 CHECK (${column} BETWEEN 0 AND 100)`;
const ORDER = 'order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE';

/**
 * Orders and offers to customers (docs/api-orders.md): one document from draft to the
 * customer's answer, its items (a product at a quantity and a unit price), and who changed its status
 * when. Every table under row-level security.
 *
 * - Numbers come from `document_numbers` (kind `order`, OR-2026-0001), one per document for its life.
 * - Totals are not stored: they are computed on every read from the items (exact numeric, cents
 *   rounded at the documented points), so they can never disagree with the items.
 * - `vat_rate` and `currency` are the organization's settings when the order is created, kept on the
 *   order so a later change of the settings does not change an offer already made.
 * - An item keeps the price it took (`taken_unit_price`, from the product's latest calculation or its
 *   bulk prices) beside the one it sells at; they differ only with a `unit_price_reason`.
 */
export class Orders1795220900000 implements MigrationInterface {
  name = 'Orders1795220900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const table = async (name: string, columns: string[]) => {
      await queryRunner.query(`CREATE TABLE ${name} (${[ID, ORGANIZATION_COLUMN, ...columns].join(',\n')})`);
      await isolateTenantTable(queryRunner, name);
    };

    await table('orders', [
      'number varchar(40) NOT NULL',
      'name varchar(255) NOT NULL',
      `${STATUS('status')} DEFAULT 'draft'`,
      'customer_id uuid REFERENCES customers(id) ON DELETE RESTRICT',
      `language varchar(2) NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'de'))`,
      'request_number varchar(255)',
      'description varchar(255)',
      'valid_until date',
      'contact_name varchar(255)',
      'contact_phone varchar(255)',
      'contact_email varchar(255)',
      'payment_terms varchar(255)',
      `currency varchar(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$')`,
      'shipping_terms varchar(255)',
      'shipping_method varchar(255)',
      'shipping_date date',
      'shipping_days integer CHECK (shipping_days >= 0)',
      PERCENT('commission_percent'),
      PERCENT('vat_rate'),
      'created_by uuid REFERENCES users(id) ON DELETE SET NULL',
      'status_changed_at timestamptz NOT NULL DEFAULT now()',
      STAMPS,
      'CONSTRAINT orders_number_unique UNIQUE (organization_id, number)',
    ]);
    await queryRunner.query(`CREATE INDEX orders_customer ON orders (customer_id)`);
    await queryRunner.query(`CREATE INDEX orders_created_by ON orders (created_by)`);
    // The dashboard reads orders of one organization by status and time.
    await queryRunner.query(`CREATE INDEX orders_status_changed ON orders (organization_id, status, status_changed_at)`);
    await queryRunner.query(`CREATE INDEX orders_created ON orders (organization_id, created_at)`);

    await table('order_items', [
      ORDER,
      'product_id uuid NOT NULL REFERENCES products(id) ON DELETE RESTRICT',
      'position integer NOT NULL DEFAULT 0',
      'quantity numeric(14, 4) NOT NULL CHECK (quantity > 0)',
      'unit_price numeric(14, 4) NOT NULL CHECK (unit_price >= 0)',
      'taken_unit_price numeric(14, 4) CHECK (taken_unit_price >= 0)',
      `price_source varchar(20) NOT NULL CHECK (price_source IN ('calculation', 'bulk_price', 'manual'))`,
      'calculation_id uuid REFERENCES calculations(id) ON DELETE SET NULL',
      'price_quantity numeric(14, 4)',
      'unit_price_reason varchar(255)',
      PERCENT('discount_percent'),
      STAMPS,
      'CONSTRAINT order_items_product_unique UNIQUE (order_id, product_id)',
      // A price of its own needs a reason (also when no price was taken); the price taken needs none.
      `CONSTRAINT order_items_reason CHECK (coalesce(unit_price = taken_unit_price, false) OR unit_price_reason IS NOT NULL)`,
      `CONSTRAINT order_items_manual CHECK ((price_source = 'manual') = (taken_unit_price IS NULL))`,
    ]);
    await queryRunner.query(`CREATE INDEX order_items_product ON order_items (product_id)`);
    await queryRunner.query(`CREATE INDEX order_items_calculation ON order_items (calculation_id)`);

    await table('order_status_changes', [
      ORDER,
      STATUS('from_status', true),
      STATUS('to_status'),
      'changed_by uuid REFERENCES users(id) ON DELETE SET NULL',
      'changed_at timestamptz NOT NULL DEFAULT now()',
    ]);
    await queryRunner.query(`CREATE INDEX order_status_changes_order ON order_status_changes (order_id, changed_at)`);
    await queryRunner.query(`CREATE INDEX order_status_changes_changed_by ON order_status_changes (changed_by)`);
    await indexTenantTables(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const name of ['order_status_changes', 'order_items', 'orders']) await queryRunner.query(`DROP TABLE ${name}`);
    await queryRunner.query(`DELETE FROM document_numbers WHERE kind = 'order'`);
  }
}
