import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { join, resolve } from 'node:path';
import { processAlive, processGone, processName } from './processes';

export interface LocalRedis {
  url: string;
  stop(): Promise<void>;
}

/** Whether a Redis answers PING at host:port within `timeoutMs`. */
export function redisAnswers(host: string, port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((done) => {
    const socket = createConnection({ host, port });
    const finish = (answer: boolean) => {
      socket.destroy();
      done(answer);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.on('error', () => finish(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => finish(data.toString().startsWith('+PONG')));
  });
}

export function redisServerOnPath(): boolean {
  return spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
}

/** Where a redis-server that Fabquote starts writes its pid (it removes the file when it stops cleanly). */
export const redisPidFile = (directory: string) => join(resolve(directory), 'redis.pid');

/**
 * A redis-server that Fabquote started with its data in `directory`, left running by a launcher that was
 * killed: its pid file names a live redis-server. Adopted, it is stopped on shutdown like one started now;
 * any other Redis answering on the port is somebody else's and is left alone.
 */
export async function adoptLeftRedisServer(directory: string, port: number): Promise<(LocalRedis & { pid: number }) | null> {
  let pid: number;
  try {
    pid = Number((await readFile(redisPidFile(directory), 'utf8')).trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !processAlive(pid) || !processName(pid)?.startsWith('redis-server')) return null;
  return {
    pid,
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      if (processAlive(pid)) process.kill(pid, 'SIGTERM');
      await processGone(pid, 10_000);
    },
  };
}

/** Starts `redis-server` from PATH with its data (append-only file) and its pid file under `directory`. */
export async function startRedisServer(directory: string, port: number): Promise<LocalRedis> {
  const dir = resolve(directory);
  await mkdir(dir, { recursive: true });
  const child: ChildProcess = spawn(
    'redis-server',
    ['--bind', '127.0.0.1', '--port', String(port), '--dir', dir, '--appendonly', 'yes', '--save', '', '--daemonize', 'no', '--pidfile', redisPidFile(dir)],
    // Its own process group, like the embedded PostgreSQL: a Ctrl-C in the terminal does not stop it before the app.
    { stdio: 'ignore', detached: true },
  );
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  for (let waited = 0; !(await redisAnswers('127.0.0.1', port, 200)); waited += 100) {
    if (child.exitCode !== null || waited > 10_000) throw new Error(`redis-server did not start on port ${port}`);
    await new Promise((wait) => setTimeout(wait, 100));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
