import { randomBytes } from 'node:crypto';
import { QueryFailedError } from 'typeorm';
import { onServer, SERVER_URL, TEST_APP_ROLE, withDatabase } from '@fabquote/testing';
import { appDataSource } from './data-sources';
import { migrateDatabase, retryOnSharedCatalogRace } from './migrate';

/** What TypeORM throws for a statement PostgreSQL refused. */
const refused = (code: string, message: string) => new QueryFailedError('ALTER ROLE …', [], Object.assign(new Error(message), { code }));
const race = () => refused('XX000', 'tuple concurrently updated');

describe('migrating databases of one cluster', () => {
  it('tries a role statement again when another database updated the same role at the same time', async () => {
    let calls = 0;
    const result = await retryOnSharedCatalogRace(async () => {
      calls += 1;
      if (calls < 3) throw race();
      return 'granted';
    });
    expect(result).toBe('granted');
    expect(calls).toBe(3);
  });

  it('does not hide any other failure, and gives up after the last attempt', async () => {
    let calls = 0;
    const denied = refused('42501', 'permission denied');
    await expect(retryOnSharedCatalogRace(async () => { calls += 1; throw denied; })).rejects.toBe(denied);
    expect(calls).toBe(1);
    calls = 0;
    await expect(retryOnSharedCatalogRace(async () => { calls += 1; throw race(); }, 3)).rejects.toThrow('tuple concurrently updated');
    expect(calls).toBe(3);
  });

  it('migrates several databases at once, each granting the same app role', async () => {
    const names = Array.from({ length: 4 }, () => `fabquote_test_${randomBytes(6).toString('hex')}`);
    await onServer(async (client) => {
      for (const name of names) await client.query(`CREATE DATABASE ${name}`);
    });
    try {
      const applied = await Promise.all(names.map((name) => migrateDatabase(withDatabase(SERVER_URL, name), TEST_APP_ROLE)));
      for (const migrations of applied) expect(migrations.length).toBeGreaterThan(0);
      for (const name of names) {
        const app = appDataSource(withDatabase(SERVER_URL, name), TEST_APP_ROLE, 1);
        await app.initialize();
        try {
          const [{ current_user: user }] = await app.query(`SELECT current_user`);
          expect(user).toBe(TEST_APP_ROLE.user);
        } finally {
          await app.destroy();
        }
      }
    } finally {
      await onServer(async (client) => {
        for (const name of names) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      });
    }
  });
});
