import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Organization } from '@fabquote/database';
import { Locale } from '@fabquote/i18n';
import { RecordNotFound } from '../common/app-exception';
import { PageThrottle, PageThrottled, secondsLeft } from '../common/page-throttle';
import { hashPageToken, PAGE_TOKEN } from '../common/page-token';
import { clientAddress, FabquoteRequest, requireOrganization } from '../common/request-context';
import { CustomerOfferRepository } from './customer-offer.repository';
import { OFFER_LINK_READABLE_DAYS, OFFER_PAGE_WRITES, OfferPageState, offerPageState } from './customer-offer-page';
import type { OrderStatus } from './order-status';

/** One call of the customer's page: whose link, from where, and the API's language for its errors. */
export interface OfferVisit {
  organization: Organization;
  orderId: unknown;
  token: unknown;
  address: string;
  locale: Locale;
}

/** The link's parts as they came, unchecked: the lookup counts a malformed one like a wrong one. */
export function offerVisit(request: FabquoteRequest): OfferVisit {
  return { organization: requireOrganization(request), orderId: request.params.id, token: request.query.token, address: clientAddress(request), locale: request.locale };
}

/** The offer a valid link opens, with its state. */
export interface OpenedOffer {
  orderId: string;
  status: OrderStatus;
  language: Locale;
  state: OfferPageState;
}

/** The one answer for every link that opens nothing (given after the transaction that counted it committed). */
export class OfferPageNotFound extends RecordNotFound {}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Checks a customer's link inside the caller's tenant transaction, throttled as the supplier's page is
 * (`common/page-throttle.ts`, page `offer`): a link opens the page while it is the order's current one (not
 * superseded by a later send) and until 30 days after the offer's validity ended (read-only then). A failure is
 * recorded and answered `null`, so the caller commits it and only then answers the neutral 404.
 */
@Injectable()
export class CustomerOfferAccess {
  private readonly throttle = new PageThrottle();

  constructor(private readonly links: CustomerOfferRepository) {}

  async open(manager: EntityManager, visit: OfferVisit, options: { lock?: boolean } = {}): Promise<OpenedOffer | null> {
    await this.throttle.refuseWhenThrottled(manager, 'offer', visit.address);
    const { orderId, token } = visit;
    if (typeof orderId === 'string' && UUID.test(orderId) && typeof token === 'string' && PAGE_TOKEN.test(token)) {
      const row = await this.links.link(orderId, hashPageToken(token), OFFER_LINK_READABLE_DAYS, options.lock === true);
      if (row) {
        return {
          orderId: row.id,
          status: row.status,
          language: row.language,
          state: offerPageState({
            status: row.status,
            acceptedOnline: row.accepted_online,
            declinedOnline: row.declined_online,
            sentStatus: row.sent_status,
            changedSinceSent: row.changed_since_sent,
            validityEnded: row.validity_ended,
          }),
        };
      }
    }
    await this.throttle.recordFailure(manager, 'offer', visit.address);
    return null;
  }

  /** Answers and questions of one offer within the hour (called holding the order's lock): 429 beyond the limit. */
  async refuseTooManyWrites(orderId: string): Promise<void> {
    const { perOffer, windowMinutes } = OFFER_PAGE_WRITES;
    const row = await this.links.recentWrites(orderId, windowMinutes);
    if (row.writes >= perOffer && row.oldest) throw new PageThrottled(secondsLeft(new Date(row.oldest), windowMinutes, new Date(row.now)));
  }
}
