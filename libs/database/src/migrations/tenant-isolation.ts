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

/**
 * Gives every tenant table that has none an index led by `organization_id` (`<table>_organization`),
 * since the tenant policy compares it on every query. A migration adding tenant tables calls this
 * last, after its own indexes, so a table whose unique index already starts with the organization
 * gets no second one. The tenancy test fails for a table without.
 */
export async function indexTenantTables(queryRunner: QueryRunner): Promise<void> {
  await queryRunner.query(`
    DO $$
    DECLARE tenant_table text;
    BEGIN
      FOR tenant_table IN
        SELECT c.relname FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'organization_id'
         WHERE c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace
           AND NOT EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = c.oid AND i.indkey[0] = a.attnum)
      LOOP
        EXECUTE format('CREATE INDEX %I ON %I (organization_id)', tenant_table || '_organization', tenant_table);
      END LOOP;
    END $$`);
}

/** The column every tenant table starts with: filled by the database from the transaction's organization. */
export const ORGANIZATION_COLUMN = `organization_id uuid NOT NULL DEFAULT current_organization_id() REFERENCES organizations(id) ON DELETE CASCADE`;
