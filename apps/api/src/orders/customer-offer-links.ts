import { EntityManager } from 'typeorm';
import { organizationTimeZone } from '@fabquote/database';
import { organizationLink } from '../common/organization-link';
import { newPageToken } from '../common/page-token';
import { OFFER_LINK_DAYS_WITHOUT_VALIDITY } from './customer-offer-page';

/** The customer's page of an offer: `/pub/offers/{id}?token=…` (`&host=<slug>` on localhost). */
export const customerOfferLink = (base: string, organizationSlug: string, orderId: string, token: string) =>
  organizationLink(base, organizationSlug, `/pub/offers/${orderId}`, { token });

/**
 * The end of an order's offer, as SQL over `o` (orders) and the zone parameter: the end of its `validUntil` day in
 * the organization's time zone, else `fallback` (a link's sending plus 30 days).
 */
export const offerValidityEnd = (zone: string, fallback: string) =>
  `CASE WHEN o.valid_until IS NOT NULL THEN ((o.valid_until + 1)::timestamp AT TIME ZONE ${zone}) ELSE ${fallback} END`;

/**
 * A new personal link to an order's page, inside the caller's tenant transaction (the mail job's, so a
 * redelivered job, which the ledger skips, makes none): a random token of 256 bits, stored only as its SHA-256,
 * valid until the end of the offer's validity. `replaceEarlier`: a new send of the offer, which supersedes every
 * earlier link of the order (`sentBy`: who sent it, told of the customer's answer); an answer's link leaves them and
 * keeps the current link's sender. Answers the token, or null: no such order.
 */
export async function issueOfferLink(manager: EntityManager, orderId: string, replaceEarlier: boolean, sentBy?: string): Promise<string | null> {
  const { token, hash } = newPageToken();
  const zone = await organizationTimeZone(manager);
  if (replaceEarlier) await manager.query(`UPDATE customer_offer_links SET superseded = true WHERE order_id = $1 AND NOT superseded`, [orderId]);
  // An answer's link keeps the status the current offer link was sent in; a send takes the order's.
  const rows: Array<{ id: string }> = await manager.query(
    `INSERT INTO customer_offer_links (order_id, token_hash, expires_at, sent_status, sent_by)
     SELECT o.id, $2, ${offerValidityEnd('$3', `now() + make_interval(days => $4)`)},
            ${replaceEarlier ? 'o.status, (SELECT u.id FROM users u WHERE u.id = $5::uuid)' : `coalesce(current.sent_status, o.status), current.sent_by`}
       FROM orders o
       ${replaceEarlier ? '' : `LEFT JOIN LATERAL (SELECT l.sent_status, l.sent_by FROM customer_offer_links l WHERE l.order_id = o.id AND NOT l.superseded ORDER BY l.created_at DESC LIMIT 1) current ON true`}
      WHERE o.id = $1
     RETURNING id`,
    [orderId, hash, zone, OFFER_LINK_DAYS_WITHOUT_VALIDITY, ...(replaceEarlier ? [sentBy ?? null] : [])],
  );
  return rows.length > 0 ? token : null;
}
