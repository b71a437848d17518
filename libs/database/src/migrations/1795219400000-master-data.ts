import { MigrationInterface, QueryRunner } from 'typeorm';
import { isolateTenantTable, ORGANIZATION_COLUMN } from './tenant-isolation';

const ID = 'id uuid PRIMARY KEY DEFAULT gen_random_uuid()';
const STAMPS = 'created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now()';
const MONEY = (column: string, nullable = false) => `${column} numeric(14, 4) ${nullable ? '' : 'NOT NULL DEFAULT 0'} CHECK (${column} >= 0)`;
const AMOUNT = (column: string) => `${column} numeric(14, 4) CHECK (${column} >= 0)`;

/** The areas a shop fills first and prices from (docs/product.md §2, §3): every table under row-level security. */
export class MasterData1795219400000 implements MigrationInterface {
  name = 'MasterData1795219400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const table = async (name: string, columns: string[]) => {
      await queryRunner.query(`CREATE TABLE ${name} (${[ID, ORGANIZATION_COLUMN, ...columns].join(',\n')})`);
      await isolateTenantTable(queryRunner, name);
    };

    await table('assets', [
      'name varchar(255) NOT NULL',
      'fab_number varchar(255)',
      'quick_select boolean NOT NULL DEFAULT false',
      'calculate_by_time boolean NOT NULL DEFAULT true',
      STAMPS,
    ]);
    await table('asset_prices', [
      'asset_id uuid NOT NULL REFERENCES assets(id) ON DELETE CASCADE',
      'quantity numeric(14, 4) NOT NULL CHECK (quantity > 0)',
      MONEY('input_cost'),
      MONEY('setup_cost'),
      MONEY('program_cost'),
      MONEY('price'),
      STAMPS,
      'CONSTRAINT asset_prices_quantity_unique UNIQUE (asset_id, quantity)',
    ]);
    await table('operations', [
      'name varchar(255) NOT NULL',
      'fab_number varchar(255)',
      'quick_select_product_page boolean NOT NULL DEFAULT false',
      'quick_select_default boolean NOT NULL DEFAULT false',
      STAMPS,
    ]);
    await table('customers', [
      'name varchar(255) NOT NULL',
      'account_number varchar(255)',
      'contact_info varchar(255)',
      'address varchar(255)',
      'zip_code varchar(255)',
      'city varchar(255)',
      'country varchar(255)',
      'billing_name varchar(255)',
      STAMPS,
    ]);
    await queryRunner.query(`CREATE UNIQUE INDEX customers_account_number_unique ON customers (organization_id, account_number)`);
    await table('suppliers', [
      'name varchar(255) NOT NULL',
      'email varchar(255) NOT NULL',
      'phone varchar(255)',
      'address varchar(255)',
      'address2 varchar(255)',
      'zip varchar(255)',
      'city varchar(255)',
      'country varchar(255)',
      `language varchar(5) NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'de'))`,
      `status varchar(10) NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive'))`,
      'secondary_name varchar(255)',
      'secondary_email varchar(255)',
      'secondary_phone varchar(255)',
      STAMPS,
    ]);
    await table('factors', [
      'name varchar(255) NOT NULL',
      'value numeric(14, 6) NOT NULL CHECK (value >= 0)',
      `scope varchar(10) NOT NULL DEFAULT 'total' CHECK (scope IN ('material', 'labor', 'purchase', 'setup', 'program', 'total'))`,
      'valid_from date',
      'valid_until date',
      STAMPS,
      'CONSTRAINT factors_validity CHECK (valid_until IS NULL OR valid_from IS NULL OR valid_until >= valid_from)',
    ]);
    await table('material_groups', ['name varchar(255) NOT NULL', 'description varchar(255)', STAMPS]);
    await table('materials', [
      'name varchar(255) NOT NULL',
      'number varchar(255) NOT NULL',
      'group_id uuid REFERENCES material_groups(id) ON DELETE RESTRICT',
      AMOUNT('height'),
      AMOUNT('width'),
      AMOUNT('length'),
      AMOUNT('weight'),
      MONEY('price_per_unit'),
      `price_unit varchar(10) NOT NULL DEFAULT 'kg' CHECK (price_unit IN ('kg', 'm2', 'sheet', 'piece'))`,
      AMOUNT('density'),
      STAMPS,
      'CONSTRAINT materials_number_unique UNIQUE (organization_id, number)',
    ]);
    await table('material_prices', [
      'material_id uuid NOT NULL REFERENCES materials(id) ON DELETE CASCADE',
      MONEY('price'),
      'valid_from date NOT NULL',
      STAMPS,
      'CONSTRAINT material_prices_valid_from_unique UNIQUE (material_id, valid_from)',
    ]);
    await table('group_prices', [
      'group_id uuid NOT NULL REFERENCES material_groups(id) ON DELETE CASCADE',
      MONEY('price'),
      `price_unit varchar(10) NOT NULL DEFAULT 'kg' CHECK (price_unit IN ('kg', 'm2', 'sheet', 'piece'))`,
      AMOUNT('min_thickness'),
      AMOUNT('max_thickness'),
      AMOUNT('min_quantity'),
      'valid_from date NOT NULL',
      STAMPS,
      'CONSTRAINT group_prices_thickness CHECK (max_thickness IS NULL OR min_thickness IS NULL OR max_thickness >= min_thickness)',
    ]);
    await table('parts', [
      'name varchar(255) NOT NULL',
      'number varchar(255) NOT NULL',
      'description varchar(255)',
      `unit varchar(255) NOT NULL DEFAULT 'piece'`,
      MONEY('own_cost'),
      STAMPS,
      'CONSTRAINT parts_number_unique UNIQUE (organization_id, number)',
    ]);
    await table('suppliables', [
      `type varchar(10) NOT NULL CHECK (type IN ('part', 'operation'))`,
      'number varchar(255) NOT NULL',
      'second_number varchar(255)',
      'supplier_id uuid NOT NULL REFERENCES suppliers(id) ON DELETE RESTRICT',
      'part_id uuid REFERENCES parts(id) ON DELETE RESTRICT',
      'operation_id uuid REFERENCES operations(id) ON DELETE RESTRICT',
      MONEY('cost'),
      'active boolean NOT NULL DEFAULT true',
      STAMPS,
      'CONSTRAINT suppliables_number_unique UNIQUE (organization_id, supplier_id, number)',
      `CONSTRAINT suppliables_supplies CHECK ((type = 'part' AND operation_id IS NULL) OR (type = 'operation' AND part_id IS NULL))`,
    ]);
    await table('suppliable_bulk_prices', [
      'suppliable_id uuid NOT NULL REFERENCES suppliables(id) ON DELETE CASCADE',
      'min_quantity numeric(14, 4) NOT NULL CHECK (min_quantity > 0)',
      'max_quantity numeric(14, 4) CHECK (max_quantity >= min_quantity)',
      MONEY('unit_price'),
      STAMPS,
    ]);
    await table('suppliable_factors', [
      'suppliable_id uuid NOT NULL REFERENCES suppliables(id) ON DELETE CASCADE',
      'factor_id uuid NOT NULL REFERENCES factors(id) ON DELETE RESTRICT',
      STAMPS,
      'CONSTRAINT suppliable_factors_unique UNIQUE (suppliable_id, factor_id)',
    ]);
    for (const [name, column] of [
      ['asset_prices', 'asset_id'],
      ['materials', 'group_id'],
      ['material_prices', 'material_id'],
      ['group_prices', 'group_id'],
      ['suppliables', 'supplier_id'],
      ['suppliables', 'part_id'],
      ['suppliables', 'operation_id'],
      ['suppliable_bulk_prices', 'suppliable_id'],
      ['suppliable_factors', 'suppliable_id'],
      ['suppliable_factors', 'factor_id'],
    ]) {
      await queryRunner.query(`CREATE INDEX ${name}_${column} ON ${name} (${column})`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const name of [
      'suppliable_factors',
      'suppliable_bulk_prices',
      'suppliables',
      'parts',
      'group_prices',
      'material_prices',
      'materials',
      'material_groups',
      'factors',
      'suppliers',
      'customers',
      'operations',
      'asset_prices',
      'assets',
    ]) {
      await queryRunner.query(`DROP TABLE ${name}`);
    }
  }
}
