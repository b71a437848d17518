import { Injectable } from '@nestjs/common';
import { AsyncLocalStorage } from 'node:async_hooks';
import { DataSource, EntityManager } from 'typeorm';

interface TenantScope {
  organizationId: string;
  manager: EntityManager;
}

const scopes = new AsyncLocalStorage<TenantScope>();

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
   * while each waits for one more (the sign-in hang of issue 11).
   */
  run<T>(organizationId: string, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (scopes.getStore()) return Promise.reject(new NestedTenantTransactionError());
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT set_config('app.organization_id', $1, true)`, [organizationId]);
      return scopes.run({ organizationId, manager }, () => work(manager));
    });
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
