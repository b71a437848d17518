/**
 * Which organization the admin works for (spec §1): the first label of the host
 * name; on localhost or an IP address, the `host` query parameter, remembered in
 * local storage, with `demo` as the default. `app`, `www` and empty mean none.
 */
const STORAGE_KEY = 'organization';
const DEFAULT_ORGANIZATION = 'demo';
const NO_TENANT = new Set(['', 'app', 'www']);

export function currentOrganization(location: Location = window.location): string | null {
  const hostname = location.hostname.toLowerCase();
  const local = hostname === 'localhost' || /^[\d.]+$/.test(hostname) || hostname.includes(':');
  if (!local) {
    const label = hostname.split('.')[0];
    return NO_TENANT.has(label) ? null : label;
  }
  const fromQuery = new URLSearchParams(location.search).get('host');
  if (fromQuery !== null) localStorage.setItem(STORAGE_KEY, fromQuery.trim().toLowerCase());
  const slug = (localStorage.getItem(STORAGE_KEY) ?? DEFAULT_ORGANIZATION).trim().toLowerCase();
  return NO_TENANT.has(slug) ? null : slug;
}

/** Headers every API call carries: JSON:API accept and, on localhost, the organization. */
export function organizationHeaders(): Headers {
  const headers = new Headers({ Accept: 'application/vnd.api+json' });
  const organization = currentOrganization();
  if (organization) headers.set('X-Organization', organization);
  return headers;
}
