import { QueryRunner } from 'typeorm';

/**
 * Puts a tenant table under row-level security. FORCE makes the policy bind the
 * table owner too; the app connects as a role that owns nothing, so the only
 * rows it can ever see or write are those of `app.organization_id`.
 */
export async function isolateTenantTable(queryRunner: QueryRunner, table: string): Promise<void> {
  await queryRunner.query(`ALTER TABLE "${table}" ENABLE ROW LEVEL SECURITY`);
  await queryRunner.query(`ALTER TABLE "${table}" FORCE ROW LEVEL SECURITY`);
  await queryRunner.query(
    `CREATE POLICY tenant_isolation ON "${table}"
       USING (organization_id = current_organization_id())
       WITH CHECK (organization_id = current_organization_id())`,
  );
}

/** The column every tenant table starts with: filled by the database from the transaction's organization. */
export const ORGANIZATION_COLUMN = `organization_id uuid NOT NULL DEFAULT current_organization_id() REFERENCES organizations(id) ON DELETE CASCADE`;
