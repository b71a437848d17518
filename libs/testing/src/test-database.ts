import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { appDataSource, AppRole, migrateDatabase } from '@fabquote/database';

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
 * other's rows; dropped afterwards so runs leave nothing behind.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `fabquote_test_${randomBytes(6).toString('hex')}`;
  await onServer((client) => client.query(`CREATE DATABASE ${name}`));
  const url = withDatabase(SERVER_URL, name);
  await migrateDatabase(url, TEST_APP_ROLE);
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
