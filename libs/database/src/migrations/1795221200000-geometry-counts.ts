import { MigrationInterface, QueryRunner } from 'typeorm';

const COUNTED_LINES = ['product_contours', 'product_holes', 'product_bends'];

/**
 * A contour, hole or bend row has a count: 4 × Ø8 is one hole row with count 4, not four rows
 * (docs/product.md §3). Every existing row is one, so nothing prices differently. An outer contour is
 * one per part; the API refuses a second one (product.rules.ts), and the database refuses a count
 * above one on it whoever writes. A count written (or changed) is a line change, so the
 * price-stale trigger of 1795220300000 marks the product as it marks any other change.
 */
export class GeometryCounts1795221200000 implements MigrationInterface {
  name = 'GeometryCounts1795221200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of COUNTED_LINES) {
      await queryRunner.query(`ALTER TABLE ${table} ADD COLUMN count integer NOT NULL DEFAULT 1 CONSTRAINT ${table}_count_positive CHECK (count >= 1)`);
    }
    await queryRunner.query(`ALTER TABLE product_contours ADD CONSTRAINT product_contours_one_outer CHECK (kind <> 'outer' OR count = 1)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE product_contours DROP CONSTRAINT product_contours_one_outer`);
    for (const table of COUNTED_LINES) await queryRunner.query(`ALTER TABLE ${table} DROP COLUMN count`);
  }
}
