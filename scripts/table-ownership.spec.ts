import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { ALLOWED_CROSS_AREA_SQL, AREA_FOLDERS, TABLE_OWNERS } from '../libs/database/src/table-owners';

const REPOSITORY = join(__dirname, '..');

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (path.endsWith('.ts') && !path.endsWith('.spec.ts') && !path.endsWith('.d.ts')) yield path;
  }
}

/** The tables the migrations create: `CREATE TABLE name` and the migrations' `table('name', …)` helpers. */
function migrationTables(): Set<string> {
  const dir = join(REPOSITORY, 'libs/database/src/migrations');
  const tables = new Set<string>();
  for (const name of readdirSync(dir)) {
    const text = readFileSync(join(dir, name), 'utf8');
    for (const match of text.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?([a-z_][a-z0-9_]*)/g)) tables.add(match[1]);
    for (const match of text.matchAll(/\btable\(\s*'([a-z_][a-z0-9_]*)'/g)) tables.add(match[1]);
  }
  return tables;
}

/** Query builder methods whose first argument is a table's name. */
const TABLE_ARGUMENT = new Set(['from', 'into', 'update', 'innerJoin', 'leftJoin', 'innerJoinAndSelect', 'leftJoinAndSelect', 'getRepository']);
/** Text that reads as SQL: a statement's verb or clause in capitals, as the code writes SQL. */
const LOOKS_LIKE_SQL = /\b(SELECT|INSERT INTO|UPDATE|DELETE FROM|FROM|JOIN)\b/;

/**
 * The tables an SQL text names: every table of the map that stands as a word, not in a quoted literal, not
 * as a column (`x.name`) and not as an alias (`AS name`). Interpolations are blanked (their own literals are
 * read on their own).
 */
export function tablesNamedIn(sql: string): string[] {
  const text = sql.replace(/'(?:[^']|'')*'/g, "''").replace(/"[^"]*"/g, '""');
  const found = new Set<string>();
  for (const match of text.matchAll(/(?<![.\w$])([a-z_][a-z0-9_]*)(?![\w])/g)) {
    const word = match[1];
    if (!(word in TABLE_OWNERS)) continue;
    const before = text.slice(0, match.index);
    if (/\bAS\s+$/i.test(before)) continue;
    found.add(word);
  }
  return [...found];
}

interface Naming {
  file: string;
  line: number;
  table: string;
  /** Named as the target of an INSERT, UPDATE or DELETE (or a builder's `into`/`update`). */
  write: boolean;
}

/** The tables an SQL text writes: the target of `INSERT INTO`, `UPDATE`, `DELETE FROM`. */
export function tablesWrittenIn(sql: string): string[] {
  const text = sql.replace(/'(?:[^']|'')*'/g, "''");
  return [...text.matchAll(/\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+([a-z_][a-z0-9_]*)/gi)].map((match) => match[1]).filter((table) => table in TABLE_OWNERS);
}

/** Every SQL string of a file (template literals, strings passed to `.query(` and query builders) and the tables it names. */
function tablesNamedInFile(path: string, text = readFileSync(path, 'utf8')): Naming[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.ES2022, true);
  const namings: Naming[] = [];
  const file = relative(REPOSITORY, path);
  const add = (node: ts.Node, tables: string[], written: string[] = []) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    for (const table of tables) namings.push({ file, line, table, write: written.includes(table) });
  };
  const textOf = (node: ts.Node): string | null => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => ` ? ${span.literal.text}`)].join('');
    return null;
  };
  const visit = (node: ts.Node) => {
    const value = textOf(node);
    if (value !== null) {
      const call = node.parent && ts.isCallExpression(node.parent) ? node.parent : null;
      const method = call && ts.isPropertyAccessExpression(call.expression) ? call.expression.name.text : null;
      if (method && TABLE_ARGUMENT.has(method) && call!.arguments[0] === node && /^[a-z_][a-z0-9_]*$/.test(value.trim())) {
        if (value.trim() in TABLE_OWNERS) add(node, [value.trim()], method === 'into' || method === 'update' ? [value.trim()] : []);
      } else if (method === 'query' || LOOKS_LIKE_SQL.test(value)) {
        add(node, tablesNamedIn(value), tablesWrittenIn(value));
      }
    }
    // A RecordSpec serves its `table`: that must be the area's own too. (`reference` and `usedBy` name other
    // tables as a foreign key does: the records machinery checks a row exists or is in use, it writes nothing there.)
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === 'table' && ts.isStringLiteral(node.initializer)) {
      const parent = node.parent;
      const isReference = parent && ts.isObjectLiteralExpression(parent) && parent.properties.some((property) => property.name && ts.isIdentifier(property.name) && ['column', 'kind'].includes(property.name.text));
      if (!isReference && node.initializer.text in TABLE_OWNERS) add(node, [node.initializer.text]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return namings;
}

/** docs/architecture.md, "Who owns which table". */
describe('table ownership', () => {
  it('names an owner for every table of the migrations, and no table that is not there', () => {
    const tables = migrationTables();
    expect([...tables].filter((table) => !(table in TABLE_OWNERS)).sort()).toEqual([]);
    expect(Object.keys(TABLE_OWNERS).filter((table) => !tables.has(table)).sort()).toEqual([]);
  });

  it('is what docs/architecture.md says, table by table', () => {
    const doc = readFileSync(join(REPOSITORY, 'docs/architecture.md'), 'utf8');
    const section = doc.slice(doc.indexOf('### Who owns which table'), doc.indexOf('### Boundaries'));
    const documented: Record<string, string> = {};
    for (const [, owner, tables] of section.matchAll(/^\| ([a-z-]+) \| (.*) \|$/gm)) {
      for (const [, table] of tables.matchAll(/`([a-z_]+)`/g)) documented[table] = owner;
    }
    expect(documented).toEqual({ ...TABLE_OWNERS });
  });

  it('reads SQL the way the scan does', () => {
    expect(tablesNamedIn(`SELECT p.id, m.name AS materials FROM products p JOIN materials m ON m.id = p.material_id`).sort()).toEqual(['materials', 'products']);
    expect(tablesNamedIn(`SELECT o.products, 'orders' AS kind, "users" FROM x`)).toEqual([]);
    expect(tablesNamedIn(`INSERT INTO product_holes (product_id) SELECT $1`)).toEqual(['product_holes']);
    expect(tablesNamedIn(`UPDATE suppliables SET cost = $2`)).toEqual(['suppliables']);
    expect(tablesWrittenIn(`WITH x AS (UPDATE suppliables SET active = false RETURNING id) DELETE FROM suppliable_bulk_prices WHERE suppliable_id IN (SELECT id FROM x)`)).toEqual(['suppliables', 'suppliable_bulk_prices']);
    expect(tablesWrittenIn(`SELECT 1 FROM products WHERE name = 'UPDATE orders'`)).toEqual([]);
  });

  it("finds another area's table in made-up files, and not the area's own", () => {
    const named = (path: string, text: string) => tablesNamedInFile(join(REPOSITORY, path), text).map((naming) => naming.table);
    expect(named('apps/api/src/surveys/made-up.ts', 'await manager.query(`INSERT INTO product_bends (product_id) VALUES ($1)`);')).toEqual(['product_bends']);
    expect(named('apps/api/src/surveys/made-up.ts', "await manager.query('SELECT id FROM materials WHERE id = $1', [id]);")).toEqual(['materials']);
    expect(named('apps/api/src/procurement/made-up.ts', "manager.createQueryBuilder().select('u.name').from('users', 'u');")).toEqual(['users']);
    expect(named('apps/api/src/procurement/made-up.ts', "builder.leftJoin('suppliables', 's', 's.id = a.suppliable_id');")).toEqual(['suppliables']);
    expect(named('apps/api/src/procurement/made-up.ts', 'const sql = `SELECT 1 FROM purchase_requests r JOIN users u ON u.id = r.created_by WHERE r.id = ${id}`;').sort()).toEqual(['purchase_requests', 'users']);
    expect(named('apps/api/src/master-data/made-up.ts', "export const SPEC = { table: 'products', usedBy: [{ table: 'orders', column: 'customer_id' }] };")).toEqual(['products']);
    expect(named('apps/api/src/surveys/made-up.ts', "throw new FieldInvalid('files', 'products from users');")).toEqual([]);
  });

  it('lists allowed exceptions that still exist, each with a reason', () => {
    for (const allowed of ALLOWED_CROSS_AREA_SQL) {
      expect(allowed.reason.trim().length).toBeGreaterThan(10);
      const named = new Set(tablesNamedInFile(join(REPOSITORY, allowed.file)).map((naming) => naming.table));
      expect({ file: allowed.file, stale: allowed.tables.filter((table) => !named.has(table)) }).toEqual({ file: allowed.file, stale: [] });
    }
  });

  it("lets no area's SQL name another area's table but the listed exceptions", () => {
    const violations: string[] = [];
    for (const [folder, area] of Object.entries(AREA_FOLDERS)) {
      for (const path of sourceFiles(join(REPOSITORY, folder))) {
        for (const naming of tablesNamedInFile(path)) {
          if (TABLE_OWNERS[naming.table] === area) continue;
          const exception = ALLOWED_CROSS_AREA_SQL.find((allowed) => allowed.file === naming.file && allowed.tables.includes(naming.table));
          if (!exception) violations.push(`${naming.file}:${naming.line} (${area}) names ${naming.table} (${TABLE_OWNERS[naming.table]})`);
          else if (naming.write && !exception.writes?.includes(naming.table)) violations.push(`${naming.file}:${naming.line} (${area}) writes ${naming.table} (${TABLE_OWNERS[naming.table]})`);
        }
      }
    }
    expect(violations).toEqual([]);
  });
});
