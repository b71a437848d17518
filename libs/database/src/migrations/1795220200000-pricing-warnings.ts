import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a calculation found missing or zero (no material, an operation without time or rate, a part
 * that costs nothing): the engine's `warnings`, kept as phrases (libs/i18n `Phrase`: key and params)
 * and said in the reader's language. Calculations stored before have none (NULL).
 */
export class PricingWarnings1795220200000 implements MigrationInterface {
  name = 'PricingWarnings1795220200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE calculations ADD COLUMN warnings jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE calculations DROP COLUMN warnings`);
  }
}
