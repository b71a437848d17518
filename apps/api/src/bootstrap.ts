import { Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import { randomBytes } from 'node:crypto';
import { AppConfig } from '@fabquote/config';
import { Queues } from '@fabquote/queue';
import { ApiModule } from './api.module';
import { adminSite } from './common/admin-site';
import { CONTENT_SECURITY_DIRECTIVES } from './common/content-security';
import { JSON_BODY } from './common/json-body';
import { answerWithoutObservables } from './common/tenant-scope';
import { SessionAuthenticator } from './identity';
import { matchesKey, OPS_PATH, opsDashboard } from './ops';
import { serveOpenApi } from './openapi';
import { OrganizationDirectory } from '@fabquote/database';

export const API_PREFIX = 'api/v1';

export interface ApiApplication {
  app: NestExpressApplication;
  /** The token that opens the queue dashboard: OPS_TOKEN, or one made up for this run. */
  opsToken: string;
}

/**
 * The dashboard shows every organization's jobs, so it is for the operator only: the
 * operator key, or a session of a user with `ops.queues` in the operator's own
 * organization (OPS_ORGANIZATION). `ops.queues` in any other organization opens nothing.
 */
function opsAccess(app: NestExpressApplication, opsToken: string, opsOrganization: string | undefined) {
  const isOperatorKey = matchesKey(opsToken);
  return async (token: string) => {
    if (isOperatorKey(token)) return true;
    if (!opsOrganization) return false;
    const organization = await app.get(OrganizationDirectory).findActiveBySlug(opsOrganization);
    const user = organization ? await app.get(SessionAuthenticator).authenticate(organization.id, token) : null;
    return Boolean(user?.privacyPolicyAccepted && user.permissions.has('ops.queues'));
  };
}

/**
 * Builds the API with everything a request meets: security headers, the dashboard, the admin, the routes.
 * `logDestination`: where the log lines go (standard output unless a test reads them).
 */
export async function createApi(config: AppConfig, alongside: Type[] = [], logDestination?: DestinationStream): Promise<ApiApplication> {
  answerWithoutObservables();
  const app = await NestFactory.create<NestExpressApplication>(ApiModule.register(config, alongside, logDestination), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.set('trust proxy', 'loopback');
  app.set('query parser', 'extended');
  app.disable('x-powered-by');
  // No ETag on the API's answers: Express hashed every JSON body for it, and no client sends If-None-Match
  // (the admin's static files keep theirs, from express.static).
  app.set('etag', false);
  app.setGlobalPrefix(API_PREFIX);
  app.useBodyParser('json', JSON_BODY);
  app.use(helmet({ contentSecurityPolicy: { directives: CONTENT_SECURITY_DIRECTIVES } }));
  serveOpenApi(app);
  const opsToken = config.OPS_TOKEN ?? randomBytes(24).toString('base64url');
  app.use(OPS_PATH, opsDashboard(app.get(Queues).all(), opsAccess(app, opsToken, config.OPS_ORGANIZATION)));
  app.use(adminSite(config.ADMIN_DIST_DIR, [`/${API_PREFIX}`, '/api/', OPS_PATH]));
  return { app, opsToken };
}
