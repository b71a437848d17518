import { isIP } from 'node:net';

/** Host labels that name the product itself, never a tenant. */
const NO_TENANT = new Set(['', 'app', 'www']);

export interface OrganizationHints {
  /** The Host header, possibly with a port. */
  host?: string;
  /** The X-Organization header. */
  header?: string;
  /** The `host` query parameter. */
  query?: string;
}

/**
 * Which organization a request is for: the first label of the host name
 * (`acme.fabquote.example` → `acme`); on localhost or an IP address, the
 * X-Organization header or else the `host` query parameter. `app`, `www`
 * and empty mean none.
 */
export function organizationSlugFrom({ host, header, query }: OrganizationHints): string | null {
  const hostname = stripPort((host ?? '').trim().toLowerCase());
  const candidate = isLocalOrAddress(hostname) ? (header ?? query ?? '') : hostname.split('.')[0];
  const slug = candidate.trim().toLowerCase();
  return NO_TENANT.has(slug) ? null : slug;
}

function stripPort(host: string): string {
  if (host.startsWith('[')) return host.slice(1, host.indexOf(']') > 0 ? host.indexOf(']') : undefined);
  const colons = host.split(':').length - 1;
  return colons === 1 ? host.slice(0, host.indexOf(':')) : host;
}

function isLocalOrAddress(hostname: string): boolean {
  return hostname === '' || hostname === 'localhost' || isIP(hostname) !== 0;
}
