import type { Response } from 'express';
import { Page } from './list-query';

/**
 * A handler's result as answered: a {@link Page} becomes what ra-data-json-server reads, the rows, with the
 * total in `X-Total-Count`; anything else as it is. Applied by the tenant scope's interceptor, the one
 * interceptor every route passes, after the transaction has committed.
 */
export function pageAnswer(result: unknown, response: Response): unknown {
  if (!(result instanceof Page)) return result;
  response.setHeader('X-Total-Count', String(result.total));
  response.setHeader('Access-Control-Expose-Headers', 'X-Total-Count');
  return result.rows;
}
