/**
 * Which organization the admin works for (docs/product.md §1): the first label of the host
 * name, or the `host` query parameter when not on the staging domain. The parameter is
 * remembered in local storage (this address's own), so it holds while the console moves
 * between its pages; on localhost or an IP address the host name says nothing, so `demo`
 * is the default there. `app`, `www` and empty mean none.
 * The API decides (libs/tenancy, which alone knows STAGING_DOMAIN: there it ignores the
 * choice): the console sends the choice as the X-Organization header, and GET /organization
 * answers which organization it really is.
 */
import type { Organization as OrganizationContract } from './api/contracts';

export const ORGANIZATION_STORAGE_KEY = 'organization';
export const DEFAULT_ORGANIZATION = 'demo';
const NO_TENANT = new Set(['', 'app', 'www']);

/** What GET /organization answers: the API's contract. */
export type Organization = OrganizationContract;

export interface LocationLike {
  hostname: string;
  search: string;
}

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || /^[\d.]+$/.test(host) || host.includes(':');
}

export function resolveOrganization(location: LocationLike, storage: KeyValueStorage): string | null {
  const chosen = chosenOrganization(location, storage);
  const hostname = location.hostname.toLowerCase();
  const slug = (chosen ?? (isLocalHost(hostname) ? DEFAULT_ORGANIZATION : hostname.split('.')[0])).trim().toLowerCase();
  return NO_TENANT.has(slug) ? null : slug;
}

/** The `host` parameter of this page, else the one remembered from an earlier page of this address. */
function chosenOrganization(location: LocationLike, storage: KeyValueStorage): string | null {
  const fromQuery = new URLSearchParams(location.search).get('host');
  if (fromQuery !== null) storage.setItem(ORGANIZATION_STORAGE_KEY, fromQuery.trim().toLowerCase());
  return storage.getItem(ORGANIZATION_STORAGE_KEY);
}

export function currentOrganization(): string | null {
  return resolveOrganization(window.location, window.localStorage);
}

/**
 * The X-Organization header to send: on localhost or an IP address always (the host name says
 * nothing), elsewhere only when a `host` parameter chose one.
 */
export function organizationHeader(location: LocationLike, storage: KeyValueStorage): string | null {
  if (isLocalHost(location.hostname)) return resolveOrganization(location, storage);
  return chosenOrganization(location, storage) === null ? null : resolveOrganization(location, storage);
}
