import { MigrationInterface, QueryRunner } from 'typeorm';

/** The lines a product is priced from: a write to any of them changes its price. */
const PRICED_PRODUCT_LINES = ['product_contours', 'product_holes', 'product_bends', 'product_materials', 'product_operations', 'product_parts'];

/** The product's own columns its price is made from (loadProducts); a name or a number is not. */
const PRICED_PRODUCT_COLUMNS = ['material_id', 'thickness', 'blank_width', 'blank_length', 'added_width', 'added_length'];

/**
 * `products.price_stale`: the product's inputs changed since its latest calculation, so the price it
 * shows is out of date until it is calculated again. The database keeps it, in the writing transaction,
 * whoever writes: a change of a priced column of the product, or any insert, change or delete of one of
 * its geometry or production lines, marks the product and every assembly above it; storing a new
 * latest calculation clears it. Marking updates (and so locks) each product row, and a calculation
 * locks its products before it reads anything, so the two serialize: a change the calculation did not
 * see marks the product after it. The functions run as the caller (the app role), under row-level
 * security like any of its queries.
 */
export class PriceStale1795220300000 implements MigrationInterface {
  name = 'PriceStale1795220300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE products ADD COLUMN price_stale boolean NOT NULL DEFAULT false`);

    await queryRunner.query(`
      CREATE FUNCTION mark_prices_stale(product_ids uuid[]) RETURNS void
        LANGUAGE sql
        AS $$
          WITH RECURSIVE above(id) AS (
            SELECT unnest(product_ids)
            UNION
            SELECT line.product_id FROM product_parts line JOIN above ON line.sub_product_id = above.id
          )
          UPDATE products SET price_stale = true WHERE id IN (SELECT id FROM above)
        $$`);

    const changed = PRICED_PRODUCT_COLUMNS.map((column) => `NEW.${column} IS DISTINCT FROM OLD.${column}`).join(' OR ');
    // A new latest calculation prices what the product is now; a change of what it is priced from makes that out of date.
    await queryRunner.query(`
      CREATE FUNCTION products_price_stale() RETURNS trigger
        LANGUAGE plpgsql
        AS $$
        BEGIN
          IF NEW.latest_calculation_id IS DISTINCT FROM OLD.latest_calculation_id THEN
            NEW.price_stale := false;
          ELSIF ${changed} THEN
            NEW.price_stale := true;
          END IF;
          RETURN NEW;
        END $$`);
    await queryRunner.query(`CREATE TRIGGER products_price_stale BEFORE UPDATE ON products FOR EACH ROW EXECUTE FUNCTION products_price_stale()`);
    // ... and every assembly that contains it.
    await queryRunner.query(`
      CREATE FUNCTION products_price_stale_above() RETURNS trigger
        LANGUAGE plpgsql
        AS $$
        BEGIN
          PERFORM mark_prices_stale(ARRAY(SELECT line.product_id FROM product_parts line WHERE line.sub_product_id = NEW.id));
          RETURN NULL;
        END $$`);
    await queryRunner.query(
      `CREATE TRIGGER products_price_stale_above AFTER UPDATE ON products FOR EACH ROW WHEN (${changed}) EXECUTE FUNCTION products_price_stale_above()`,
    );

    // A line written, changed (beyond its timestamps) or deleted; one moved to another product marks both.
    await queryRunner.query(`
      CREATE FUNCTION product_line_price_stale() RETURNS trigger
        LANGUAGE plpgsql
        AS $$
        BEGIN
          IF TG_OP = 'INSERT' THEN
            PERFORM mark_prices_stale(ARRAY[NEW.product_id]);
          ELSIF TG_OP = 'DELETE' THEN
            PERFORM mark_prices_stale(ARRAY[OLD.product_id]);
          ELSIF to_jsonb(NEW) - 'updated_at' IS DISTINCT FROM to_jsonb(OLD) - 'updated_at' THEN
            PERFORM mark_prices_stale(ARRAY[OLD.product_id, NEW.product_id]);
          END IF;
          RETURN NULL;
        END $$`);
    for (const table of PRICED_PRODUCT_LINES) {
      await queryRunner.query(`CREATE TRIGGER ${table}_price_stale AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION product_line_price_stale()`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of PRICED_PRODUCT_LINES) await queryRunner.query(`DROP TRIGGER ${table}_price_stale ON ${table}`);
    await queryRunner.query(`DROP TRIGGER products_price_stale_above ON products`);
    await queryRunner.query(`DROP TRIGGER products_price_stale ON products`);
    await queryRunner.query(`DROP FUNCTION product_line_price_stale(), products_price_stale_above(), products_price_stale(), mark_prices_stale(uuid[])`);
    await queryRunner.query(`ALTER TABLE products DROP COLUMN price_stale`);
  }
}
