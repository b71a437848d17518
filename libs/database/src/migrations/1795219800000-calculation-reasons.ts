import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Why a calculation was made, said in the reader's language: `reason_phrase` keeps the message
 * (key and params, libs/i18n `Phrase`), and `reason` becomes the phrase said in every language,
 * one line each, so a search in either language finds it. Calculations stored before keep their
 * one-language text and no phrase.
 */
export class CalculationReasons1795219800000 implements MigrationInterface {
  name = 'CalculationReasons1795219800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE calculations ALTER COLUMN reason TYPE text`);
    await queryRunner.query(`ALTER TABLE calculations ADD COLUMN reason_phrase jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE calculations DROP COLUMN reason_phrase`);
    await queryRunner.query(`ALTER TABLE calculations ALTER COLUMN reason TYPE varchar(255) USING left(reason, 255)`);
  }
}
