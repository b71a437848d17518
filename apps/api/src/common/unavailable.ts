import { postgresRefusal } from '@fabquote/database';

/** What a client is told to wait before trying again while PostgreSQL or Redis is unreachable. */
export const RETRY_AFTER_SECONDS = 5;

/** Socket failures: the server is down, restarting, or the network between us is. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);
/** PostgreSQL's own: connection exceptions (class 08), shutting down or starting (57P01–57P03), too many connections. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** What pg and ioredis say without a code: the pool waited in vain, a connection broke, Redis gave up on a command. */
const UNAVAILABLE_MESSAGES = /timeout exceeded when trying to connect|Connection terminated|Connection is closed|Reached the max retries per request limit/;

/**
 * Whether an error means PostgreSQL or Redis could not be reached, rather than that the request
 * or the code was wrong: such a request is answered 503 with Retry-After, never 500.
 */
export function isServiceUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const failure = error as { code?: unknown; message?: unknown; name?: unknown; cause?: unknown; driverError?: unknown; errors?: unknown };
  const code = typeof failure.code === 'string' ? failure.code : (postgresRefusal(error)?.code ?? '');
  if (CONNECTION_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08/.test(code)) return true;
  if (failure.name === 'MaxRetriesPerRequestError') return true;
  if (typeof failure.message === 'string' && UNAVAILABLE_MESSAGES.test(failure.message)) return true;
  const inner = [failure.driverError, failure.cause, ...(Array.isArray(failure.errors) ? failure.errors : [])];
  return inner.some((cause) => cause !== error && isServiceUnavailable(cause, depth + 1));
}
