import { createHash, randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { appDataSource, AppRole, migrateDatabase, MIGRATIONS } from '@fabquote/database';

/** The PostgreSQL the tests use: TEST_DATABASE_URL, else the machine's own on 127.0.0.1:5432. */
export const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const TEST_APP_ROLE: AppRole = { user: 'fabquote_app_test', password: 'fabquote_app_test' };

export interface TestDatabase {
  /** The owner's URL of this suite's own database. */
  url: string;
  /** A pool connected as the app role (no ownership, row-level security applies). */
  app: DataSource;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database for one test suite, so suites never see each
 * other's rows; dropped afterwards so runs leave nothing behind. It is a copy of
 * a migrated template (see migratedTemplate): copying takes a tenth of migrating.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `fabquote_test_${randomBytes(6).toString('hex')}`;
  const template = await migratedTemplate();
  await onServer(async (client) => {
    await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await client.query(`GRANT CONNECT ON DATABASE ${name} TO ${TEST_APP_ROLE.user}`);
  });
  const url = withDatabase(SERVER_URL, name);
  const app = appDataSource(url, TEST_APP_ROLE, 4);
  await app.initialize();
  return {
    url,
    app,
    drop: async () => {
      if (app.isInitialized) await app.destroy();
      await onServer((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/**
 * The migrated database the suites' databases are copied from, made once per set of migrations: its
 * name carries a digest of their source, so a changed or added migration makes a new one (and the
 * old ones are dropped). Parallel suites wait for each other on an advisory lock of the server.
 */
async function migratedTemplate(): Promise<string> {
  const digest = createHash('sha256')
    .update(MIGRATIONS.map((migration) => migration.toString()).join('\n'))
    .digest('hex')
    .slice(0, 16);
  const template = `fabquote_template_${digest}`;
  await onServer(async (client) => {
    await client.query(`SELECT pg_advisory_lock(hashtext('fabquote.test-template'))`);
    try {
      const { rows } = await client.query(`SELECT datname FROM pg_database WHERE datname LIKE 'fabquote\\_template\\_%'`);
      if (rows.some((row) => row.datname === template)) return;
      for (const { datname } of rows) {
        await client.query(`ALTER DATABASE ${datname} WITH IS_TEMPLATE false`);
        await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      }
      await client.query(`CREATE DATABASE ${template}`);
      await migrateDatabase(withDatabase(SERVER_URL, template), TEST_APP_ROLE);
      await client.query(`ALTER DATABASE ${template} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
    } finally {
      await client.query(`SELECT pg_advisory_unlock(hashtext('fabquote.test-template'))`);
    }
  });
  return template;
}

export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs `work` on a connection to the server's maintenance database, as the owner. */
export async function onServer<T>(work: (client: Client) => Promise<T>, url = SERVER_URL): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
