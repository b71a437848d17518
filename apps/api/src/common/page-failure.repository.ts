import { EntityManager } from 'typeorm';

/** A page's failed lookups from an address within the window: how many, the oldest, and the database's clock. */
export interface PageFailuresRow {
  failures: number;
  oldest: Date | null;
  now: Date;
}

/**
 * The public pages' failed lookups (`supplier_page_failures`, a row per failure, column `page`), built over the
 * manager of the caller's tenant transaction.
 */
export class PageFailureRepository {
  constructor(private readonly manager: EntityManager) {}

  /** The failures of the page from the address within the last `windowMinutes`. */
  async recent(page: string, address: string, windowMinutes: number): Promise<PageFailuresRow> {
    const [row] = await this.manager.query<PageFailuresRow[]>(
      `SELECT count(*)::int AS failures, min(failed_at) AS oldest, now() AS now FROM supplier_page_failures
        WHERE page = $3 AND address = $1 AND failed_at > now() - make_interval(mins => $2)`,
      [address, windowMinutes, page],
    );
    return row;
  }

  /** Locks the page and address of the organization (an advisory lock) until the transaction ends. */
  async lock(lockKey: string, address: string): Promise<void> {
    await this.manager.query<unknown[]>(`SELECT pg_advisory_xact_lock(hashtextextended($2 || current_organization_id() || ' ' || $1, 0))`, [address, lockKey]);
  }

  /** Drops the page's failures from the address older than the window, and records one now. */
  async record(page: string, address: string, windowMinutes: number): Promise<void> {
    await this.manager.query<unknown[]>(`DELETE FROM supplier_page_failures WHERE page = $3 AND address = $1 AND failed_at < now() - make_interval(mins => $2)`, [
      address,
      windowMinutes,
      page,
    ]);
    await this.manager.query<unknown[]>(`INSERT INTO supplier_page_failures (page, address) VALUES ($2, $1)`, [address, page]);
  }
}
