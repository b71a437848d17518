import { HttpStatus } from '@nestjs/common';
import { EntityManager, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { AppException } from './app-exception';

/** What a react-admin list asks for in the ra-data-json-server convention (docs/design.md §5). */
export interface ListRequest {
  start: number;
  end: number;
  sort?: string;
  order: 'ASC' | 'DESC';
  q?: string;
  ids: string[];
  filters: Record<string, string[]>;
}

/**
 * A filter on a uuid column (an id, a reference). It is matched as uuids so the column's index is
 * used: compared as text, a product's calculations were found by reading every calculation
 * (80 ms at 200,000 rows instead of 0.1 ms). A value that is no uuid matches nothing.
 */
export interface UuidColumn {
  uuid: string;
}

export interface ListSpec {
  /** Query parameter → SQL column, for `_sort`; `id` sorts every list without being named (react-admin's default sort). */
  sortable: Record<string, string>;
  /** Query parameter → SQL column, for exact-match filters (`?slug=currency`, repeatable). */
  filters: Record<string, string | UuidColumn>;
  /** SQL expressions searched case-insensitively by `q`. */
  searchable: string[];
  defaultSort: string;
}

/** A page of rows plus the total, answered as a JSON array with `X-Total-Count`. */
export class Page<T> {
  constructor(
    readonly rows: T[],
    readonly total: number,
  ) {}
}

const MAX_PAGE = 1000;
const RESERVED = new Set(['_start', '_end', '_sort', '_order', 'q', 'id', 'host']);

function invalid(parameter: string): AppException {
  return new AppException(HttpStatus.BAD_REQUEST, 'invalid_list_parameter', 'list_parameter', {}, { [parameter]: { key: 'list_parameter' } });
}

const asList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : value === undefined ? [] : [String(value)]);

export function parseListRequest(query: Record<string, unknown>, spec: ListSpec): ListRequest {
  const start = query._start === undefined ? 0 : Number(query._start);
  const end = query._end === undefined ? start + 25 : Number(query._end);
  // Safe integers only: the bounds are written into the page's SQL as digits (`1e21` is an integer, not digits).
  if (!Number.isSafeInteger(start) || start < 0) throw invalid('_start');
  if (!Number.isSafeInteger(end) || end < start || end - start > MAX_PAGE) throw invalid('_end');
  const sort = query._sort === undefined ? undefined : String(query._sort);
  if (sort !== undefined && sort !== 'id' && !Object.hasOwn(spec.sortable, sort)) throw invalid('_sort');
  const order = query._order === undefined ? 'ASC' : String(query._order).toUpperCase();
  if (order !== 'ASC' && order !== 'DESC') throw invalid('_order');
  const filters: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(query)) {
    if (RESERVED.has(name)) continue;
    if (!Object.hasOwn(spec.filters, name)) throw invalid(name);
    filters[name] = asList(value);
  }
  const q = typeof query.q === 'string' && query.q.trim() ? query.q.trim() : undefined;
  return { start, end, sort, order, q, ids: asList(query.id), filters };
}

/**
 * The column a request sorts by: `_sort=id` is react-admin's default (a `List` or `ReferenceManyField`
 * without an explicit sort, any plain ra-data-json-server client), so every list sorts by its id,
 * `idColumn`, whether its spec names it or not. Without `_sort`, the spec's default.
 */
function sortColumn(request: ListRequest, spec: ListSpec, idColumn: string): string {
  const sort = request.sort ?? spec.defaultSort;
  return sort === 'id' && !Object.hasOwn(spec.sortable, 'id') ? idColumn : spec.sortable[sort];
}

/** `q` as an ILIKE pattern matching it anywhere, its own % and _ taken literally. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `column` is one of `values`: as uuids for a uuid column, else as text; `param` adds a value and names it. */
function columnMatch(filter: string | UuidColumn, values: string[], param: (value: unknown) => string): string {
  if (typeof filter === 'string') return `${filter}::text = ANY(${param(values)})`;
  const ids = values.filter((value) => UUID.test(value));
  return ids.length > 0 ? `${filter.uuid} = ANY(${param(ids)}::uuid[])` : 'false';
}

/** A filter that is not a plain column match (`validOn` of factors): SQL, its values added through `param`. */
export type SqlFilter = (values: string[], param: (value: unknown) => string) => string;

/**
 * Plain rows for a list, as SQL: `SELECT <select> FROM <from>`, the rows named `t` (a table, or a subquery
 * joining names and figures in). `counted` is what the total counts, when cheaper than `from` and as many
 * rows: `from` without the joins of figures read per row (a product's latest calculation). `Row` is what
 * `select` names, so `readPage` answers a `Page<Row>` (docs/architecture.md, "Persistence: one rule").
 */
export interface ListRows<Row extends ObjectLiteral = ObjectLiteral> {
  manager: EntityManager;
  select: string;
  from: string;
  counted?: string;
  /** Never set: the rows' type, for `readPage` to answer. */
  readonly rowType?: Row;
}

/** The request's ids, filters and search as SQL conditions on `t` (or the builder's alias), their values added through `param`. */
function conditions(alias: string, request: ListRequest, spec: ListSpec, customFilters: Record<string, SqlFilter>, param: (value: unknown) => string): string[] {
  const where: string[] = [];
  if (request.ids.length > 0) where.push(columnMatch({ uuid: `${alias}.id` }, request.ids, param));
  for (const [name, values] of Object.entries(request.filters)) {
    where.push(customFilters[name] ? customFilters[name](values, param) : columnMatch(spec.filters[name], values, param));
  }
  if (request.q && spec.searchable.length > 0) {
    const pattern = param(likePattern(request.q));
    where.push(`(${spec.searchable.map((column) => `${column}::text ILIKE ${pattern}`).join(' OR ')})`);
  }
  return where;
}

/**
 * The one list reader: one page of what `source` selects, with the request's ids, filters and search
 * applied, sorted by the spec (then by id, nulls last), and the total. Row-level security keeps it to the
 * organization. Both kinds of list go through it, so the convention is the same everywhere:
 * - a repository's query builder (`repository.createQueryBuilder('role')`) reads entities;
 * - {@link ListRows} (the SQL of a table or a view of one, `t`) read plain rows, as `RecordSpec` resources,
 *   orders and purchase requests do: the page and its total in one statement, written directly (no query
 *   builder per request; the total a subquery PostgreSQL runs once), and only when the page is empty is the
 *   total counted on its own. A query builder over a table (`manager.createQueryBuilder().select(columns).from(table, 't')`)
 *   still reads plain rows the builder's way.
 * The spec's columns refer to the rows' alias; `customFilters` are filters that are not a plain column
 * match (`validOn` of factors), their SQL their own.
 */
export async function readPage<T extends ObjectLiteral>(
  source: SelectQueryBuilder<T> | ListRows<T>,
  request: ListRequest,
  spec: ListSpec,
  customFilters: Record<string, SqlFilter> = {},
): Promise<Page<T>> {
  if (!(source instanceof SelectQueryBuilder)) return readRows<T>(source, request, spec, customFilters);
  const builder = source;
  const alias = builder.alias;
  const parameters: Record<string, unknown> = {};
  const param = (value: unknown) => {
    const name = `list${Object.keys(parameters).length}`;
    parameters[name] = value;
    return `:${name}`;
  };
  for (const condition of conditions(alias, request, spec, customFilters, param)) builder.andWhere(condition);
  builder.setParameters(parameters);
  const counting = builder.clone();
  const id = `${alias}.id`;
  const sort = sortColumn(request, spec, id);
  builder.orderBy(sort, request.order, 'NULLS LAST');
  // The id breaks ties; sorted by the id itself, a second key of the same name would replace the first (its order too).
  if (sort !== id) builder.addOrderBy(id, 'ASC');
  builder.offset(request.start).limit(request.end - request.start);
  // One after the other: both run on the transaction's one connection.
  if (builder.expressionMap.mainAlias?.hasMetadata) {
    const rows = await builder.getMany();
    return new Page(rows, await counting.getCount());
  }
  const rows: T[] = await builder.getRawMany();
  const counted = await counting.select('count(*)::int', 'total').getRawOne<{ total: number }>();
  return new Page(rows, counted?.total ?? 0);
}

/** A page's offset or length as SQL text: a safe non-negative integer, else a fault of this code (parseListRequest checks both). */
function pageBound(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`Not a page bound: ${value}`);
  return String(value);
}

/** The column the page's total rides on in the rows' statement, taken off each row. */
const TOTAL = '__list_total';

async function readRows<T extends ObjectLiteral>(source: ListRows<T>, request: ListRequest, spec: ListSpec, customFilters: Record<string, SqlFilter>): Promise<Page<T>> {
  const parameters: unknown[] = [];
  const param = (value: unknown) => `$${parameters.push(value)}`;
  const where = conditions('t', request, spec, customFilters, param);
  const condition = where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '';
  const sort = sortColumn(request, spec, 't.id');
  const order = `${sort} ${request.order} NULLS LAST${sort === 't.id' ? '' : ', t.id ASC'}`;
  const counting = `SELECT count(*)::int FROM ${source.counted ?? source.from}${condition}`;
  // The page's bounds are integers checked by parseListRequest, written into the text: a list without filters
  // then has no parameters at all and goes as one simple query (one message, no unnamed statement to parse,
  // bind and describe), as cheap for PostgreSQL and the driver as SQL can be.
  const page = `SELECT ${source.select}, (${counting}) AS ${TOTAL} FROM ${source.from}${condition} ORDER BY ${order} LIMIT ${pageBound(request.end - request.start)} OFFSET ${pageBound(request.start)}`;
  const found = await source.manager.query<Array<T & { [TOTAL]: number }>>(page, parameters);
  if (found.length === 0) {
    // Past the last row (or none): the total on its own, with the same values.
    const [{ count }] = await source.manager.query<Array<{ count: number }>>(counting, parameters);
    return new Page<T>([], count);
  }
  const total = found[0][TOTAL];
  // Taken off each row in place: it is the row's last property, whose deletion V8 undoes in the row's shape (the
  // row stays a fast object); a copy of every row without it (\`{ [TOTAL]: _, ...row }\`) cost 80 µs a page.
  for (const row of found) delete (row as Partial<typeof row>)[TOTAL];
  return new Page(found as T[], total);
}
