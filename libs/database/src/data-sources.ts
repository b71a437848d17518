import { types } from 'pg';
import { DataSource, DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { APP_ROW_TYPES } from './row-types';

// Calendar dates (valid from/until) stay 'YYYY-MM-DD' strings: a Date would shift them across time zones.
types.setTypeParser(1082, (value: string) => value);

export interface AppRole {
  user: string;
  password: string;
}

const common = {
  type: 'postgres' as const,
  entities: ENTITIES,
  migrations: MIGRATIONS,
  migrationsTableName: 'migrations',
  synchronize: false,
  migrationsRun: false,
};

/** The role that owns the schema: runs migrations and nothing else. */
export function ownerDataSource(ownerUrl: string): DataSource {
  return new DataSource({ ...common, url: ownerUrl, extra: { max: 2 } } satisfies DataSourceOptions);
}

/**
 * How long a request waits for a free pool connection before it fails (503), and how long
 * PostgreSQL lets a session sit idle inside a transaction before it ends it: a fault that holds
 * connections fails its own requests instead of hanging the server.
 */
export const POOL_WAIT_MS = 10_000;
export const IDLE_IN_TRANSACTION_MS = 30_000;

/** The role the API and the worker use: owns no table, so row-level security always applies. */
export function appDataSource(ownerUrl: string, role: AppRole, poolSize = 10): DataSource {
  return new DataSource({
    ...common,
    url: appDatabaseUrl(ownerUrl, role),
    extra: {
      max: poolSize,
      application_name: 'fabquote',
      connectionTimeoutMillis: POOL_WAIT_MS,
      options: `-c idle_in_transaction_session_timeout=${IDLE_IN_TRANSACTION_MS}`,
      // A session's permissions (text[]) are read on every signed-in request: plain lists are split, not parsed character by character.
      types: APP_ROW_TYPES,
    },
  } satisfies DataSourceOptions);
}

export function appDatabaseUrl(ownerUrl: string, role: AppRole): string {
  const url = new URL(ownerUrl);
  url.username = encodeURIComponent(role.user);
  url.password = encodeURIComponent(role.password);
  return url.toString();
}

export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) || 'postgres';
}
