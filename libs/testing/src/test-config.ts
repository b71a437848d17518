import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { AppConfig, loadConfig } from '@fabquote/config';
import { TEST_APP_ROLE, TestDatabase } from './test-database';

export const TEST_OPS_TOKEN = 'test-ops-token-0123456789';

/** The repository: three levels up from libs/testing/src, four when compiled (dist/libs/testing/src, as `npm run bench` runs). */
const REPOSITORY = basename(join(__dirname, '../../..')) === 'dist' ? join(__dirname, '../../../..') : join(__dirname, '../../..');

/** The configuration a suite runs with: its own database, its own queue prefix, quick retries, no log noise. */
export function testConfig(database: TestDatabase, overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    DATABASE_APP_USER: TEST_APP_ROLE.user,
    DATABASE_APP_PASSWORD: TEST_APP_ROLE.password,
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    QUEUE_PREFIX: `fq-test-${randomBytes(4).toString('hex')}`,
    JOB_ATTEMPTS: '3',
    JOB_BACKOFF_MS: '50',
    OUTBOX_POLL_MS: '50',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    OPS_TOKEN: TEST_OPS_TOKEN,
    MAIL_DIR: mkdtempSync(join(tmpdir(), 'fabquote-mail-')),
    ADMIN_DIST_DIR: join(REPOSITORY, 'apps/admin/dist'),
    ...overrides,
  });
}

/** A configuration as environment variables, for an app started in another process (`FABQUOTE_CONFIG`). */
export const configAsEnvironment = (config: AppConfig): Record<string, string> =>
  Object.fromEntries(Object.entries(config).filter(([, value]) => value !== undefined).map(([key, value]) => [key, String(value)]));
