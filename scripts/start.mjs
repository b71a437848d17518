// `npm start` (and `npm run dev` with --watch): build what is missing, then run everything in one process.
import { spawn } from 'node:child_process';
import { buildIfStale } from './build.mjs';

const watch = process.argv.includes('--watch');
buildIfStale();
const children = [];
const launch = (command, args) => {
  const child = spawn(command, args, { stdio: 'inherit' });
  children.push(child);
  return child;
};

if (watch) {
  // Recompile on change, restart the server on new output, and serve the admin with hot reload on :5173.
  launch('npx', ['swc', 'apps/api/src', 'apps/worker/src', 'apps/admin/test', 'libs', 'scripts/cli', '-d', 'dist', '--config-file', '.swcrc', '--watch']);
  launch('npm', ['run', 'dev', '--workspace', 'apps/admin']);
}
const server = launch(process.execPath, [
  '--enable-source-maps',
  ...(watch ? ['--watch-path=dist', '--watch-preserve-output'] : []),
  'dist/scripts/cli/start.js',
]);
// A Ctrl-C in a terminal reaches every child already; a SIGTERM to us is passed on.
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => children.forEach((child) => child.kill('SIGTERM')));
server.on('exit', (code) => {
  children.forEach((child) => child !== server && child.kill('SIGTERM'));
  process.exit(code ?? 0);
});
