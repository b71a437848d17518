import { Injectable } from '@nestjs/common';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { PoolClient, QueryConfig } from 'pg';
import { DataSource, EntityManager, QueryFailedError, QueryRunner } from 'typeorm';

interface TenantScope {
  organizationId: string;
  manager: EntityManager;
}

const scopes = new AsyncLocalStorage<TenantScope>();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class OutsideTenantScopeError extends Error {
  constructor() {
    super('Tenant data was touched outside a tenant transaction; wrap the work in TenantTransactions.run');
  }
}

export class NestedTenantTransactionError extends Error {
  constructor() {
    super('A tenant transaction was started inside another one; use the current one (TenantTransactions.manager) or run them one after another');
  }
}

/**
 * `query` sent on the driver's own client of `runner`, failing as TypeORM's `manager.query` fails, with a
 * `QueryFailedError` (the exception filter answers a refusal from its code): for what TypeORM's query runner
 * does not send, or sends with work around it.
 */
async function driverQuery<Result>(runner: QueryRunner, query: string | QueryConfig): Promise<Result> {
  const client = (await runner.connect()) as PoolClient;
  try {
    return (await client.query(query)) as Result;
  } catch (error) {
    throw typeof query === 'string' ? new QueryFailedError(query, undefined, error as Error) : new QueryFailedError(query.text, query.values, error as Error);
  }
}

/**
 * The transaction's COMMIT, sent as its start was: on the driver's own client. TypeORM's `commitTransaction` sends
 * the same statement with four events around it (before and after the commit, before and after the query), for
 * which nothing here listens, each awaited. A refused COMMIT (a deferred constraint) fails as TypeORM's would, a
 * `QueryFailedError`, and leaves the transaction open for the rollback.
 */
async function commit(runner: QueryRunner & { isTransactionActive: boolean; transactionDepth: number }): Promise<void> {
  await driverQuery(runner, 'COMMIT');
  runner.isTransactionActive = false;
  runner.transactionDepth = 0;
}

/**
 * The one way to touch tenant data: a transaction that first sets
 * `app.organization_id`, which every row-level-security policy reads.
 * Requests (through the tenant interceptor) and jobs (through the job runner)
 * both go through here, so a query that forgets a tenant filter still sees one
 * organization only.
 */
@Injectable()
export class TenantTransactions {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Refused inside another tenant transaction: the inner one would wait for a second pool
   * connection while holding the first, and a burst of such requests holds every connection
   * while each waits for one more (how sign-in once hung).
   */
  run<T>(organizationId: string, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (scopes.getStore()) return Promise.reject(new NestedTenantTransactionError());
    if (!UUID.test(organizationId)) {
      // Not an id (a job's payload is data): as before, the setting is made and the first tenant query fails on it.
      return this.dataSource.transaction(async (manager) => {
        await manager.query(`SELECT set_config('app.organization_id', $1, true)`, [organizationId]);
        return scopes.run({ organizationId, manager }, () => work(manager));
      });
    }
    return this.inTransaction(organizationId, (manager) => work(manager));
  }

  /**
   * As `run`, with `first` sent in the same round trip as the transaction's start: one statement of
   * trusted SQL without parameters (values quoted by the caller), run after the organization is set;
   * `work` gets its rows, typed as `Row` by the caller as `manager.query<Row[]>` would be. The job runner's ledger
   * row and a request's session lookup go so: each costs a round trip less.
   */
  runAfter<Row extends object, T>(organizationId: string, first: string, work: (manager: EntityManager, rows: Row[]) => Promise<T>): Promise<T> {
    if (scopes.getStore()) return Promise.reject(new NestedTenantTransactionError());
    if (!UUID.test(organizationId)) return Promise.reject(new Error(`Not an organization id: ${JSON.stringify(organizationId)}`));
    return this.inTransaction<T, Row>(organizationId, work, first);
  }

  /**
   * `dataSource.transaction`, but the transaction starts and gets its organization in one round trip
   * (`START TRANSACTION; SELECT set_config(…)`, two statements in one simple query; the id is a uuid,
   * checked, so it can stand in the text). The query runner is told it is in a transaction before
   * anything is sent, so that whatever happens it ends with COMMIT or ROLLBACK, never released open,
   * and TypeORM's own writes (`save`) join it rather than starting one.
   */
  private async inTransaction<T, Row extends object = never>(
    organizationId: string,
    work: (manager: EntityManager, rows: Row[]) => Promise<T>,
    first?: string,
  ): Promise<T> {
    const runner = this.dataSource.createQueryRunner() as QueryRunner & { isTransactionActive: boolean; transactionDepth: number };
    try {
      await runner.connect();
      runner.isTransactionActive = true;
      runner.transactionDepth = 1;
      const opening = `START TRANSACTION; SELECT set_config('app.organization_id', '${organizationId}', true)`;
      let rows: Row[] = [];
      if (first === undefined) await runner.query(opening);
      else {
        // The driver's own client: TypeORM answers nothing for several statements in one query.
        const results: Array<{ rows: Row[] }> = await (await runner.connect()).query(`${opening}; ${first}`);
        rows = results[2].rows;
      }
      const manager = runner.manager;
      const result = await scopes.run({ organizationId, manager }, () => work(manager, rows));
      await commit(runner);
      return result;
    } catch (error) {
      try {
        // The original error is thrown even if the rollback fails (a broken connection).
        if (runner.isTransactionActive) await runner.rollbackTransaction();
      } catch {
        // nothing more to do
      }
      throw error;
    } finally {
      await runner.release();
    }
  }

  /**
   * `text` run in the current tenant transaction as the named prepared statement `name`: PostgreSQL parses and
   * plans it once per pooled connection, and after five runs with plans of their own keeps a generic one, instead
   * of planning at every run. For a statement whose planning costs more than its run (procurement's mail facts:
   * eight subqueries, each under its table's row-level security, about 1 ms to plan and 0.3 ms to run). Row-level
   * security holds as unprepared: the policies read the transaction's organization when the plan runs. One name
   * per text (the driver refuses another text under a name it prepared on the connection).
   */
  async prepared<Row>(name: string, text: string, values: unknown[]): Promise<Row[]> {
    return (await driverQuery<{ rows: Row[] }>(this.manager().queryRunner as QueryRunner, { name, text, values })).rows;
  }

  /** The entity manager of the current tenant transaction. */
  manager(): EntityManager {
    return this.scope().manager;
  }

  organizationId(): string {
    return this.scope().organizationId;
  }

  private scope(): TenantScope {
    const scope = scopes.getStore();
    if (!scope) throw new OutsideTenantScopeError();
    return scope;
  }
}
