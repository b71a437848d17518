import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { Queue } from 'bullmq';
import { NextFunction, Request, Response, Router } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import { isServiceUnavailable, RETRY_AFTER_SECONDS } from '../common/unavailable';
import { bearerToken } from '../identity';

export const OPS_PATH = '/ops/queues';
const COOKIE = 'fabquote_ops';

/** Decides whether a token (operator key or session token) opens the dashboard. */
export type OpsAccess = (token: string) => Promise<boolean>;

/**
 * The queue dashboard for operations staff: every queue, behind a token given as a
 * bearer header, or once as `?token=` in a browser, which leaves an HttpOnly cookie.
 */
export function opsDashboard(queues: Queue[], access: OpsAccess): Router {
  const adapter = new ExpressAdapter();
  adapter.setBasePath(OPS_PATH);
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue, { allowRetries: true, readOnlyMode: false })),
    serverAdapter: adapter,
    options: { uiConfig: { boardTitle: 'Fabquote queues' } },
  });
  const router = Router();
  router.use(async (request: Request, response: Response, next: NextFunction) => {
    try {
      const bearer = bearerToken(request.headers.authorization);
      const given = bearer ?? cookie(request, COOKIE);
      if (given && (await access(given))) return next();
      const fromQuery = typeof request.query.token === 'string' ? request.query.token : undefined;
      if (fromQuery && (await access(fromQuery))) {
        response.cookie(COOKIE, fromQuery, { httpOnly: true, sameSite: 'strict', path: OPS_PATH, secure: request.secure });
        const url = new URL(request.originalUrl, 'http://local');
        url.searchParams.delete('token');
        return response.redirect(303, url.pathname + url.search);
      }
      response.status(401).json({ message: 'Unauthenticated.' });
    } catch (error) {
      next(error);
    }
  });
  router.use(async (_request: Request, response: Response, next: NextFunction) => {
    const ready = await queues[0].client.then((client) => client.status === 'ready', () => false);
    if (ready) return next();
    response.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    response.status(503).json({ message: 'The queues are unavailable for a moment (Redis cannot be reached).' });
  });
  router.use(adapter.getRouter());
  // While Redis is unreachable the dashboard's reads fail: the operator is told to wait, not shown a 500.
  router.use((error: unknown, _request: Request, response: Response, next: NextFunction) => {
    if (!isServiceUnavailable(error)) return next(error);
    response.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    response.status(503).json({ message: 'The queues are unavailable for a moment (Redis cannot be reached).' });
  });
  return router;
}

/** Constant-time comparison of a given token with the configured operator key. */
export function matchesKey(key: string): (given: string) => boolean {
  const expected = digest(key);
  return (given) => timingSafeEqual(digest(given), expected);
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

function cookie(request: Request, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}
