import IORedis, { RedisOptions } from 'ioredis';

/** ioredis options from a redis:// or rediss:// URL, so BullMQ can open (and close) connections of its own. */
export function redisOptions(url: string): RedisOptions {
  const parsed = new URL(url);
  const db = Number(parsed.pathname.replace(/^\//, '') || 0);
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, ''),
    port: Number(parsed.port || 6379),
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: Number.isInteger(db) ? db : 0,
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  };
}

/**
 * Producers must fail fast when Redis is down (one reconnection attempt per
 * command), so the outbox keeps the event instead of the relay or a health check hanging.
 */
export function producerRedisOptions(url: string): RedisOptions {
  return { ...redisOptions(url), maxRetriesPerRequest: 1, connectionName: 'fabquote-producer' };
}

/** Workers block on Redis and must retry forever (`maxRetriesPerRequest: null`). */
export function workerRedisConnection(url: string, name: string): IORedis {
  return new IORedis({ ...redisOptions(url), maxRetriesPerRequest: null, connectionName: name });
}
