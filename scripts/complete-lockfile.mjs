// Adds the lockfile entries npm could not write for other platforms' optional binaries.
//
// The registry these machines reach serves only the current platform's builds of packages such as
// @swc/core-darwin-arm64, so `npm install` leaves them out of package-lock.json, and `npm ci` then
// refuses the lockfile ("Missing: … from lock file"). A normal lockfile lists them as optional
// entries for their os/cpu, which npm skips on other machines; this writes exactly those entries.
// Run it after changing dependencies: `npm install && node scripts/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const OS = ['darwin', 'linux', 'win32', 'android', 'freebsd', 'openbsd', 'netbsd', 'sunos', 'aix', 'wasm32'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el', 'wasm32'];

const platformOf = (name) => {
  const parts = name.toLowerCase().split(/[/-]/);
  const os = OS.find((candidate) => parts.includes(candidate) || (candidate === 'win32' && parts.includes('windows')));
  const cpu = CPU.find((candidate) => parts.includes(candidate) || (candidate === 'x64' && parts.includes('amd64')));
  return { os, cpu };
};

let added = 0;
for (const [location, entry] of Object.entries(lock.packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = location ? `${location}/node_modules/${name}` : `node_modules/${name}`;
    if (lock.packages[base] || lock.packages[`node_modules/${name}`]) continue;
    const { os, cpu } = platformOf(name);
    const version = String(range).replace(/^[\^~=]/, '');
    lock.packages[`node_modules/${name}`] = {
      version,
      ...(cpu && cpu !== 'wasm32' ? { cpu: [cpu] } : {}),
      ...(os && os !== 'wasm32' ? { os: [os] } : {}),
      license: entry.license,
      optional: true,
    };
    added += 1;
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} optional platform entries added`);
