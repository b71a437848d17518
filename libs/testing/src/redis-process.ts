import { createServer } from 'node:net';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalRedis, startRedisServer } from '@fabquote/runtime';

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * A redis-server of the test's own, so a test may stop and restart Redis without
 * touching the machine's Redis that other suites use. Keeps its data across a restart.
 */
export class RedisProcess {
  private running?: LocalRedis;
  private readonly dir = mkdtempSync(join(tmpdir(), 'fabquote-redis-'));

  private constructor(readonly port: number) {}

  static async start(): Promise<RedisProcess> {
    const redis = new RedisProcess(await freePort());
    await redis.restart();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async restart(): Promise<void> {
    this.running = await startRedisServer(this.dir, this.port);
  }

  async stop(): Promise<void> {
    await this.running?.stop();
    this.running = undefined;
  }

  /**
   * Stops Redis and starts it again with nothing: as a Redis without persistence comes back after a
   * crash or a restart (or a failover to a replica that had nothing yet).
   */
  async restartEmpty(): Promise<void> {
    await this.stop();
    for (const entry of readdirSync(this.dir)) rmSync(join(this.dir, entry), { recursive: true, force: true });
    await this.restart();
  }
}
