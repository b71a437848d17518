import { isDeepStrictEqual } from 'node:util';
import { HttpStatus, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { postgresRefusal, TenantTransactions } from '@fabquote/database';
import { EventOutbox } from '@fabquote/queue';
import { formatNumber, Locale, MessageKey, Phrase, translate } from '@fabquote/i18n';
import { AppException, FieldInvalid, RecordNotFound } from '../common/app-exception';
import { ListRows, ListSpec, Page, parseListRequest, readPage, SqlFilter } from '../common/list-query';
import { RecordSpec } from './record-spec';
import { ColumnValues, RecordsRepository, StoredRecordRow } from './records.repository';

/** A record as the API answers it: the stored row, its amounts as numbers (`present`). */
export type RecordRow = StoredRecordRow;

/** A rule beyond single fields, checked inside the write's transaction (e.g. bulk price bands that must not overlap). */
export type RecordRule = (record: Record<string, unknown>, context: { manager: EntityManager; id?: string }) => Promise<void>;

const AUDIT_COLUMNS = { createdAt: 'created_at', updatedAt: 'updated_at' };

/**
 * Create, read, update, delete and list for every master-data resource, driven by
 * its {@link RecordSpec}. No query filters by organization: row-level security does.
 * References are checked under that same policy, because a foreign key alone would
 * accept the id of another organization's row.
 */
@Injectable()
export class RecordsService {
  constructor(
    private readonly tenant: TenantTransactions,
    private readonly outbox: EventOutbox,
    private readonly records: RecordsRepository,
  ) {}

  private get manager() {
    return this.tenant.manager();
  }

  async list(spec: RecordSpec, query: Record<string, unknown>, customFilters: Record<string, SqlFilter> = {}) {
    const listSpec = listSpecOf(spec, Object.keys(customFilters));
    const rows: ListRows<StoredRecordRow> = { manager: this.manager, select: selectList(spec), from: `${spec.table} t${joinOf(spec)}`, counted: `${spec.table} t` };
    const page = await readPage(rows, parseListRequest(query, listSpec), listSpec, customFilters);
    return new Page(page.rows.map((row) => present(spec, row)), page.total);
  }

  async get(spec: RecordSpec, id: string): Promise<RecordRow> {
    const row = await this.records.find({ select: selectList(spec), from: `${spec.table} t${joinOf(spec)}` }, id);
    if (!row) throw new RecordNotFound();
    return present(spec, row);
  }

  async create(spec: RecordSpec, input: Record<string, unknown>, rule?: RecordRule): Promise<RecordRow> {
    const values = await this.columnsOf(spec, input);
    await rule?.(input, { manager: this.manager });
    const id = await this.translatingConstraints(spec, () => this.records.insert(spec.table, sqlValues(values, 0)));
    const record = await this.get(spec, id);
    if (!spec.reprices?.unusedWhenNew) await this.repriceAfter(spec, record);
    return record;
  }

  async update(spec: RecordSpec, id: string, input: Record<string, unknown>, rule?: RecordRule): Promise<RecordRow> {
    const current = await this.get(spec, id);
    const values = await this.columnsOf(spec, input);
    await rule?.({ ...current, ...input }, { manager: this.manager, id });
    const changed = sqlValues(values, 1);
    if (changed.columns.length > 0) await this.translatingConstraints(spec, () => this.records.update(spec.table, id, changed));
    const record = await this.get(spec, id);
    if (changesPrices(spec, current, record)) {
      // Moved to another parent (a price to another material): both parents' products change.
      const idField = spec.reprices!.idField;
      if (current[idField] !== record[idField]) await this.repriceAfter(spec, current);
      await this.repriceAfter(spec, record);
    }
    return record;
  }

  async remove(spec: RecordSpec, id: string, locale: Locale): Promise<RecordRow> {
    const record = await this.get(spec, id);
    const uses: string[] = [];
    for (const use of spec.usedBy ?? []) {
      const count = await this.records.countUses(use.table, use.column, id);
      if (count > 0) uses.push(`${translate(locale, use.noun)} (${formatNumber(locale, count)})`);
    }
    if (uses.length > 0) throw new AppException(HttpStatus.CONFLICT, 'still_used', 'still_used', { uses: uses.join(', ') });
    // Children find their products through the parent; a row still in use can not be deleted at all.
    await this.repriceAfter(spec, record);
    await this.records.delete(spec.table, id);
    return record;
  }

  /** Sends the change to the pricing queue, in this same transaction (docs/design.md §4). */
  private async repriceAfter(spec: RecordSpec, record: RecordRow): Promise<void> {
    if (!spec.reprices) return;
    const sourceId = record[spec.reprices.idField];
    if (typeof sourceId !== 'string') return;
    const reason: Phrase = { key: 'reprice_reason', params: { what: { key: spec.reprices.what } } };
    await this.outbox.emit('pricing.reprice', { source: spec.reprices.source, sourceId, reason });
  }

  /** Field names → columns, with every reference checked to exist in this organization. */
  private async columnsOf(spec: RecordSpec, input: Record<string, unknown>): Promise<Record<string, unknown>> {
    const values: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(spec.fields)) {
      if (!(name in input) || input[name] === undefined) continue;
      const value = input[name];
      if (field.kind === 'reference' && value !== null) {
        if (!(await this.records.exists(field.references!, value))) throw new FieldInvalid(name, 'unknown_reference');
      }
      if (value === null && field.required) throw new FieldInvalid(name, 'required');
      values[field.column] = value;
    }
    return values;
  }

  private async translatingConstraints<T>(spec: RecordSpec, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      const constraint = postgresRefusal(error)?.constraint;
      const known = constraint ? spec.constraints?.[constraint] : undefined;
      if (known) throw new FieldInvalid(known.field, known.key);
      throw error;
    }
  }
}

/**
 * Columns with their SQL values, parameters numbered after `taken`. An optional field sent as
 * `null` (cleared in a form) takes its column's default: 0 for a cost, `false` for a flag, the
 * usual choice for a choice, and nothing for a column without a default.
 */
function sqlValues(values: Record<string, unknown>, taken: number): ColumnValues {
  const columns = Object.keys(values);
  const parameters: unknown[] = [];
  const expressions = columns.map((column) => {
    if (values[column] === null) return 'DEFAULT';
    parameters.push(values[column]);
    return `$${taken + parameters.length}`;
  });
  return { columns, expressions, parameters };
}

/** Whether an edit changed a field prices are made from: a rename alone is not sent to the pricing queue. */
function changesPrices(spec: RecordSpec, before: RecordRow, after: RecordRow): boolean {
  if (!spec.reprices) return false;
  const notPriced = spec.reprices.notPriced ?? [];
  return Object.keys(spec.fields).some((name) => !notPriced.includes(name) && !isDeepStrictEqual(before[name], after[name]));
}

/** What is made from a spec once, not per request: its list spec (by its custom filters' names) and its select list. */
const listSpecs = new WeakMap<RecordSpec, Map<string, ListSpec>>();
const selectLists = new WeakMap<RecordSpec, string>();

/** Every field sorts and filters by its column; `customFilters` are accepted too, their SQL being their own. */
function listSpecOf(spec: RecordSpec, customFilters: string[]): ListSpec {
  const bySpec = listSpecs.get(spec) ?? listSpecs.set(spec, new Map()).get(spec)!;
  const key = customFilters.join(',');
  const known = bySpec.get(key);
  if (known) return known;
  const made = makeListSpec(spec, customFilters);
  bySpec.set(key, made);
  return made;
}

function makeListSpec(spec: RecordSpec, customFilters: string[]): ListSpec {
  const columns = Object.fromEntries(Object.entries(spec.fields).map(([name, field]) => [name, `t.${field.column}`]));
  const filters = Object.fromEntries(
    Object.entries(spec.fields).map(([name, field]) => [name, field.kind === 'reference' ? { uuid: `t.${field.column}` } : `t.${field.column}`]),
  );
  return {
    sortable: { ...columns, createdAt: 't.created_at', updatedAt: 't.updated_at' },
    filters: { ...filters, ...Object.fromEntries(customFilters.map((name) => [name, name])) },
    searchable: Object.values(spec.fields)
      .filter((field) => field.searchable)
      .map((field) => `t.${field.column}`),
    defaultSort: spec.defaultSort,
  };
}

/** The derived figures' join, as SQL after `FROM <table> t`. */
function joinOf(spec: RecordSpec): string {
  return spec.derivedJoin ? ` LEFT JOIN ${spec.derivedJoin.table} ${spec.derivedJoin.alias} ON ${spec.derivedJoin.on}` : '';
}

function selectList(spec: RecordSpec): string {
  const known = selectLists.get(spec);
  if (known !== undefined) return known;
  const columns = Object.entries({ ...Object.fromEntries(Object.entries(spec.fields).map(([name, field]) => [name, field.column])), ...AUDIT_COLUMNS });
  const derived = Object.entries(spec.derived ?? {}).map(([name, sql]) => `${sql} AS "${name}"`);
  const made = ['t.id', ...columns.map(([name, column]) => `t.${column} AS "${name}"`), ...derived].join(', ');
  selectLists.set(spec, made);
  return made;
}

/** Each spec's fields answered as numbers, found once: a list page presents 25 rows or more per request. */
const numericFields = new WeakMap<RecordSpec, string[]>();

/**
 * Numeric columns arrive as exact strings; the API answers numbers, which is what react-admin's inputs hold.
 * The row is changed in place, not copied: it is the driver's fresh row, read for this answer only.
 */
function present(spec: RecordSpec, row: StoredRecordRow): RecordRow {
  let names = numericFields.get(spec);
  if (!names) {
    names = Object.entries(spec.fields)
      .filter(([, field]) => field.kind === 'amount' || field.kind === 'positive')
      .map(([name]) => name);
    numericFields.set(spec, names);
  }
  for (const name of names) {
    if (row[name] !== null && row[name] !== undefined) row[name] = Number(row[name]);
  }
  return row;
}

export type { MessageKey };
