import { JobsOptions, MinimalJob } from 'bullmq';

/**
 * The retry backoff of every job: exponential from JOB_BACKOFF_MS, but never earlier than a failure
 * asked (`retryAfterMs` on the error: an AI provider's `Retry-After`). A custom BullMQ backoff type,
 * computed by `retryBackoff`, which every worker is given (`settings.backoffStrategy`); BullMQ's own
 * `exponential` cannot read the error.
 */
export const RETRY_BACKOFF = 'exponential-or-retry-after';

/** Retries with exponential backoff (or when asked); failed jobs are kept so operations staff can see and retry them. */
export function jobOptions(jobId: string, attempts: number, backoffMs: number): JobsOptions {
  return {
    jobId,
    attempts,
    backoff: { type: RETRY_BACKOFF, delay: backoffMs },
    removeOnComplete: { age: 7 * 24 * 3600, count: 5000 },
    removeOnFail: false,
  };
}

/** How long a failure asked to wait (ms), read from its `retryAfterMs`; null when it did not say. */
export function retryAfterOf(error: unknown): number | null {
  const ms = (error as { retryAfterMs?: unknown } | null | undefined)?.retryAfterMs;
  return typeof ms === 'number' && Number.isFinite(ms) && ms >= 0 ? Math.ceil(ms) : null;
}

/**
 * BullMQ's `backoffStrategy` for `RETRY_BACKOFF`: the delay before try `attemptsMade + 1`, the larger
 * of the exponential backoff (`delay · 2^(attemptsMade − 1)`, as BullMQ's `exponential`) and what the
 * error asked. A 429 with `Retry-After: 60` and JOB_BACKOFF_MS 5000 is tried again after 60 s, not
 * at 5, 15, 35 s.
 */
export function retryBackoff(attemptsMade: number, _type?: string, error?: Error, job?: MinimalJob): number {
  const backoff = job?.opts.backoff;
  const delay = typeof backoff === 'object' && typeof backoff.delay === 'number' ? backoff.delay : typeof backoff === 'number' ? backoff : 0;
  const exponential = Math.round(2 ** Math.max(0, attemptsMade - 1) * delay);
  return Math.max(exponential, retryAfterOf(error) ?? 0);
}
