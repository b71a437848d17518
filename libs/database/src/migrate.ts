import { DataSource } from 'typeorm';
import { AppRole, databaseName, ownerDataSource } from './data-sources';
import { postgresRefusal } from './postgres-error';

const RELAY_FUNCTIONS = [
  'outbox_claim(integer)',
  'outbox_mark_relayed(uuid[])',
  'outbox_prune(interval)',
  'outbox_claim_unhandled(interval, integer)',
  'outbox_mark_failed(uuid[], text[])',
  'session_of(uuid, text)',
];

/**
 * Runs pending migrations as the owner, then (re)grants the app role exactly what
 * it needs: data rights on every table, none on the migrations table, no ownership,
 * no BYPASSRLS. Safe to run at every start and from several processes at once.
 */
export async function migrateDatabase(ownerUrl: string, role: AppRole): Promise<string[]> {
  const owner = ownerDataSource(ownerUrl);
  await owner.initialize();
  try {
    await owner.query(`SELECT pg_advisory_lock(hashtext('fabquote.migrate'))`);
    try {
      const applied = await owner.runMigrations({ transaction: 'each' });
      await grantAppRole(owner, role, databaseName(ownerUrl));
      return applied.map((migration) => migration.name);
    } finally {
      await owner.query(`SELECT pg_advisory_unlock(hashtext('fabquote.migrate'))`);
    }
  } finally {
    await owner.destroy();
  }
}

async function grantAppRole(owner: DataSource, role: AppRole, database: string): Promise<void> {
  await createRoleOnce(owner, role.user);
  const [{ quoted_role: roleName, quoted_password: password, quoted_database: db }] = await owner.query(
    `SELECT quote_ident($1) AS quoted_role, quote_literal($2) AS quoted_password, quote_ident($3) AS quoted_database`,
    [role.user, role.password, database],
  );
  await retryOnSharedCatalogRace(() =>
    owner.query(`ALTER ROLE ${roleName} WITH LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE PASSWORD ${password}`),
  );
  await owner.query(`GRANT CONNECT ON DATABASE ${db} TO ${roleName}`);
  await owner.query(`GRANT USAGE ON SCHEMA public TO ${roleName}`);
  await owner.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${roleName}`);
  await owner.query(`REVOKE ALL ON TABLE migrations FROM ${roleName}`);
  await owner.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${roleName}`);
  await owner.query(`GRANT EXECUTE ON FUNCTION ${RELAY_FUNCTIONS.join(', ')} TO ${roleName}`);
}

/**
 * Roles live in the cluster's shared catalog, while the migration lock above is an
 * advisory lock and so only holds within one database. Two databases of one cluster
 * migrating at once (parallel test suites, two tenants' databases) may therefore
 * update the same role row together; PostgreSQL then fails the later one with
 * "tuple concurrently updated" (XX000). The statement is idempotent, so try again.
 */
export async function retryOnSharedCatalogRace<T>(statement: () => Promise<T>, attempts = 8): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await statement();
    } catch (error) {
      if (attempt >= attempts || !isSharedCatalogRace(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}

function isSharedCatalogRace(error: unknown): boolean {
  const refusal = postgresRefusal(error);
  return refusal?.code === 'XX000' && refusal.message.includes('tuple concurrently updated');
}

/** Roles are shared by every database of a cluster, so parallel test databases may race here. */
async function createRoleOnce(owner: DataSource, user: string): Promise<void> {
  const [{ exists }] = await owner.query(`SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = $1) AS exists`, [user]);
  if (exists) return;
  try {
    const [{ quoted }] = await owner.query(`SELECT quote_ident($1) AS quoted`, [user]);
    await owner.query(`CREATE ROLE ${quoted} LOGIN`);
  } catch (error) {
    const code = postgresRefusal(error)?.code;
    if (code !== '42710' && code !== '23505') throw error;
  }
}
