import { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { Organization, provisionOrganization, TenantTransactions } from '@fabquote/database';
import { tokenHash } from '../src/identity/tokens.service';
import { createTestDatabase, createTestUser, onServer, TEST_APP_ROLE, TestDatabase, testConfig, TestUser } from '@fabquote/testing';
import { startTestApi } from '../../test-support';

/**
 * Row-level security is the isolation between organizations. These tests talk to
 * PostgreSQL as the app role and prove the database, not the code, keeps tenants apart.
 */
describe('tenant isolation by row-level security', () => {
  let db: TestDatabase;
  let api: NestExpressApplication;
  let tenants: TenantTransactions;
  let acme: Organization;
  let beta: Organization;
  let acmeAdmin: TestUser;
  let betaAdmin: TestUser;

  beforeAll(async () => {
    db = await createTestDatabase();
    acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    beta = await provisionOrganization(db.app, { slug: 'beta', name: 'Beta Laser AG', defaultLocale: 'de' });
    api = await startTestApi(testConfig(db));
    tenants = api.get(TenantTransactions);
    await tenants.run(beta.id, (manager) => manager.query(`INSERT INTO settings (slug, value) VALUES ('beta-only', '"secret"')`));
    acmeAdmin = await createTestUser(api, acme, { roles: ['Administrator'] });
    betaAdmin = await createTestUser(api, beta, { roles: ['Administrator'] });
  });

  afterAll(async () => {
    await api?.close();
    await db?.drop();
  });

  it('(a) a query with no tenant filter returns only the current organization’s rows', async () => {
    const rows: Array<{ organization_id: string; slug: string }> = await tenants.run(acme.id, (manager) =>
      manager.query(`SELECT organization_id, slug FROM settings`),
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.organization_id))).toEqual(new Set([acme.id]));
    expect(rows.map((row) => row.slug)).not.toContain('beta-only');
  });

  it('(a) the same holds end to end through the API', async () => {
    const acmeList = await request(api.getHttpServer()).get('/api/v1/settings?_end=1000').set(acmeAdmin.headers).expect(200);
    const betaList = await request(api.getHttpServer()).get('/api/v1/settings?_end=1000').set(betaAdmin.headers).expect(200);
    expect(acmeList.body.map((setting: { slug: string }) => setting.slug)).not.toContain('beta-only');
    expect(betaList.body.map((setting: { slug: string }) => setting.slug)).toContain('beta-only');
    const betaOnly = betaList.body.find((setting: { slug: string }) => setting.slug === 'beta-only');
    await request(api.getHttpServer()).get(`/api/v1/settings/${betaOnly.id}`).set(acmeAdmin.headers).expect(404);
    await request(api.getHttpServer()).delete(`/api/v1/settings/${betaOnly.id}`).set(acmeAdmin.headers).expect(404);
  });

  it("a session is looked up in its own organization only, and the lookup leaves the caller's organization as it was", async () => {
    const hash = tokenHash(acmeAdmin.token);
    const [own] = await db.app.query(`SELECT user_id FROM session_of($1, $2)`, [acme.id, hash]);
    expect(own.user_id).toBe(acmeAdmin.id);
    expect(await db.app.query(`SELECT * FROM session_of($1, $2)`, [beta.id, hash])).toEqual([]);
    const after = await tenants.run(beta.id, async (manager) => {
      await manager.query(`SELECT * FROM session_of($1, $2)`, [acme.id, hash]);
      return manager.query(`SELECT current_organization_id() AS organization, count(*) FILTER (WHERE slug = 'beta-only')::int AS beta_only FROM settings`);
    });
    expect(after).toEqual([{ organization: beta.id, beta_only: 1 }]);
  });

  it('(b) with no organization set, a tenant table returns no rows', async () => {
    const [{ count }] = await db.app.query(`SELECT count(*)::int AS count FROM settings`);
    expect(count).toBe(0);
    const inTransaction = await db.app.transaction(async (manager) => {
      await manager.query(`SELECT set_config('app.organization_id', '', true)`);
      return manager.query(`SELECT count(*)::int AS count FROM settings`);
    });
    expect(inTransaction[0].count).toBe(0);
  });

  it('(c) writing a row for another organization is refused by the database', async () => {
    await expect(
      tenants.run(acme.id, (manager) =>
        manager.query(`INSERT INTO settings (organization_id, slug, value) VALUES ($1, 'planted', '"x"')`, [beta.id]),
      ),
    ).rejects.toThrow(/row-level security/);
    await expect(
      tenants.run(acme.id, (manager) => manager.query(`UPDATE settings SET organization_id = $1 WHERE slug = 'currency'`, [beta.id])),
    ).rejects.toThrow(/row-level security/);
    await expect(db.app.query(`INSERT INTO settings (organization_id, slug, value) VALUES ($1, 'no-tenant', '"x"')`, [acme.id])).rejects.toThrow(
      /row-level security|null value/,
    );
  });

  it('connects as a role that owns no table and cannot bypass row-level security', async () => {
    const [role] = await db.app.query(`SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = current_user`);
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false });
    const owned = await db.app.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tableowner = $1`, [TEST_APP_ROLE.user]);
    expect(owned).toEqual([]);
    await expect(db.app.query(`SELECT * FROM migrations`)).rejects.toThrow(/permission denied/);
  });

  it('puts every table with an organization_id under a forced tenant policy', async () => {
    const tables: Array<{ table: string; enabled: boolean; forced: boolean; policies: number }> = await onServer(
      (client) =>
        client
          .query(
            `SELECT c.relname AS table, c.relrowsecurity AS enabled, c.relforcerowsecurity AS forced,
                    (SELECT count(*)::int FROM pg_policies p WHERE p.tablename = c.relname AND p.policyname = 'tenant_isolation') AS policies
               FROM pg_class c JOIN information_schema.columns col ON col.table_name = c.relname AND col.table_schema = 'public'
              WHERE col.column_name = 'organization_id' AND c.relkind = 'r'`,
          )
          .then((result) => result.rows),
      db.url,
    );
    expect(tables.map((table) => table.table).sort()).toEqual(
      expect.arrayContaining(['access_tokens', 'handled_jobs', 'languages', 'outbox_events', 'permissions', 'roles', 'settings', 'users']),
    );
    for (const table of tables) expect(table).toEqual({ table: table.table, enabled: true, forced: true, policies: 1 });
  });

  it('indexes every tenant table by organization, and every reference, so one shop never reads another’s rows to find its own', async () => {
    const unindexed: string[] = await onServer(
      (client) =>
        client
          .query(
            `SELECT c.conrelid::regclass::text || '.' || a.attname AS column
               FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
              WHERE c.contype = 'f' AND cardinality(c.conkey) = 1 AND c.connamespace = 'public'::regnamespace
                AND NOT EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = c.conrelid AND i.indkey[0] = c.conkey[1])
              ORDER BY 1`,
          )
          .then((result) => result.rows.map((row: { column: string }) => row.column)),
      db.url,
    );
    expect(unindexed).toEqual([]);
  });
});
