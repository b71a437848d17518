import { HttpStatus, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Organization } from '@fabquote/database';
import { Locale, localeFromAcceptLanguage } from '@fabquote/i18n';
import { AppException, RecordNotFound } from '../../common/app-exception';
import { clientAddress, FabquoteRequest, requireOrganization } from '../../common/request-context';
import { PAGE_TOKEN } from '../../common/page-token';
import { PAGE_FAILURE_LIMIT, PageThrottle, PageThrottled, secondsLeft } from '../../common/page-throttle';
import { ProcurementClock } from '../shared/procurement-clock';
import { hashSupplierToken } from '../shared/supplier-token';
import { SupplierPageRepository } from './supplier-page.repository';

/**
 * The supplier's page is opened by its personal link, and throttled like sign-in (OWASP ASVS V2.2.1):
 * - a token opens the page until 30 days after the deadline (read-only once the deadline passed), both by
 *   the procurement clock (`ProcurementClock`, passed into SQL);
 * - failed lookups (the neutral 404) count per client address: 20 within 15 minutes, then 429;
 * - submissions and questions count per request and supplier: 30 within an hour, then 429.
 */
export const SUPPLIER_PAGE_LIMITS = {
  openDaysAfterDeadline: 30,
  failures: PAGE_FAILURE_LIMIT,
  writes: { perSupplier: 30, windowMinutes: 60 },
} as const;

/** What the personal link names: `/pub/purchase-requests/{id}/{supplierId}?token=…`. */
export interface SupplierPageKey {
  purchaseRequestId: unknown;
  supplierId: unknown;
  token: unknown;
}

/** One call of the page: whose link, from where, and in which language. */
export interface PageVisit {
  organization: Organization;
  key: SupplierPageKey;
  /** The client's address (the proxy's view when behind a trusted one): failed lookups count per address. */
  address: string;
  /** The language of the API's messages (Accept-Language, else the organization's). */
  locale: Locale;
  /** The browser's language, stored with an offer (else the supplier's). */
  pageLanguage: Locale | undefined;
}

/** The link's parts as they came, unchecked: the lookup counts a malformed one like a wrong one. */
export function pageVisit(request: FabquoteRequest): PageVisit {
  return {
    organization: requireOrganization(request),
    key: { purchaseRequestId: request.params.id, supplierId: request.params.supplierId, token: request.query.token },
    address: clientAddress(request),
    locale: request.locale,
    pageLanguage: localeFromAcceptLanguage(request.headers['accept-language']),
  };
}

/** The request supplier row a valid link opens, with what every answer of the page needs. */
export interface OpenedPage {
  requestSupplierId: string;
  purchaseRequestId: string;
  supplierId: string;
  supplierName: string;
  supplierEmail: string;
  supplierLanguage: 'en' | 'de';
  /** Open and before its deadline, by the procurement clock. */
  submissionAllowed: boolean;
}

/** The public pages' 429 (`common/page-throttle.ts`), under the name procurement knew it by. */
export { PageThrottled as SupplierPageThrottled };

/**
 * A link replaced by a newer mail (resend, reminder, reopening, an answer) after the supplier submitted
 * an offer: 410 in plain words, saying a newer link was mailed. Only a link that once opened this very
 * page gets it, so it tells a stranger nothing; it is not counted as a failure.
 */
export class SupplierLinkReplaced extends AppException {
  constructor() {
    super(HttpStatus.GONE, 'supplier_link_replaced', 'supplier_link_replaced');
  }
}

/** After the transaction that counted it has committed: the one answer for every link that opens nothing. */
export class SupplierPageNotFound extends RecordNotFound {}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The tokens made are 43 characters; anything far longer is no token of ours and is not hashed. */
const TOKEN = PAGE_TOKEN;

/**
 * Checks a supplier's link inside the caller's tenant transaction. A failure is recorded in that
 * transaction and `open` answers `null` rather than throwing, so the caller commits it and only then
 * answers 404 ({@link SupplierPageNotFound}): a thrown 404 would roll the count back.
 */
@Injectable()
export class SupplierAccess {
  /** The public pages' throttle of failed lookups, counted under the page `supplier`. */
  private readonly throttle = new PageThrottle();

  constructor(
    private readonly clock: ProcurementClock,
    private readonly pages: SupplierPageRepository,
  ) {}

  /**
   * The page the link opens, or `null` (recorded as a failure of `address`). `lock` takes the request
   * supplier row FOR UPDATE, so two submissions of one supplier are numbered one after the other.
   * Refused with 429 once the address has failed too often: a right link then waits too, as a right
   * password does at sign-in, so the answer tells nothing about the link.
   */
  async open(manager: EntityManager, key: SupplierPageKey, address: string, options: { lock?: boolean } = {}): Promise<OpenedPage | null> {
    await this.refuseWhenThrottled(manager, address);
    const { purchaseRequestId, supplierId, token } = key;
    const wellFormed = typeof purchaseRequestId === 'string' && UUID.test(purchaseRequestId) && typeof supplierId === 'string' && UUID.test(supplierId);
    if (wellFormed && typeof token === 'string' && TOKEN.test(token)) {
      const link = { purchaseRequestId, supplierId, hash: hashSupplierToken(token) };
      const now = this.clock.now();
      // The latest link, or a replaced one still in use (a replaced link works until the supplier next submits).
      const row = await this.pages.link(link, SUPPLIER_PAGE_LIMITS.openDaysAfterDeadline, now, options.lock === true);
      if (row?.superseded && options.lock) {
        // Checked again holding the row's lock (a statement of its own sees what committed meanwhile):
        // of two submissions sent at once from a replaced link, the second finds the first's offer.
        if (!(await this.pages.replacedStillValid(row.id, link.hash))) throw new SupplierLinkReplaced();
      }
      if (row) {
        return {
          requestSupplierId: row.id,
          purchaseRequestId: row.purchase_request_id,
          supplierId: row.supplier_id,
          supplierName: row.name,
          supplierEmail: row.email,
          supplierLanguage: row.language,
          submissionAllowed: row.submission_allowed,
        };
      }
      // A link that once opened this page, replaced and used up since: say so, rather than the neutral 404.
      if (await this.pages.onceOpened(link, SUPPLIER_PAGE_LIMITS.openDaysAfterDeadline, now)) throw new SupplierLinkReplaced();
    }
    await this.recordFailure(manager, address);
    return null;
  }

  /**
   * Submissions and questions of one supplier to one request: its own rows of the last hour. Called
   * holding the request supplier row's lock, so writes sent at once are counted one after another.
   * A throttle, not a procurement rule: it compares the rows' write times (`submitted_at`, `asked_at`,
   * written by the database) with the database's `now()`, so a moved procurement clock cannot lift it.
   */
  async refuseTooManyWrites(page: OpenedPage): Promise<void> {
    const { perSupplier, windowMinutes } = SUPPLIER_PAGE_LIMITS.writes;
    const row = await this.pages.recentWrites(page.purchaseRequestId, page.supplierId, windowMinutes);
    if (row.writes >= perSupplier && row.oldest) throw new PageThrottled(secondsLeft(new Date(row.oldest), windowMinutes, new Date(row.now)));
  }

  private refuseWhenThrottled(manager: EntityManager, address: string): Promise<void> {
    return this.throttle.refuseWhenThrottled(manager, 'supplier', address);
  }

  private recordFailure(manager: EntityManager, address: string): Promise<void> {
    return this.throttle.recordFailure(manager, 'supplier', address);
  }
}
