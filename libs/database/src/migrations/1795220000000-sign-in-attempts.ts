import { MigrationInterface, QueryRunner } from 'typeorm';
import { indexTenantTables, isolateTenantTable, ORGANIZATION_COLUMN } from './tenant-isolation';

/**
 * Sign-in attempts are counted before the password is checked, by email and by client address
 * (`sign_in_failures` counted failures after the check, so eight attempts at once were all
 * checked). An attempt is a failure until it succeeds; a success removes that email's attempts
 * from that address. The addresses a user has completed a sign-in from are remembered, so a
 * lockout of an email by somebody else does not keep its owner out at a known address.
 */
export class SignInAttempts1795220000000 implements MigrationInterface {
  name = 'SignInAttempts1795220000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE sign_in_failures`);
    await queryRunner.query(
      `CREATE TABLE sign_in_attempts (
         id uuid PRIMARY KEY DEFAULT gen_random_uuid(), ${ORGANIZATION_COLUMN},
         email varchar(255) NOT NULL, address varchar(64) NOT NULL,
         attempted_at timestamptz NOT NULL DEFAULT now())`,
    );
    await isolateTenantTable(queryRunner, 'sign_in_attempts');
    await queryRunner.query(`CREATE INDEX sign_in_attempts_email ON sign_in_attempts (organization_id, email, attempted_at)`);
    await queryRunner.query(`CREATE INDEX sign_in_attempts_address ON sign_in_attempts (organization_id, address, attempted_at)`);
    await queryRunner.query(
      `CREATE TABLE sign_in_addresses (
         ${ORGANIZATION_COLUMN},
         user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
         address varchar(64) NOT NULL, last_signed_in_at timestamptz NOT NULL DEFAULT now(),
         PRIMARY KEY (user_id, address))`,
    );
    await isolateTenantTable(queryRunner, 'sign_in_addresses');
    await indexTenantTables(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE sign_in_addresses`);
    await queryRunner.query(`DROP TABLE sign_in_attempts`);
    await queryRunner.query(
      `CREATE TABLE sign_in_failures (
         id uuid PRIMARY KEY DEFAULT gen_random_uuid(), ${ORGANIZATION_COLUMN},
         email varchar(255) NOT NULL, failed_at timestamptz NOT NULL DEFAULT now())`,
    );
    await isolateTenantTable(queryRunner, 'sign_in_failures');
    await queryRunner.query(`CREATE INDEX sign_in_failures_recent ON sign_in_failures (organization_id, lower(email), failed_at)`);
  }
}
