// `npm start` (and `npm run dev` with --watch): build what is missing, then run everything in one process,
// restarting that process when it crashes or is killed.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildIfStale } from './build.mjs';
import { NODE_FLAGS } from './node-flags.mjs';

/** dist/scripts/cli/start.js exits with this when it could not start (configuration, port, database): a restart would not help. */
const COULD_NOT_START = 3;
/** A server that dies within this of its start died quickly; after GIVE_UP_AFTER quick deaths in a row we stop trying. */
const QUICK_MS = 30_000;
const GIVE_UP_AFTER = 5;

const watch = process.argv.includes('--watch');
const say = (line) => process.stdout.write(`[fabquote] ${line}\n`);
buildIfStale();
const children = new Set();
const launch = (command, args) => {
  const child = spawn(command, args, { stdio: 'inherit' });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
};

if (watch) {
  // Recompile on change, restart the server on new output, and serve the admin with hot reload on :5173.
  launch('npx', ['swc', 'apps/api/src', 'apps/worker/src', 'apps/admin/test', 'libs', 'scripts/cli', '-d', 'dist', '--config-file', '.swcrc', '--watch']);
  launch('npm', ['run', 'dev', '--workspace', 'apps/admin']);
}

let server;
let stopping = false;
let restartTimer;
let quickDeaths = 0;

const finish = (code) => {
  children.forEach((child) => child.kill('SIGTERM'));
  process.exit(code);
};

/**
 * Supervision: the server holds the API and the worker, so a crash or a `kill -9` takes both down.
 * Then it is started again after a short pause (1 s, doubling while it keeps dying quickly); the new
 * one adopts the embedded PostgreSQL the dead one left running, and runs its interrupted jobs again
 * within seconds (JobRunner's lock options). A clean exit, a start that failed for a reason a restart
 * does not fix, and Ctrl-C or SIGTERM end `npm start` instead.
 */
function startServer() {
  const startedAt = Date.now();
  server = launch(process.execPath, [
    ...NODE_FLAGS,
    ...(watch ? ['--watch-path=dist', '--watch-preserve-output'] : []),
    'dist/scripts/cli/start.js',
  ]);
  server.on('exit', (code, signal) => {
    server = undefined;
    if (stopping || code === 0) return finish(0);
    if (code === COULD_NOT_START) return finish(1);
    const died = signal ? `was killed (${signal})` : `crashed (exit code ${code})`;
    quickDeaths = Date.now() - startedAt < QUICK_MS ? quickDeaths + 1 : 1;
    if (quickDeaths >= GIVE_UP_AFTER) {
      say(`the server ${died}, the ${GIVE_UP_AFTER}th time in a row within ${QUICK_MS / 1000} s of its start: not restarting it again.`);
      say('Fix the cause shown above and run npm start again.');
      const postgres = leftRunningPostgres();
      if (postgres) say(`The embedded PostgreSQL (pid ${postgres}) still runs: the next npm start adopts it, or stop it with kill -INT ${postgres}.`);
      return finish(1);
    }
    const pause = 1000 * 2 ** (quickDeaths - 1);
    say(`the server ${died}: restarting it in ${pause / 1000} s`);
    restartTimer = setTimeout(startServer, pause);
  });
}

/** The pid in the embedded PostgreSQL's postmaster.pid (EMBEDDED_POSTGRES_DIR from the environment, not .env), if that process runs. */
function leftRunningPostgres() {
  if (process.env.DATABASE_URL) return undefined;
  try {
    const pid = Number(readFileSync(join(process.env.EMBEDDED_POSTGRES_DIR || './data/postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

// A Ctrl-C in a terminal reaches every child already (the server stops cleanly and exits 0);
// a signal sent to us alone is passed on. Either way nothing is restarted any more.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    clearTimeout(restartTimer);
    if (!server) return finish(0);
    (signal === 'SIGTERM' ? children : [server]).forEach((child) => child.kill(signal));
  });
}

startServer();
