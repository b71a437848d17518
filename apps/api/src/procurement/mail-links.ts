// Moved to common/ (the customer's offer page links the same way); procurement keeps its import.
export { organizationLink } from '../common/organization-link';
