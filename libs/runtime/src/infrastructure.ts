import { AppConfig } from '@fabquote/config';
import { startEmbeddedPostgres } from './embedded-postgres';
import { adoptLeftRedisServer, redisAnswers, redisServerOnPath, startRedisServer } from './local-redis';

export interface Infrastructure {
  /** The configuration with DATABASE_URL and REDIS_URL resolved. */
  config: AppConfig;
  describe: string[];
  stop(): Promise<void>;
}

export class MissingRedisError extends Error {
  constructor() {
    super(
      'Fabquote needs Redis and found none: REDIS_URL is not set, nothing answers on 127.0.0.1:6379 and ' +
        'redis-server is not on PATH. Install it (Debian/Ubuntu: apt-get install redis-server; macOS: brew install redis) ' +
        'or set REDIS_URL=redis://host:6379.',
    );
  }
}

/**
 * Resolves the database and Redis as docs/design.md §2 orders it: the configured URL
 * first, then what runs locally, then what Fabquote can start itself.
 */
export async function startInfrastructure(config: AppConfig, log: (line: string) => void): Promise<Infrastructure> {
  const stops: Array<() => Promise<void>> = [];
  const describe: string[] = [];
  const resolved = Object.assign(new AppConfig(), config);
  try {
    if (!resolved.DATABASE_URL) {
      const database = await startEmbeddedPostgres(config.EMBEDDED_POSTGRES_DIR, config.EMBEDDED_POSTGRES_PORT, log);
      resolved.DATABASE_URL = database.url;
      stops.push(database.stop);
      describe.push(
        `database: embedded PostgreSQL on port ${config.EMBEDDED_POSTGRES_PORT}, data in ${config.EMBEDDED_POSTGRES_DIR}` +
          (database.adopted ? ` (pid ${database.adopted}, left running by a Fabquote process that was killed, adopted)` : ''),
      );
    } else {
      describe.push(`database: ${redact(resolved.DATABASE_URL)}`);
    }
    if (!resolved.REDIS_URL) {
      const answering = await redisAnswers('127.0.0.1', 6379);
      const left = answering ? await adoptLeftRedisServer(config.REDIS_DATA_DIR, 6379) : null;
      if (left) {
        resolved.REDIS_URL = left.url;
        stops.push(left.stop);
        describe.push(`redis: redis-server (pid ${left.pid}) on 127.0.0.1:6379, data in ${config.REDIS_DATA_DIR}, left running by a Fabquote process that was killed, adopted`);
      } else if (answering) {
        resolved.REDIS_URL = 'redis://127.0.0.1:6379';
        describe.push('redis: the one answering on 127.0.0.1:6379');
      } else if (redisServerOnPath()) {
        const redis = await startRedisServer(config.REDIS_DATA_DIR, 6379);
        resolved.REDIS_URL = redis.url;
        stops.push(redis.stop);
        describe.push(`redis: redis-server started on 127.0.0.1:6379, data in ${config.REDIS_DATA_DIR}`);
      } else {
        throw new MissingRedisError();
      }
    } else {
      describe.push(`redis: ${redact(resolved.REDIS_URL)}`);
    }
  } catch (error) {
    await stopAll(stops);
    throw error;
  }
  return { config: resolved, describe, stop: () => stopAll(stops) };
}

async function stopAll(stops: Array<() => Promise<void>>): Promise<void> {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
}

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
