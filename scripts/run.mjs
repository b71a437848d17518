// `node scripts/run.mjs <compiled entry> [args]`: builds the server if stale, then runs the entry.
import { spawn } from 'node:child_process';
import { buildIfStale } from './build.mjs';
import { NODE_FLAGS } from './node-flags.mjs';

const [entry, ...args] = process.argv.slice(2);
buildIfStale({ admin: false });
const child = spawn(process.execPath, [...NODE_FLAGS, entry, ...args], { stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
