import { HttpStatus, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AppException } from './app-exception';
import { PageFailureRepository } from './page-failure.repository';

/** The public pages opened by a personal link; each counts its failed lookups apart. */
export type PublicPageKind = 'supplier' | 'offer' | 'quote';

/** Failed lookups (the neutral 404) per client address and page: 20 within 15 minutes, then 429. */
export const PAGE_FAILURE_LIMIT = { perAddress: 20, windowMinutes: 15 } as const;

export class PageThrottled extends AppException {
  constructor(seconds: number) {
    super(HttpStatus.TOO_MANY_REQUESTS, 'too_many_requests', 'too_many_requests', { seconds }, undefined, { details: { retry_after: seconds } });
  }
}

/** Seconds until the oldest counted row leaves the window (at least 1): the `Retry-After` of a 429. */
export const secondsLeft = (oldest: Date, windowMinutes: number, now: Date) =>
  Math.max(1, Math.ceil((oldest.getTime() + windowMinutes * 60_000 - now.getTime()) / 1000));

/**
 * The throttle of the public pages (OWASP ASVS V2.2.1), like sign-in's: failed lookups of a page counted
 * per client address in `supplier_page_failures` (a row per failure, column `page`), inside the caller's
 * tenant transaction, which commits them although it answers 404.
 */
@Injectable()
export class PageThrottle {
  /** 429 once the address has failed too often on this page: a right link then waits too, as a right password does at sign-in. */
  async refuseWhenThrottled(manager: EntityManager, page: PublicPageKind, address: string): Promise<void> {
    const { perAddress, windowMinutes } = PAGE_FAILURE_LIMIT;
    const row = await new PageFailureRepository(manager).recent(page, address, windowMinutes);
    if (row.failures >= perAddress && row.oldest) throw new PageThrottled(secondsLeft(new Date(row.oldest), windowMinutes, new Date(row.now)));
  }

  /**
   * Under an advisory lock on the page and address, counted again: failures sent at once are recorded one
   * after another, and the 21st is refused (429) instead of answered. A right link takes no lock.
   */
  async recordFailure(manager: EntityManager, page: PublicPageKind, address: string): Promise<void> {
    const lockKey = page === 'supplier' ? 'supplier-page address ' : `${page}-page address `;
    const failures = new PageFailureRepository(manager);
    await failures.lock(lockKey, address);
    await this.refuseWhenThrottled(manager, page, address);
    await failures.record(page, address, PAGE_FAILURE_LIMIT.windowMinutes);
  }
}
