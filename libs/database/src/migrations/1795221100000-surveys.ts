import { MigrationInterface, QueryRunner } from 'typeorm';
import { indexTenantTables, isolateTenantTable, ORGANIZATION_COLUMN } from './tenant-isolation';

const ID = 'id uuid PRIMARY KEY DEFAULT gen_random_uuid()';
const STAMPS = 'created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now()';

/**
 * Surveys (docs/api-surveys.md): one customer inquiry, the inputs put into it (drawings,
 * a text, a recording) with their processing result, and the link from each input to the products
 * read from it. Every table under row-level security.
 *
 * - An input's content stays in the row (at most 10 MB, like every file here): the jobs read it from
 *   the database, never from Redis, so a job is small and a retry reads what was uploaded.
 * - `survey_products` is unique per (input, position): a job that comes back after writing cannot
 *   create an input's products twice, whatever the ledger says.
 * - A product keeps no reference to its survey: the link row goes with the survey, the product stays.
 */
export class Surveys1795221100000 implements MigrationInterface {
  name = 'Surveys1795221100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const table = async (name: string, columns: string[]) => {
      await queryRunner.query(`CREATE TABLE ${name} (${[ID, ORGANIZATION_COLUMN, ...columns].join(',\n')})`);
      await isolateTenantTable(queryRunner, name);
    };

    await table('surveys', [
      'number varchar(40) NOT NULL',
      'title varchar(255) NOT NULL',
      'customer_id uuid REFERENCES customers(id) ON DELETE RESTRICT',
      'created_by uuid REFERENCES users(id) ON DELETE SET NULL',
      STAMPS,
      'CONSTRAINT surveys_number_unique UNIQUE (organization_id, number)',
    ]);
    await queryRunner.query(`CREATE INDEX surveys_customer ON surveys (customer_id)`);
    await queryRunner.query(`CREATE INDEX surveys_created ON surveys (organization_id, created_at)`);

    await table('survey_inputs', [
      'survey_id uuid NOT NULL REFERENCES surveys(id) ON DELETE CASCADE',
      `kind varchar(10) NOT NULL CHECK (kind IN ('file', 'text', 'audio'))`,
      `reader varchar(10) NOT NULL CHECK (reader IN ('cad', 'ai'))`,
      'file_name varchar(255)',
      'content_type varchar(100)',
      'size integer CHECK (size > 0 AND size <= 10485760)',
      'content bytea',
      'text text CHECK (length(text) <= 100000)',
      `status varchar(12) NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'processing', 'success', 'error'))`,
      // The error as a message key (libs/i18n) with its values, said in the reader's language.
      'error jsonb',
      'preview_svg text',
      // Bumped by every start and stop: a job that finds another run's number writes nothing.
      'run integer NOT NULL DEFAULT 1',
      'created_by uuid REFERENCES users(id) ON DELETE SET NULL',
      'finished_at timestamptz',
      STAMPS,
      `CONSTRAINT survey_inputs_has_content CHECK (kind = 'text' OR content IS NOT NULL)`,
      `CONSTRAINT survey_inputs_has_text CHECK (kind <> 'text' OR text IS NOT NULL)`,
    ]);
    await queryRunner.query(`CREATE INDEX survey_inputs_survey ON survey_inputs (survey_id)`);
    // Deleting a user sets these to null: without an index that would read the whole table.
    await queryRunner.query(`CREATE INDEX surveys_created_by ON surveys (created_by)`);
    await queryRunner.query(`CREATE INDEX survey_inputs_created_by ON survey_inputs (created_by)`);

    await table('survey_products', [
      'survey_id uuid NOT NULL REFERENCES surveys(id) ON DELETE CASCADE',
      'survey_input_id uuid NOT NULL REFERENCES survey_inputs(id) ON DELETE CASCADE',
      'product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE',
      'position integer NOT NULL CHECK (position >= 0)',
      'quantity numeric(14, 4) CHECK (quantity > 0)',
      `extracted jsonb NOT NULL DEFAULT '{}'`,
      `confidence jsonb NOT NULL DEFAULT '{}'`,
      `unmatched text[] NOT NULL DEFAULT '{}'`,
      STAMPS,
      'CONSTRAINT survey_products_position_unique UNIQUE (survey_input_id, position)',
    ]);
    await queryRunner.query(`CREATE INDEX survey_products_survey ON survey_products (survey_id)`);
    await queryRunner.query(`CREATE INDEX survey_products_product ON survey_products (product_id)`);
    await indexTenantTables(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const name of ['survey_products', 'survey_inputs', 'surveys']) await queryRunner.query(`DROP TABLE ${name}`);
    await queryRunner.query(`DELETE FROM document_numbers WHERE kind = 'survey'`);
  }
}
