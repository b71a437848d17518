// Moved to common/ (the customer's offer page links the same way); procurement keeps its import.
import { organizationLink } from '../../common/organization-link';

export { organizationLink };

/** Staff's page of a request's offers, where its questions are answered and the ranking mail points. */
export const offersPageLink = (base: string, organizationSlug: string, purchaseRequestId: string) =>
  organizationLink(base, organizationSlug, `/purchase-requests/${purchaseRequestId}/offers`);
