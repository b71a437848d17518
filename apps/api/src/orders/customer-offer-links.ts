import { organizationLink } from '../common/organization-link';
import { newPageToken } from '../common/page-token';
import type { CustomerOfferRepository } from './customer-offer.repository';

/** The customer's page of an offer: `/pub/offers/{id}?token=…` (`&host=<slug>` on localhost). */
export const customerOfferLink = (base: string, organizationSlug: string, orderId: string, token: string) =>
  organizationLink(base, organizationSlug, `/pub/offers/${orderId}`, { token });

/**
 * A new personal link to an order's page, inside the caller's tenant transaction (the mail job's, so a
 * redelivered job, which the ledger skips, makes none): a random token of 256 bits, stored only as its SHA-256,
 * valid until the end of the offer's validity. `replaceEarlier`: a new send of the offer, which supersedes every
 * earlier link of the order (`sentBy`: who sent it, told of the customer's answer); an answer's link leaves them and
 * keeps the current link's sender. Answers the token, or null: no such order.
 */
export async function issueOfferLink(
  links: CustomerOfferRepository,
  orderId: string,
  replaceEarlier: boolean,
  sentBy?: string,
): Promise<string | null> {
  const { token, hash } = newPageToken();
  return (await links.addLink(orderId, hash, replaceEarlier, sentBy ?? null)) ? token : null;
}
