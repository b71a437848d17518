/**
 * Which organization the admin works for (docs/product.md §1): the first label of the host
 * name; on localhost or an IP address, the `host` query parameter, remembered in
 * local storage, with `demo` as the default. `app`, `www` and empty mean none.
 * The API decides the same way (libs/tenancy); on local hosts it needs the
 * X-Organization header because the host name says nothing.
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
  const hostname = location.hostname.toLowerCase();
  if (!isLocalHost(hostname)) {
    const label = hostname.split('.')[0];
    return NO_TENANT.has(label) ? null : label;
  }
  const fromQuery = new URLSearchParams(location.search).get('host');
  if (fromQuery !== null) storage.setItem(ORGANIZATION_STORAGE_KEY, fromQuery.trim().toLowerCase());
  const slug = (storage.getItem(ORGANIZATION_STORAGE_KEY) ?? DEFAULT_ORGANIZATION).trim().toLowerCase();
  return NO_TENANT.has(slug) ? null : slug;
}

export function currentOrganization(): string | null {
  return resolveOrganization(window.location, window.localStorage);
}

/** The X-Organization header to send, only where the host name does not already say it. */
export function organizationHeader(location: LocationLike, storage: KeyValueStorage): string | null {
  return isLocalHost(location.hostname) ? resolveOrganization(location, storage) : null;
}
