import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort } from '@fabquote/testing';
import { TypeScriptProcess } from '../../testing/src/typescript-process';
import { EmbeddedDatabase, startEmbeddedPostgres } from './embedded-postgres';
import { processAlive } from './processes';

/**
 * The embedded PostgreSQL runs in a process group of its own, so a launcher killed with SIGKILL
 * leaves it running. The next launcher adopts it when it is safe, and refuses when another live
 * process owns the data directory.
 */
describe('an embedded PostgreSQL left running', () => {
  let root: string;
  let dataDir: string;
  const running: EmbeddedDatabase[] = [];
  const lockFile = () => join(root, 'fabquote.pid');
  const postmasterPid = () => Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const answer = async (url: string) => {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(`SELECT current_setting('port') AS port`)).rows[0].port as string;
    } finally {
      await client.end();
    }
  };

  /** A launcher in another process that starts the embedded PostgreSQL and is then killed with SIGKILL. */
  const killedLauncher = async (port: number) => {
    const launcher = TypeScriptProcess.evaluate(
      `require(${JSON.stringify(join(__dirname, 'embedded-postgres.ts'))})` +
        `.startEmbeddedPostgres(${JSON.stringify(dataDir)}, ${port}, () => undefined).then(() => process.send('ready'))` +
        `.catch((error) => { console.error(error); process.exit(1); })`,
    );
    await launcher.message(90_000);
    expect(readFileSync(lockFile(), 'utf8').split('\n')[0]).toBe(String(launcher.pid));
    await launcher.killHard();
    const pid = postmasterPid();
    expect(processAlive(pid)).toBe(true);
    return pid;
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'fabquote-embedded-'));
    chmodSync(root, 0o755); // PostgreSQL may run as its own system user, which must reach its data directory.
    dataDir = join(root, 'postgres');
  });

  afterEach(async () => {
    for (const database of running.splice(0)) await database.stop().catch(() => undefined);
    if (existsSync(join(dataDir, 'postmaster.pid'))) process.kill(postmasterPid(), 'SIGINT');
    rmSync(root, { recursive: true, force: true });
  });

  it('is adopted by the next launcher, which then stops it like one it started', async () => {
    const port = await freePort();
    const orphan = await killedLauncher(port);
    const said: string[] = [];
    const database = await startEmbeddedPostgres(dataDir, port, (line) => said.push(line));
    running.push(database);
    expect(database.adopted).toBe(orphan);
    expect(said.join('\n')).toContain(`Adopting the embedded PostgreSQL (pid ${orphan}) on port ${port}`);
    expect(await answer(database.url)).toBe(String(port));
    expect(readFileSync(lockFile(), 'utf8').split('\n')[0]).toBe(String(process.pid));

    await database.stop();
    expect(processAlive(orphan)).toBe(false);
    expect(existsSync(join(dataDir, 'postmaster.pid'))).toBe(false);
    expect(existsSync(lockFile())).toBe(false);
  });

  it('is stopped and started again when the configured port has changed', async () => {
    const [before, after] = [await freePort(), await freePort()];
    const orphan = await killedLauncher(before);
    const database = await startEmbeddedPostgres(dataDir, after, () => undefined);
    running.push(database);
    expect(database.adopted).toBeUndefined();
    expect(processAlive(orphan)).toBe(false);
    expect(await answer(database.url)).toBe(String(after));
  });

  it('is not taken from a live process that owns it: that one is named, with what to do', async () => {
    const port = await freePort();
    const database = await startEmbeddedPostgres(dataDir, port, () => undefined);
    running.push(database);
    await expect(startEmbeddedPostgres(dataDir, port, () => undefined)).rejects.toThrow(
      `Another Fabquote process (pid ${process.pid}) is using the embedded PostgreSQL in ${dataDir}: stop it first`,
    );
    expect(await answer(database.url)).toBe(String(port)); // the owner's server is untouched
    expect(readFileSync(lockFile(), 'utf8').split('\n')[0]).toBe(String(process.pid));
  });
});
