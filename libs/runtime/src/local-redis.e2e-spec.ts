import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@fabquote/testing';
import { adoptLeftRedisServer, redisAnswers, redisPidFile, startRedisServer } from './local-redis';

describe('a redis-server that Fabquote started', () => {
  it('is adopted and stopped by the next start when a killed launcher left it running', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fabquote-redis-left-'));
    const port = await freePort();
    // The launcher that started it is "killed": nobody will call its stop().
    await startRedisServer(dir, port);
    expect(existsSync(redisPidFile(dir))).toBe(true);
    const left = await adoptLeftRedisServer(dir, port);
    expect(left).toMatchObject({ url: `redis://127.0.0.1:${port}`, pid: expect.any(Number) });
    await left!.stop();
    expect(await redisAnswers('127.0.0.1', port)).toBe(false);
    // Stopped cleanly, it removed its pid file: there is nothing left to adopt.
    expect(existsSync(redisPidFile(dir))).toBe(false);
    expect(await adoptLeftRedisServer(dir, port)).toBeNull();
  });

  it('leaves alone a Redis it did not start (no pid file of its own, or one naming another program)', async () => {
    expect(await adoptLeftRedisServer(mkdtempSync(join(tmpdir(), 'fabquote-redis-none-')), 6379)).toBeNull();
    const reused = mkdtempSync(join(tmpdir(), 'fabquote-redis-reused-'));
    writeFileSync(redisPidFile(reused), `${process.pid}\n`);
    expect(await adoptLeftRedisServer(reused, 6379)).toBeNull();
  });
});
