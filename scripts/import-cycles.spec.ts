import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const REPOSITORY = join(__dirname, '..');

/** Every `.ts` file under `dir` (tests included: a spec importing its subject is an edge like any other). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/**
 * The relative module specifiers of a source text: `import … from`, `import type … from`, `export … from`,
 * side-effect imports and `import('…')`. Type-only imports count: a cycle of types is still a cycle to read.
 */
export function relativeImports(text: string): string[] {
  const found: string[] = [];
  const pattern = /(?:\bfrom\s*|\bimport\s*\(?\s*)(['"])(\.{1,2}\/[^'"]*|\.{1,2})\1/g;
  for (const match of text.matchAll(pattern)) found.push(match[2]);
  return found;
}

/** The file a relative specifier names, as TypeScript resolves it (`x.ts`, `x.tsx`, `x/index.ts`), or none outside the graph. */
function resolveImport(from: string, specifier: string, known: ReadonlySet<string>): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((candidate) => known.has(candidate));
}

/** The import graph of the files: each file and the files it imports. */
export function importGraph(files: ReadonlyMap<string, string>): Map<string, string[]> {
  const known = new Set(files.keys());
  const graph = new Map<string, string[]>();
  for (const [file, text] of files) {
    const targets = relativeImports(text).flatMap((specifier) => resolveImport(file, specifier, known) ?? []);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The import cycles: every strongly connected set of more than one file (or a file importing itself), files sorted. */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  // Tarjan's algorithm, iterative so a deep graph cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work: Array<{ node: string; edge: number }> = [{ node: root, edge: 0 }];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const target = edges[frame.edge++];
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, edge: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1 || edges.includes(frame.node)) cycles.push(component.sort());
      }
    }
  }
  return cycles.sort((a, b) => a[0].localeCompare(b[0]));
}

/** docs/architecture.md, "Boundaries": no file of the API or the worker reaches itself again through its imports. */
describe('import cycles', () => {
  it('finds a cycle of made-up files, type imports and index files included, and none where the imports only go down', () => {
    const files = new Map([
      ['/x/rating/rating.service.ts', `import { askedLines } from '../supplier-page/supplier-page.service';\n`],
      ['/x/supplier-page/supplier-page.service.ts', `import { presentOffer } from '../offers';\nimport { clock } from '../shared/clock';\n`],
      ['/x/offers/index.ts', `export { presentOffer } from './supplier-offers.service';\n`],
      ['/x/offers/supplier-offers.service.ts', `import type { StoredOfferRating } from '../rating/rating.service';\n`],
      ['/x/shared/clock.ts', `export const clock = 1;\n`],
      ['/x/shared/self.ts', `export * from './self';\n`],
    ]);
    expect(importCycles(importGraph(files))).toEqual([
      ['/x/offers/index.ts', '/x/offers/supplier-offers.service.ts', '/x/rating/rating.service.ts', '/x/supplier-page/supplier-page.service.ts'],
      ['/x/shared/self.ts'],
    ]);
    files.set('/x/offers/supplier-offers.service.ts', `import type { StoredOfferRating } from './offer-rating';\n`);
    files.set('/x/shared/self.ts', `export const self = 1;\n`);
    expect(importCycles(importGraph(files))).toEqual([]);
  });

  it('has no import cycle in apps/api/src and apps/worker/src', () => {
    const roots = ['apps/api/src', 'apps/worker/src'].map((root) => join(REPOSITORY, root)).filter((root) => existsSync(root));
    const files = new Map(roots.flatMap(sourceFiles).map((file) => [file, readFileSync(file, 'utf8')] as const));
    expect(files.size).toBeGreaterThan(100);
    const cycles = importCycles(importGraph(files)).map((cycle) => cycle.map((file) => relative(REPOSITORY, file)));
    expect(cycles).toEqual([]);
  });

  it("has no cycle between procurement's use-case folders (docs/architecture.md, \"Procurement\")", () => {
    const area = join(REPOSITORY, 'apps/api/src/procurement');
    const files = new Map(sourceFiles(area).map((file) => [file, readFileSync(file, 'utf8')] as const));
    const folderOf = (file: string) => relative(area, file).split('/').slice(0, -1).join('/') || '.';
    const folders = new Map<string, Set<string>>();
    for (const [file, targets] of importGraph(files)) {
      const edges = folders.get(folderOf(file)) ?? new Set<string>();
      for (const target of targets) if (folderOf(target) !== folderOf(file)) edges.add(folderOf(target));
      folders.set(folderOf(file), edges);
    }
    expect(folders.size).toBeGreaterThanOrEqual(8);
    expect(importCycles(new Map([...folders].map(([folder, edges]) => [folder, [...edges]])))).toEqual([]);
  });
});
