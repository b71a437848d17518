import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';

const REPOSITORY = join(__dirname, '..');
const ADMIN = join(REPOSITORY, 'apps/admin');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** 'react-dom/client' → 'react-dom', '@mui/icons-material/Add' → '@mui/icons-material'; relative paths and Node's own modules → null. */
function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('node:') || builtinModules.includes(specifier)) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function importedPackages(files: string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:^|\s)(?:import|export)\s(?:[^'"]*?\sfrom\s)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
      const name = packageOf(match[1] ?? match[2]);
      if (name && !found.has(name)) found.set(name, file.slice(ADMIN.length + 1));
    }
  }
  return found;
}

/** The admin console declares what it imports, and nothing it does not. */
describe("the admin's package.json", () => {
  const manifest = JSON.parse(readFileSync(join(ADMIN, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  const runtime = importedPackages(sources(join(ADMIN, 'src')));
  const tooling = importedPackages([join(ADMIN, 'vite.config.ts')]);

  it('declares every package the console imports as a dependency', () => {
    const undeclared = [...runtime].filter(([name]) => !(name in manifest.dependencies)).map(([name, file]) => `${name} (${file})`);
    expect(undeclared).toEqual([]);
  });

  it('declares what its build configuration imports', () => {
    const undeclared = [...tooling.keys()].filter((name) => !(name in manifest.devDependencies) && !(name in manifest.dependencies));
    expect(undeclared).toEqual([]);
  });

  it('has no dependency the console does not import (such as a language pack it replaced)', () => {
    expect(Object.keys(manifest.dependencies).filter((name) => !runtime.has(name))).toEqual([]);
  });
});

/** The Dockerfile's stages: `FROM … [AS name]` and the instructions under it. */
function stages(dockerfile: string): Array<{ name: string | null; lines: string[] }> {
  const found: Array<{ name: string | null; lines: string[] }> = [];
  for (const line of dockerfile.split('\n').map((text) => text.trim())) {
    if (!line || line.startsWith('#')) continue;
    const from = /^FROM\s+\S+(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) found.push({ name: from[1] ?? null, lines: [] });
    else found[found.length - 1]?.lines.push(line);
  }
  return found;
}

describe('the production image (Dockerfile)', () => {
  const all = stages(readFileSync(join(REPOSITORY, 'Dockerfile'), 'utf8'));
  const final = all[all.length - 1];
  const copies = final.lines.filter((line) => /^COPY\b/i.test(line));

  it('builds in a stage of its own and carries only the built server, the built admin and the node_modules of a production install', () => {
    expect(final.lines.some((line) => /^RUN\b/i.test(line))).toBe(false);
    const sources = copies.map((line) => {
      const [, stage, source] = /^COPY\s+--from=(\S+)\s+(\S+)\s+\S+$/i.exec(line) ?? [];
      return `${stage}:${source}`;
    });
    const installer = all.find((stage) => sources.includes(`${stage.name}:/app/node_modules`));
    expect(installer).toBeDefined();
    expect(sources.sort()).toEqual(['build:/app/apps/admin/dist', 'build:/app/dist', `${installer!.name}:/app/node_modules`, `${installer!.name}:/app/package.json`].sort());
  });

  it("installs the server's node_modules without development packages and without the workspaces (the admin's React, MUI and react-admin)", () => {
    const installer = all.find((stage) => copies.some((line) => line.includes(`--from=${stage.name} /app/node_modules`)))!;
    const installs = installer.lines.filter((line) => /\bnpm (ci|install)\b/.test(line));
    expect(installs).toHaveLength(1);
    expect(installs[0]).toMatch(/--omit=dev\b/);
    expect(installs[0]).toMatch(/--workspaces=false\b/);
    // Nothing of the workspaces is there to install: only the root's manifest and lock.
    expect(installer.lines.filter((line) => /^COPY\b/i.test(line))).toEqual(['COPY package.json package-lock.json ./']);
  });

  it('does not copy the admin workspace\'s sources or node_modules into the image', () => {
    for (const line of copies) expect([line, /apps\/admin\/(?!dist\b)|apps\/admin\/node_modules/.test(line)]).toEqual([line, false]);
  });
});

/** The PDF's font (libs/documents/src/fonts.ts) is read at run time, so the image's production install must bring it. */
describe("the PDF's font in the production image", () => {
  const manifest = JSON.parse(readFileSync(join(REPOSITORY, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  const lock = JSON.parse(readFileSync(join(REPOSITORY, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version: string; dev?: boolean }> };

  it('is a production dependency of the root, pinned to one version in the lockfile', () => {
    expect(manifest.dependencies['dejavu-fonts-ttf']).toMatch(/^\d+\.\d+\.\d+$/);
    const locked = lock.packages['node_modules/dejavu-fonts-ttf'];
    expect(locked).toBeDefined();
    expect(locked.version).toBe(manifest.dependencies['dejavu-fonts-ttf']);
    expect(locked.dev).toBeUndefined();
  });

  it('has the two faces the PDF embeds where fonts.ts resolves them', () => {
    const source = readFileSync(join(REPOSITORY, 'libs/documents/src/fonts.ts'), 'utf8');
    const files = [...source.matchAll(/'(dejavu-fonts-ttf\/ttf\/[\w-]+\.ttf)'/g)].map((match) => match[1]);
    expect(files).toEqual(['dejavu-fonts-ttf/ttf/DejaVuSans.ttf', 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf']);
    for (const file of files) expect(readFileSync(require.resolve(file)).subarray(0, 4)).toEqual(Buffer.from([0, 1, 0, 0]));
  });
});

/** The flags of scripts/node-flags.mjs, read from its text: an ES module, which these CommonJS tests cannot import. */
function serverNodeFlags(): string[] {
  const [, list = ''] = /NODE_FLAGS = \[([^\]]*)\]/.exec(readFileSync(join(REPOSITORY, 'scripts/node-flags.mjs'), 'utf8')) ?? [];
  return [...list.matchAll(/'([^']+)'/g)].map((match) => match[1]);
}

/** The Dockerfile and docker-compose cannot import scripts/node-flags.mjs, so they write its flags out: the same ones. */
describe("the server processes' Node flags in the image", () => {
  const flags = serverNodeFlags();

  it('are read from scripts/node-flags.mjs', () => {
    expect(flags).toEqual(expect.arrayContaining(['--enable-source-maps', '--no-allocation-site-pretenuring']));
  });

  it("are the image's command for the API", () => {
    const [, command] = /^CMD\s+(\[.*\])\s*$/m.exec(readFileSync(join(REPOSITORY, 'Dockerfile'), 'utf8')) ?? [];
    expect(JSON.parse(command) as string[]).toEqual(['node', ...flags, 'dist/apps/api/src/main.js']);
  });

  it("are docker-compose's command for the worker", () => {
    const [, command] = /^\s*command:\s*(\[.*dist\/apps\/worker\/src\/main\.js.*\])\s*$/m.exec(readFileSync(join(REPOSITORY, 'docker-compose.yml'), 'utf8')) ?? [];
    expect(JSON.parse(command) as string[]).toEqual(['node', ...flags, 'dist/apps/worker/src/main.js']);
  });
});
