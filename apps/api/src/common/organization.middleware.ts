import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Response } from 'express';
import { AppConfig } from '@fabquote/config';
import { OrganizationDirectory } from '@fabquote/database';
import { DEFAULT_LOCALE, localeFromAcceptLanguage } from '@fabquote/i18n';
import { organizationSlugFrom } from '@fabquote/tenancy';
import { FabquoteRequest } from './request-context';

/**
 * The `host` query parameter, as `request.query` reads it. Express parses the whole query again at every read of
 * `request.query` (the list's parameters are read once more by the route), so it is not read for a query whose text
 * can not name `host`: one holding neither `host` nor an escape (`ho%73t`) that could spell it.
 */
function hostParameter(request: FabquoteRequest): unknown {
  const at = request.url.indexOf('?');
  if (at < 0) return undefined;
  const query = request.url.slice(at + 1);
  return query.includes('host') || query.includes('%') ? request.query.host : undefined;
}

/** Resolves the request's organization (docs/design.md §3) and language; routes decide whether they need one. */
@Injectable()
export class OrganizationMiddleware implements NestMiddleware {
  constructor(
    private readonly directory: OrganizationDirectory,
    private readonly config: AppConfig,
  ) {}

  async use(request: FabquoteRequest, _response: Response, next: NextFunction): Promise<void> {
    try {
      const header = request.headers['x-organization'];
      const query = hostParameter(request);
      const slug = organizationSlugFrom({
        host: request.headers.host,
        header: typeof header === 'string' ? header : undefined,
        query: typeof query === 'string' ? query : undefined,
        stagingDomain: this.config.STAGING_DOMAIN,
      });
      request.organizationSlug = slug;
      request.organization = slug ? ((await this.directory.findActiveBySlug(slug)) ?? undefined) : undefined;
      request.locale =
        localeFromAcceptLanguage(request.headers['accept-language']) ?? request.organization?.defaultLocale ?? DEFAULT_LOCALE;
      next();
    } catch (error) {
      next(error);
    }
  }
}
