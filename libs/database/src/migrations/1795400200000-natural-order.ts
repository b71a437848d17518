import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The collation of the texts people read in lists: ICU's root order with numbers by value ("und-u-kn-true").
 * The databases are created with the C locale (the embedded one by `initdb --locale=C.UTF-8`), whose byte order
 * put every lower-case and every umlauted name after "Z" ("Zimmermann", then "abc Blech", then "Öztürk Metall")
 * and "BR-100" before "BR-20". Now a list sorted by name or number reads "abc Blech", "Müller", "Öztürk
 * Metall", "Zimmermann" and "BR-20", "BR-100", as a shop expects in either language. The collation is
 * deterministic: texts that differ stay different, so unique numbers and equality mean what they meant.
 * Codes, hashes, tokens and the jobs' ledger keep the byte order (cheaper, and nobody reads them sorted).
 */
export const NATURAL = 'natural_sort';

/** The columns that hold people's texts; every such column of a table gets the collation (a test checks new ones). */
export const NATURAL_COLUMNS = [
  'name',
  'number',
  'second_number',
  'title',
  'category',
  'description',
  'company',
  'full_name',
  'secondary_name',
  'contact_name',
  'billing_name',
  'email',
  'address',
  'address2',
  'city',
  'country',
  'account_number',
  'customer_order_number',
  'request_number',
  'fab_number',
  'file_name',
  'unit',
] as const;

/** Tables whose such columns are machine lookups (sign-in limits by address and email) or TypeORM's own. */
export const NATURAL_EXCEPT_TABLES = ['migrations', 'sign_in_attempts', 'sign_in_addresses', 'supplier_page_failures'] as const;

/** A text column as information_schema describes it. */
interface TextColumn {
  table_name: string;
  column_name: string;
  data_type: string;
  length: number | null;
}

/** Gives `columns` the collation `collation` (an SQL name), keeping each one's type and length. */
async function collate(queryRunner: QueryRunner, columns: readonly TextColumn[], collation: string): Promise<void> {
  for (const column of columns) {
    const type = column.data_type === 'text' ? 'text' : `varchar(${column.length})`;
    await queryRunner.query(`ALTER TABLE "${column.table_name}" ALTER COLUMN "${column.column_name}" TYPE ${type} COLLATE ${collation}`);
  }
}

export class NaturalOrder1795400200000 implements MigrationInterface {
  name = 'NaturalOrder1795400200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // PostgreSQL is built with ICU on every platform this runs on (Debian, the embedded binaries, the official
    // images); one built without it keeps the byte order rather than failing to start.
    const [{ icu }] = await queryRunner.query(`SELECT EXISTS (SELECT 1 FROM pg_collation WHERE collprovider = 'i') AS icu`);
    if (!icu) return;
    await queryRunner.query(`CREATE COLLATION ${NATURAL} (provider = icu, locale = 'und-u-kn-true')`);
    const columns: TextColumn[] = await queryRunner.query(
      `SELECT c.table_name, c.column_name, c.data_type, c.character_maximum_length AS length
         FROM information_schema.columns c JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' AND c.data_type IN ('text', 'character varying')
          AND c.column_name = ANY($1) AND c.table_name <> ALL($2)
        ORDER BY c.table_name, c.column_name`,
      [NATURAL_COLUMNS, NATURAL_EXCEPT_TABLES],
    );
    await collate(queryRunner, columns, NATURAL);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const columns: TextColumn[] = await queryRunner.query(
      `SELECT table_name, column_name, data_type, character_maximum_length AS length FROM information_schema.columns
        WHERE table_schema = current_schema() AND collation_name = $1`,
      [NATURAL],
    );
    await collate(queryRunner, columns, '"default"');
    await queryRunner.query(`DROP COLLATION IF EXISTS ${NATURAL}`);
  }
}
