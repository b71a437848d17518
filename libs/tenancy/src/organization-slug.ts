import { isIP } from 'node:net';

/** Host labels that name the product itself, never a tenant. */
const NO_TENANT = new Set(['', 'app', 'www']);

export interface OrganizationHints {
  /** The Host header, possibly with a port. */
  host?: string;
  /** The X-Organization header (how the console passes on the `host` parameter of its page). */
  header?: string;
  /** The `host` query parameter. */
  query?: string;
  /**
   * The staging domain (`STAGING_DOMAIN`, e.g. `staging.fabquote.example`): on it and its subdomains only the
   * host name counts. None: every host takes the parameter.
   */
  stagingDomain?: string;
}

/**
 * Which organization a request is for (docs/product.md §1): the first label of the host name
 * (`acme.fabquote.example` → `acme`), or the `host` query parameter (or the X-Organization header that
 * carries it) when not on the staging domain. On localhost or an IP address the host name says nothing, so
 * only the header or parameter name one. `app`, `www` and empty mean none.
 */
export function organizationSlugFrom({ host, header, query, stagingDomain }: OrganizationHints): string | null {
  const hostname = stripPort((host ?? '').trim().toLowerCase());
  const named = header ?? query;
  let candidate: string;
  if (isLocalOrAddress(hostname)) candidate = named ?? '';
  else if (named !== undefined && !isOnDomain(hostname, stagingDomain)) candidate = named;
  else candidate = hostname.split('.')[0];
  const slug = candidate.trim().toLowerCase();
  return NO_TENANT.has(slug) ? null : slug;
}

/** Whether `hostname` is `domain` or a subdomain of it (`acme.staging.fabquote.example` of `staging.fabquote.example`). */
export function isOnDomain(hostname: string, domain: string | undefined): boolean {
  const suffix = normalizeDomain(domain);
  if (!suffix) return false;
  const name = stripPort(hostname.trim().toLowerCase()).replace(/\.$/, '');
  return name === suffix || name.endsWith(`.${suffix}`);
}

function normalizeDomain(domain: string | undefined): string {
  return (domain ?? '').trim().toLowerCase().replace(/^\.+|\.+$/g, '');
}

function stripPort(host: string): string {
  if (host.startsWith('[')) return host.slice(1, host.indexOf(']') > 0 ? host.indexOf(']') : undefined);
  const colons = host.split(':').length - 1;
  return colons === 1 ? host.slice(0, host.indexOf(':')) : host;
}

function isLocalOrAddress(hostname: string): boolean {
  return hostname === '' || hostname === 'localhost' || isIP(hostname) !== 0;
}
