import type { Request } from 'express';
import { Organization } from '@fabquote/database';
import { Locale } from '@fabquote/i18n';
import { OrganizationNotFound } from './app-exception';

/**
 * The person behind a request's bearer token, as the access guard (identity) finds it. Declared here,
 * with the request it rides on, so that infrastructure never imports an area.
 */
export interface SignedInUser {
  id: string;
  tokenId: string;
  languageCode: 'en' | 'de';
  privacyPolicyAccepted: boolean;
  /** Shared by the requests of every session with the same permissions (the access guard), so never changed. */
  permissions: ReadonlySet<string>;
}

/**
 * The access guard's check of a tenant route, left for the tenant transaction to make: `statement` (trusted SQL,
 * values checked and quoted) rides in the round trip that opens the transaction, and `settle` reads its rows
 * before the handler runs — it signs the request in, or throws the 401 or 403 the guard would have.
 */
export interface DeferredAccess {
  statement: string;
  /** The rows of `statement`, typed by whoever wrote it (as `manager.query<Row[]>` is). */
  settle(rows: object[]): void;
}

/** What the organization middleware learns about a request before any route runs. */
export interface FabquoteRequest extends Request {
  organization?: Organization;
  /** The slug the request asked for, even when no such organization exists. */
  organizationSlug?: string | null;
  locale: Locale;
  /** Set by the access guard on routes that need sign-in (on tenant routes, when the transaction settles `deferredAccess`). */
  user?: SignedInUser;
  deferredAccess?: DeferredAccess;
}

/** The request's organization, for routes outside the tenant transaction, which the interceptor does not check. */
export function requireOrganization(request: FabquoteRequest): Organization {
  if (!request.organization) throw new OrganizationNotFound();
  return request.organization;
}

/**
 * The client's address (behind a proxy on loopback, the one it forwarded), cut to the 64 characters the
 * attempt tables hold: a forwarded "address" may be anything a client wrote into X-Forwarded-For.
 */
export const clientAddress = (request: FabquoteRequest): string => (request.ip ?? request.socket?.remoteAddress ?? 'unknown').slice(0, 64);
