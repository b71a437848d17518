import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the CAD readers assumed or left out (no drawing unit, a frame, parts in cut-outs, a body
 * that is not a sheet) travels with the input and each product made from it, as phrases (`{ key, params }`,
 * like the calculations' warnings) said in the reader's language when read.
 */
export class SurveyWarnings1795221700000 implements MigrationInterface {
  name = 'SurveyWarnings1795221700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE survey_inputs ADD COLUMN warnings jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(warnings) = 'array')`);
    await queryRunner.query(`ALTER TABLE survey_products ADD COLUMN warnings jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(warnings) = 'array')`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE survey_products DROP COLUMN warnings`);
    await queryRunner.query(`ALTER TABLE survey_inputs DROP COLUMN warnings`);
  }
}
