import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { resolve } from 'node:path';

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

/** Starts `redis-server` from PATH with its data (append-only file) under `directory`. */
export async function startRedisServer(directory: string, port: number): Promise<LocalRedis> {
  const dir = resolve(directory);
  await mkdir(dir, { recursive: true });
  const child: ChildProcess = spawn(
    'redis-server',
    ['--bind', '127.0.0.1', '--port', String(port), '--dir', dir, '--appendonly', 'yes', '--save', '', '--daemonize', 'no'],
    { stdio: 'ignore' },
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
