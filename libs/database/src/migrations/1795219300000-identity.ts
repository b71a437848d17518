import { MigrationInterface, QueryRunner } from 'typeorm';
import { isolateTenantTable, ORGANIZATION_COLUMN } from './tenant-isolation';

export class Identity1795219300000 implements MigrationInterface {
  name = 'Identity1795219300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const table = async (name: string, columns: string) => {
      await queryRunner.query(`CREATE TABLE ${name} (${columns})`);
      await isolateTenantTable(queryRunner, name);
    };

    await table(
      'languages',
      `id uuid PRIMARY KEY DEFAULT gen_random_uuid(), ${ORGANIZATION_COLUMN},
       code varchar(5) NOT NULL, name varchar(50) NOT NULL,
       CONSTRAINT languages_code_unique UNIQUE (organization_id, code)`,
    );
    await table(
      'permissions',
      `id uuid PRIMARY KEY DEFAULT gen_random_uuid(), ${ORGANIZATION_COLUMN},
       name varchar(100) NOT NULL,
       CONSTRAINT permissions_name_unique UNIQUE (organization_id, name)`,
    );
    await table(
      'roles',
      `id uuid PRIMARY KEY DEFAULT gen_random_uuid(), ${ORGANIZATION_COLUMN},
       name varchar(255) NOT NULL,
       created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now(),
       CONSTRAINT roles_name_unique UNIQUE (organization_id, name)`,
    );
    await table(
      'role_permissions',
      `${ORGANIZATION_COLUMN},
       role_id uuid NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
       permission_id uuid NOT NULL REFERENCES permissions(id) ON DELETE CASCADE,
       PRIMARY KEY (role_id, permission_id)`,
    );
    await table(
      'files',
      `id uuid PRIMARY KEY DEFAULT gen_random_uuid(), ${ORGANIZATION_COLUMN},
       file_name varchar(255) NOT NULL, content_type varchar(100) NOT NULL,
       size integer NOT NULL CHECK (size >= 0 AND size <= 10485760),
       content bytea NOT NULL, created_at timestamptz NOT NULL DEFAULT now()`,
    );
    await table(
      'users',
      `id uuid PRIMARY KEY DEFAULT gen_random_uuid(), ${ORGANIZATION_COLUMN},
       name varchar(255) NOT NULL, full_name varchar(255), email varchar(255) NOT NULL, phone varchar(255),
       password_hash text, language_code varchar(5) NOT NULL DEFAULT 'en' CHECK (language_code IN ('en', 'de')),
       avatar_file_id uuid REFERENCES files(id) ON DELETE SET NULL,
       two_factor_secret text, two_factor_pending_secret text, two_factor_enabled boolean NOT NULL DEFAULT false,
       two_factor_recovery_codes jsonb NOT NULL DEFAULT '[]',
       privacy_policy_accepted_at timestamptz, active boolean NOT NULL DEFAULT true,
       invited_at timestamptz, created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now()`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX users_email_unique ON users (organization_id, lower(email))`);
    await table(
      'user_roles',
      `${ORGANIZATION_COLUMN},
       user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
       role_id uuid NOT NULL REFERENCES roles(id) ON DELETE RESTRICT,
       PRIMARY KEY (user_id, role_id)`,
    );
    await table(
      'access_tokens',
      `id uuid PRIMARY KEY DEFAULT gen_random_uuid(), ${ORGANIZATION_COLUMN},
       user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
       kind varchar(20) NOT NULL CHECK (kind IN ('session', 'mfa', 'password_reset', 'invitation')),
       token_hash char(64) NOT NULL UNIQUE,
       expires_at timestamptz NOT NULL, revoked_at timestamptz, used_at timestamptz, last_used_at timestamptz,
       created_at timestamptz NOT NULL DEFAULT now()`,
    );
    await queryRunner.query(`CREATE INDEX access_tokens_user ON access_tokens (user_id, kind)`);
    await table(
      'sign_in_failures',
      `id uuid PRIMARY KEY DEFAULT gen_random_uuid(), ${ORGANIZATION_COLUMN},
       email varchar(255) NOT NULL, failed_at timestamptz NOT NULL DEFAULT now()`,
    );
    await queryRunner.query(`CREATE INDEX sign_in_failures_recent ON sign_in_failures (organization_id, lower(email), failed_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const name of ['sign_in_failures', 'access_tokens', 'user_roles', 'users', 'files', 'role_permissions', 'roles', 'permissions', 'languages']) {
      await queryRunner.query(`DROP TABLE ${name}`);
    }
  }
}
