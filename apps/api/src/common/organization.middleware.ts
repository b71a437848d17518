import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Response } from 'express';
import { AppConfig } from '@fabquote/config';
import { OrganizationDirectory } from '@fabquote/database';
import { DEFAULT_LOCALE, localeFromAcceptLanguage } from '@fabquote/i18n';
import { organizationSlugFrom } from '@fabquote/tenancy';
import { FabquoteRequest } from './request-context';

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
      const query = request.query.host;
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
