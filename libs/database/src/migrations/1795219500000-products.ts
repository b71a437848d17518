import { MigrationInterface, QueryRunner } from 'typeorm';
import { isolateTenantTable, ORGANIZATION_COLUMN } from './tenant-isolation';

const ID = 'id uuid PRIMARY KEY DEFAULT gen_random_uuid()';
const STAMPS = 'created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now()';
const AMOUNT = (column: string) => `${column} numeric(14, 4) CHECK (${column} >= 0)`;
const PRODUCT = 'product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE';

/** Products with geometry and production, their calculations and bulk prices; time models of machines. */
export class Products1795219500000 implements MigrationInterface {
  name = 'Products1795219500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const table = async (name: string, columns: string[]) => {
      await queryRunner.query(`CREATE TABLE ${name} (${[ID, ORGANIZATION_COLUMN, ...columns].join(',\n')})`);
      await isolateTenantTable(queryRunner, name);
      if (columns.includes(PRODUCT)) await queryRunner.query(`CREATE INDEX ${name}_product ON ${name} (product_id)`);
    };

    await queryRunner.query(`ALTER TABLE assets ADD COLUMN time_model varchar(20) CHECK (time_model IN ('laser-cutting', 'bending'))`);
    await queryRunner.query(`ALTER TABLE assets ADD COLUMN handling_seconds numeric(14, 4) CHECK (handling_seconds >= 0)`);
    await table('asset_cutting_rates', [
      'asset_id uuid NOT NULL REFERENCES assets(id) ON DELETE CASCADE',
      'group_id uuid REFERENCES material_groups(id) ON DELETE CASCADE',
      AMOUNT('thickness_from'),
      AMOUNT('thickness_to'),
      'cut_speed numeric(14, 4) NOT NULL CHECK (cut_speed > 0)',
      'pierce_time numeric(14, 4) NOT NULL DEFAULT 0 CHECK (pierce_time >= 0)',
      STAMPS,
    ]);
    await table('asset_bending_rates', [
      'asset_id uuid NOT NULL REFERENCES assets(id) ON DELETE CASCADE',
      'bend_class varchar(255) NOT NULL',
      'seconds numeric(14, 4) NOT NULL CHECK (seconds >= 0)',
      STAMPS,
      'CONSTRAINT asset_bending_rates_class_unique UNIQUE (asset_id, bend_class)',
    ]);

    await table('products', [
      'name varchar(255) NOT NULL',
      'number varchar(255) NOT NULL',
      `type varchar(10) NOT NULL DEFAULT 'single' CHECK (type IN ('single', 'assembly'))`,
      `status varchar(40) NOT NULL DEFAULT 'manually_created' CHECK (status IN ('ready', 'pending', 'creation_stopped', 'manually_created', 'generated_from_data_extractor'))`,
      'customer_id uuid REFERENCES customers(id) ON DELETE RESTRICT',
      'category varchar(255)',
      'material_id uuid REFERENCES materials(id) ON DELETE RESTRICT',
      AMOUNT('thickness'),
      AMOUNT('blank_width'),
      AMOUNT('blank_length'),
      AMOUNT('added_width'),
      AMOUNT('added_length'),
      AMOUNT('area'),
      AMOUNT('volume'),
      AMOUNT('weight_per_unit'),
      'latest_calculation_id uuid',
      STAMPS,
      'CONSTRAINT products_number_unique UNIQUE (organization_id, number)',
    ]);
    await table('product_contours', [PRODUCT, `kind varchar(10) NOT NULL CHECK (kind IN ('inner', 'outer'))`, 'length numeric(14, 4) NOT NULL CHECK (length > 0)', STAMPS]);
    await table('product_holes', [
      PRODUCT,
      `kind varchar(20) NOT NULL DEFAULT 'hole' CHECK (kind IN ('counterbore', 'countersink', 'hole', 'thread'))`,
      `tolerance_class varchar(10) NOT NULL DEFAULT 'default' CHECK (tolerance_class IN ('default', 'coarse', 'medium', 'precise'))`,
      AMOUNT('diameter'),
      AMOUNT('inner_diameter'),
      AMOUNT('outer_diameter'),
      AMOUNT('depth'),
      AMOUNT('inner_depth'),
      AMOUNT('outer_depth'),
      'through boolean NOT NULL DEFAULT true',
      STAMPS,
    ]);
    await table('product_bends', [
      PRODUCT,
      `bend_class varchar(255) NOT NULL DEFAULT 'standard'`,
      AMOUNT('length'),
      'angle numeric(7, 3) CHECK (angle > 0 AND angle <= 180)',
      'combined_bends integer NOT NULL DEFAULT 1 CHECK (combined_bends >= 1)',
      STAMPS,
    ]);
    await table('product_materials', [PRODUCT, 'material_id uuid NOT NULL REFERENCES materials(id) ON DELETE RESTRICT', AMOUNT('usage_per_unit'), STAMPS]);
    await table('product_operations', [
      PRODUCT,
      'sorting integer NOT NULL DEFAULT 0',
      'operation_id uuid REFERENCES operations(id) ON DELETE RESTRICT',
      'asset_id uuid REFERENCES assets(id) ON DELETE RESTRICT',
      AMOUNT('time_per_unit'),
      AMOUNT('hourly_rate'),
      AMOUNT('program_time'),
      AMOUNT('program_rate'),
      'bought_in boolean NOT NULL DEFAULT false',
      STAMPS,
    ]);
    await table('product_parts', [
      PRODUCT,
      'part_id uuid REFERENCES parts(id) ON DELETE RESTRICT',
      'sub_product_id uuid REFERENCES products(id) ON DELETE RESTRICT',
      'quantity numeric(14, 4) NOT NULL CHECK (quantity > 0)',
      STAMPS,
      'CONSTRAINT product_parts_one_kind CHECK ((part_id IS NULL) <> (sub_product_id IS NULL))',
      'CONSTRAINT product_parts_not_itself CHECK (sub_product_id IS NULL OR sub_product_id <> product_id)',
    ]);
    await queryRunner.query(`CREATE INDEX product_parts_sub_product ON product_parts (sub_product_id)`);
    await table('calculations', [
      PRODUCT,
      'index integer NOT NULL',
      'created_on date NOT NULL DEFAULT current_date',
      'reason varchar(255) NOT NULL',
      'quantities numeric(14, 4)[] NOT NULL',
      'inputs jsonb NOT NULL',
      'result jsonb NOT NULL',
      'created_at timestamptz NOT NULL DEFAULT now()',
      'CONSTRAINT calculations_index_unique UNIQUE (product_id, index)',
    ]);
    await queryRunner.query(`ALTER TABLE products ADD CONSTRAINT products_latest_calculation FOREIGN KEY (latest_calculation_id) REFERENCES calculations(id) ON DELETE SET NULL`);
    await table('product_bulk_prices', [
      PRODUCT,
      'min_quantity numeric(14, 4) NOT NULL CHECK (min_quantity > 0)',
      'max_quantity numeric(14, 4) CHECK (max_quantity >= min_quantity)',
      'unit_price numeric(14, 4) NOT NULL CHECK (unit_price >= 0)',
      STAMPS,
    ]);
    for (const [name, column] of [
      ['products', 'customer_id'],
      ['products', 'material_id'],
      ['product_materials', 'material_id'],
      ['product_operations', 'asset_id'],
      ['product_operations', 'operation_id'],
      ['product_parts', 'part_id'],
      ['asset_cutting_rates', 'asset_id'],
      ['asset_bending_rates', 'asset_id'],
    ]) {
      await queryRunner.query(`CREATE INDEX ${name}_${column} ON ${name} (${column})`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE products DROP CONSTRAINT products_latest_calculation`);
    for (const name of ['product_bulk_prices', 'calculations', 'product_parts', 'product_operations', 'product_materials', 'product_bends', 'product_holes', 'product_contours', 'products', 'asset_bending_rates', 'asset_cutting_rates']) {
      await queryRunner.query(`DROP TABLE ${name}`);
    }
    await queryRunner.query(`ALTER TABLE assets DROP COLUMN handling_seconds`);
    await queryRunner.query(`ALTER TABLE assets DROP COLUMN time_model`);
  }
}
