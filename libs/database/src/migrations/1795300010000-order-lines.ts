import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One document: an order's lines are of three kinds (docs/api-orders.md "Lines").
 *
 * - `product`: a product at a quantity and the price it takes there (every line written before this).
 * - `free`: a text, a quantity, a unit (null: pieces) and a unit price given by staff (design work, freight,
 *   packaging); `price_source` `free`, no product, no price taken, no reason.
 * - `text`: a heading or a note printed across the table: a text only, no quantity, price or discount.
 *
 * The checks tie the columns to the kinds. Positions become 1..n per order in the order the lines were
 * listed (position, then as added), so the document's order is the position alone. Orders get the
 * customer's order number (`customer_order_number`, given when the customer orders).
 */
export class OrderLines1795300010000 implements MigrationInterface {
  name = 'OrderLines1795300010000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE orders ADD COLUMN customer_order_number varchar(255)`);
    await queryRunner.query(
      `ALTER TABLE order_items
         ADD COLUMN kind varchar(10) NOT NULL DEFAULT 'product' CHECK (kind IN ('product', 'free', 'text')),
         ADD COLUMN text varchar(1000),
         ADD COLUMN unit varchar(20),
         ALTER COLUMN product_id DROP NOT NULL,
         ALTER COLUMN quantity DROP NOT NULL,
         ALTER COLUMN unit_price DROP NOT NULL,
         ALTER COLUMN price_source DROP NOT NULL,
         ALTER COLUMN discount_percent DROP NOT NULL,
         DROP CONSTRAINT order_items_reason,
         DROP CONSTRAINT order_items_manual`,
    );
    await queryRunner.query(`ALTER TABLE order_items DROP CONSTRAINT IF EXISTS order_items_price_source_check`);
    await queryRunner.query(
      `ALTER TABLE order_items
         ADD CONSTRAINT order_items_price_source CHECK (price_source IN ('calculation', 'bulk_price', 'manual', 'free')),
         ADD CONSTRAINT order_items_kind_columns CHECK (CASE kind
           WHEN 'product' THEN product_id IS NOT NULL AND quantity IS NOT NULL AND unit_price IS NOT NULL AND discount_percent IS NOT NULL
                               AND price_source IN ('calculation', 'bulk_price', 'manual')
                               -- A price of its own needs a reason (also when no price was taken); the price taken needs none.
                               AND (coalesce(unit_price = taken_unit_price, false) OR unit_price_reason IS NOT NULL)
                               AND (price_source = 'manual') = (taken_unit_price IS NULL)
           WHEN 'free' THEN product_id IS NULL AND text IS NOT NULL AND quantity IS NOT NULL AND unit_price IS NOT NULL AND discount_percent IS NOT NULL
                            AND price_source = 'free' AND taken_unit_price IS NULL AND calculation_id IS NULL AND price_quantity IS NULL AND unit_price_reason IS NULL
           ELSE product_id IS NULL AND text IS NOT NULL AND quantity IS NULL AND unit_price IS NULL AND discount_percent IS NULL AND unit IS NULL
                AND price_source IS NULL AND taken_unit_price IS NULL AND calculation_id IS NULL AND price_quantity IS NULL AND unit_price_reason IS NULL
         END)`,
    );
    // Every organization's rows: the policy binds the owner too until NO FORCE, within this transaction only.
    await queryRunner.query(`ALTER TABLE order_items NO FORCE ROW LEVEL SECURITY`);
    await queryRunner.query(
      `UPDATE order_items i SET position = n.position
         FROM (SELECT id, row_number() OVER (PARTITION BY order_id ORDER BY position, created_at, id) AS position FROM order_items) n
        WHERE n.id = i.id AND i.position IS DISTINCT FROM n.position`,
    );
    await queryRunner.query(`ALTER TABLE order_items FORCE ROW LEVEL SECURITY`);
    await queryRunner.query(`CREATE INDEX order_items_order_position ON order_items (order_id, position)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE order_items NO FORCE ROW LEVEL SECURITY`);
    await queryRunner.query(`DELETE FROM order_items WHERE kind <> 'product'`);
    await queryRunner.query(`ALTER TABLE order_items FORCE ROW LEVEL SECURITY`);
    await queryRunner.query(`DROP INDEX order_items_order_position`);
    await queryRunner.query(
      `ALTER TABLE order_items
         DROP CONSTRAINT order_items_kind_columns,
         DROP CONSTRAINT order_items_price_source,
         DROP COLUMN kind, DROP COLUMN text, DROP COLUMN unit,
         ALTER COLUMN product_id SET NOT NULL,
         ALTER COLUMN quantity SET NOT NULL,
         ALTER COLUMN unit_price SET NOT NULL,
         ALTER COLUMN price_source SET NOT NULL,
         ALTER COLUMN discount_percent SET NOT NULL,
         ADD CONSTRAINT order_items_price_source_check CHECK (price_source IN ('calculation', 'bulk_price', 'manual')),
         ADD CONSTRAINT order_items_reason CHECK (coalesce(unit_price = taken_unit_price, false) OR unit_price_reason IS NOT NULL),
         ADD CONSTRAINT order_items_manual CHECK ((price_source = 'manual') = (taken_unit_price IS NULL))`,
    );
    await queryRunner.query(`ALTER TABLE orders DROP COLUMN customer_order_number`);
  }
}
