#!/usr/bin/env node
// `npm run sql-count`: where the code writes SQL by hand. Counts raw `.query(` calls (and `.prepared(`, a
// statement run prepared in the tenant transaction, `TenantTransactions.prepared`) per area of the server
// code (apps/api/src/<area>, apps/worker/src, libs/<lib>/src), split into those inside a repository
// (`*.repository.ts`, where the rule of docs/architecture.md "Persistence" puts them) and those outside it.
// The platform's plumbing (`PLUMBING`, each file with its reason) is listed apart and counted in neither.
// Tests, specs, migrations and the bench are not counted. Prints figures; asserts nothing.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const roots = ['apps/api/src', 'apps/worker/src', 'libs'];
const skipped = (path) => /\.(e2e-)?spec\.ts$|\/migrations\/|\/test\/|\/bench[^/]*\.ts$|\/testing\/|\.d\.ts$/.test(path);

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') continue;
    if (statSync(path).isDirectory()) yield* files(path);
    else if (path.endsWith('.ts') && !skipped(path)) yield path;
  }
}

/** apps/api/src/<area>, apps/worker/src, libs/<lib>. */
function areaOf(path) {
  const parts = relative(root, path).split(sep);
  if (parts[0] === 'apps' && parts[1] === 'api') return parts.length > 4 ? `api/${parts[3]}` : 'api/(root)';
  if (parts[0] === 'apps') return parts[1];
  return `libs/${parts[1]}`;
}

/**
 * The platform's plumbing: SQL that runs the database rather than reads or writes an area's rows. Listed apart, so
 * "outside" counts area SQL only; each entry says why it is plumbing.
 */
const PLUMBING = {
  'libs/database/src/tenancy/tenant-transactions.ts': 'starts the tenant transaction and sets its organization (set_config) for row-level security',
  'libs/database/src/migrate.ts': 'runs the migrations under an advisory lock and creates the application role with its grants',
  'libs/runtime/src/embedded-postgres.ts': 'starts the embedded PostgreSQL server and creates its database',
  'apps/api/src/health/health.controller.ts': "the health check's `SELECT 1`: whether PostgreSQL answers, no table read",
  'apps/api/src/common/list-query.ts': 'the one list reader (readPage): runs the paged query an area hands it as select list and table',
};

const counts = new Map();
const plumbing = [];
for (const base of roots) {
  for (const path of files(join(root, base))) {
    // `.query(` and `.query<Row[]>(`, a type argument with nested brackets too (`.query<Array<{ id: string }>>(`); `.prepared(` alike.
    const calls = (readFileSync(path, 'utf8').match(/\.(query|prepared)(<[^()]*?>)?\(/g) ?? []).length;
    if (calls === 0) continue;
    const file = relative(root, path).split(sep).join('/');
    if (file in PLUMBING) {
      plumbing.push({ file, calls });
      continue;
    }
    const area = areaOf(path);
    const entry = counts.get(area) ?? { inside: 0, outside: 0 };
    if (path.endsWith('.repository.ts')) entry.inside += calls;
    else entry.outside += calls;
    counts.set(area, entry);
  }
}

const rows = [...counts.entries()].sort(([a], [b]) => a.localeCompare(b));
const total = rows.reduce((sum, [, entry]) => ({ inside: sum.inside + entry.inside, outside: sum.outside + entry.outside }), { inside: 0, outside: 0 });
console.log('raw SQL calls (.query) per area: inside repositories / outside');
for (const [area, entry] of rows) console.log(`  ${area.padEnd(24)} ${String(entry.inside).padStart(4)} / ${String(entry.outside).padStart(4)}`);
console.log(`  ${'total'.padEnd(24)} ${String(total.inside).padStart(4)} / ${String(total.outside).padStart(4)}`);
console.log('platform plumbing, not counted above (calls, file: why):');
for (const { file, calls } of plumbing.sort((a, b) => a.file.localeCompare(b.file))) console.log(`  ${String(calls).padStart(4)}  ${file}: ${PLUMBING[file]}`);
