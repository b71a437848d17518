import express, { NextFunction, Request, Response, Router } from 'express';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Serves the built react-admin console at `/`, with every non-API path falling
 * back to index.html so the admin's own router handles deep links.
 */
export function adminSite(distDir: string, excluded: string[]): (request: Request, response: Response, next: NextFunction) => void {
  const root = resolve(distDir);
  const index = join(root, 'index.html');
  const router = Router();
  const files = express.static(root, { index: false, maxAge: '1h' });
  router.use(files);
  router.get(/.*/, (_request: Request, response: Response) => {
    if (!existsSync(index)) {
      return response
        .status(503)
        .type('text/plain')
        .send('The admin console is not built yet. Run `npm run build:admin` (npm start does this for you).');
    }
    response.setHeader('Cache-Control', 'no-cache');
    response.sendFile(index);
  });
  const isExcluded = (request: Request) => excluded.some((prefix) => request.path.startsWith(prefix));
  // An API request passes by at once: no `stat` of the disk for each one, and not through the router's two layers
  // (the fallback's pattern matches every path).
  return (request: Request, response: Response, next: NextFunction) => (isExcluded(request) ? next() : router(request, response, next));
}
