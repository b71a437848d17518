import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { Queue } from 'bullmq';
import { NextFunction, Request, Response, Router } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';

export const OPS_PATH = '/ops/queues';
const COOKIE = 'fabquote_ops';

/**
 * The queue dashboard for operations staff: every queue, behind the `OPS_TOKEN`
 * (a bearer token, or `?token=` once in a browser, which leaves an HttpOnly cookie).
 * The identity issue replaces the token with the `ops.queues` permission.
 */
export function opsDashboard(queues: Queue[], token: string): Router {
  const adapter = new ExpressAdapter();
  adapter.setBasePath(OPS_PATH);
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue, { allowRetries: true, readOnlyMode: false })),
    serverAdapter: adapter,
    options: { uiConfig: { boardTitle: 'Fabquote queues' } },
  });
  const router = Router();
  router.use(opsAccess(token));
  router.use(adapter.getRouter());
  return router;
}

function opsAccess(token: string) {
  const expected = digest(token);
  const matches = (given: string | undefined) => given !== undefined && timingSafeEqual(digest(given), expected);
  return (request: Request, response: Response, next: NextFunction) => {
    const bearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (matches(bearer) || matches(cookie(request, COOKIE))) return next();
    const fromQuery = typeof request.query.token === 'string' ? request.query.token : undefined;
    if (matches(fromQuery)) {
      response.cookie(COOKIE, fromQuery, { httpOnly: true, sameSite: 'strict', path: OPS_PATH, secure: request.secure });
      const url = new URL(request.originalUrl, 'http://local');
      url.searchParams.delete('token');
      return response.redirect(303, url.pathname + url.search);
    }
    response.status(401).json({ message: 'Unauthenticated.' });
  };
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
