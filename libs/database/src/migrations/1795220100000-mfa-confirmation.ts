import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Re-enrolling two-factor sign-in no longer replaces the recovery codes at once: the new codes
 * wait here, beside the pending secret, and replace the active ones only when the person confirms
 * the new secret with a code from it. Until then the old secret and the old codes keep working.
 * Enrolments started before (without the proof now asked while MFA is on) are dropped: they start again.
 */
export class MfaConfirmation1795220100000 implements MigrationInterface {
  name = 'MfaConfirmation1795220100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users ADD COLUMN two_factor_pending_recovery_codes jsonb NOT NULL DEFAULT '[]'`);
    // Every organization's rows: the policy binds the owner too until NO FORCE, within this transaction only.
    await queryRunner.query(`ALTER TABLE users NO FORCE ROW LEVEL SECURITY`);
    await queryRunner.query(`UPDATE users SET two_factor_pending_secret = NULL WHERE two_factor_pending_secret IS NOT NULL`);
    await queryRunner.query(`ALTER TABLE users FORCE ROW LEVEL SECURITY`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users DROP COLUMN two_factor_pending_recovery_codes`);
  }
}
