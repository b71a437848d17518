import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { TenantTransactions } from '@fabquote/database';

/**
 * A record's row as its `RecordSpec` selects it: `id`, then each field, audit column and derived figure under its
 * name. The names come from the spec, so they are typed there rather than here.
 */
export interface StoredRecordRow {
  id: string;
  [field: string]: unknown;
}

/** Columns and their SQL values (`$n` or `DEFAULT`) with the parameters the `$n` name, numbered after the id's when updating. */
export interface ColumnValues {
  columns: string[];
  expressions: string[];
  parameters: unknown[];
}

/** How many rows of a table use a record. */
export interface UseCountRow {
  count: number;
}

/**
 * The rows behind every `RecordSpec` (the table a spec names), in the tenant transaction; row-level security scopes
 * them. Tables, columns and select lists come from the specs (code, never a request); values are parameters.
 */
@Injectable()
export class RecordsRepository {
  constructor(private readonly tenant: TenantTransactions) {}

  private get manager(): EntityManager {
    return this.tenant.manager();
  }

  /** The record `id` as `rows` select it (`select` over `from`, the table as `t`); null when there is none. */
  async find(rows: { select: string; from: string }, id: string): Promise<StoredRecordRow | null> {
    const [row] = await this.manager.query<StoredRecordRow[]>(`SELECT ${rows.select} FROM ${rows.from} WHERE t.id = $1`, [id]);
    return row ?? null;
  }

  /** Whether the table has a row `id` this organization sees. */
  async exists(table: string, id: unknown): Promise<boolean> {
    const rows = await this.manager.query<unknown[]>(`SELECT 1 FROM ${table} WHERE id = $1`, [id]);
    return rows.length > 0;
  }

  /** Inserts a row; its id. */
  async insert(table: string, values: ColumnValues): Promise<string> {
    const [row] = await this.manager.query<Array<{ id: string }>>(
      `INSERT INTO ${table} (${values.columns.join(', ')}) VALUES (${values.expressions.join(', ')}) RETURNING id`,
      values.parameters,
    );
    return row.id;
  }

  /** Sets these columns of the row `id` (parameters numbered from `$2`) and its `updated_at`. */
  async update(table: string, id: string, values: ColumnValues): Promise<void> {
    await this.manager.query<unknown[]>(
      `UPDATE ${table} SET ${values.columns.map((column, i) => `${column} = ${values.expressions[i]}`).join(', ')}, updated_at = now() WHERE id = $1`,
      [id, ...values.parameters],
    );
  }

  /** How many rows of `table` name the record in `column`. */
  async countUses(table: string, column: string, id: string): Promise<number> {
    const [{ count }] = await this.manager.query<UseCountRow[]>(`SELECT count(*)::int AS count FROM ${table} WHERE ${column} = $1`, [id]);
    return count;
  }

  async delete(table: string, id: string): Promise<void> {
    await this.manager.query<unknown[]>(`DELETE FROM ${table} WHERE id = $1`, [id]);
  }
}
