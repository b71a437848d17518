import type { Request } from 'express';
import { Organization } from '@fabquote/database';
import { Locale } from '@fabquote/i18n';
import type { SignedInUser } from '../identity/access';

/** What the organization middleware learns about a request before any route runs. */
export interface FabquoteRequest extends Request {
  organization?: Organization;
  /** The slug the request asked for, even when no such organization exists. */
  organizationSlug?: string | null;
  locale: Locale;
  /** Set by the access guard on routes that need sign-in. */
  user?: SignedInUser;
}
