// Builds what is missing or stale, so `npm start` works on a fresh clone with nothing built.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function newest(paths) {
  let latest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) if (entry !== 'node_modules' && entry !== 'dist') visit(join(path, entry));
    } else latest = Math.max(latest, stat.mtimeMs);
  };
  paths.forEach((path) => visit(join(root, path)));
  return latest;
}

function run(script) {
  const result = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

export function buildIfStale({ admin = true, server = true } = {}) {
  const serverSources = newest(['apps/api/src', 'apps/worker/src', 'apps/test-support', 'apps/admin/test', 'libs', 'scripts/cli', '.swcrc']);
  if (server && serverSources > newest(['dist'])) {
    console.log('[fabquote] building the server');
    run('build:server');
  }
  const adminBuilt = join(root, 'apps/admin/dist/index.html');
  const adminSources = newest(['apps/admin/src', 'apps/admin/index.html', 'apps/admin/vite.config.ts', 'apps/admin/package.json']);
  if (admin && (!existsSync(adminBuilt) || adminSources > statSync(adminBuilt).mtimeMs)) {
    console.log('[fabquote] building the admin console');
    run('build:admin');
  }
}
