import type { MinimalJob } from 'bullmq';
import { jobOptions, RETRY_BACKOFF, retryAfterOf, retryBackoff } from './job-options';

const jobWith = (backoffMs: number) => ({ opts: jobOptions('job-1', 5, backoffMs) }) as unknown as MinimalJob;
const askingToWait = (retryAfterMs: unknown) => Object.assign(new Error('rate limited (429)'), { retryAfterMs });

describe('retryBackoff: exponential, but never before a failure asked', () => {
  it('is the exponential backoff from JOB_BACKOFF_MS when the error says nothing: 5, 10, 20, 40 s', () => {
    expect(jobOptions('job-1', 5, 5000).backoff).toEqual({ type: RETRY_BACKOFF, delay: 5000 });
    expect([1, 2, 3, 4].map((attemptsMade) => retryBackoff(attemptsMade, RETRY_BACKOFF, new Error('500'), jobWith(5000)))).toEqual([5000, 10_000, 20_000, 40_000]);
  });

  it('waits what a 429 with Retry-After: 60 asked, at every try, and the backoff once it is longer', () => {
    expect([1, 2, 3, 4, 5].map((attemptsMade) => retryBackoff(attemptsMade, RETRY_BACKOFF, askingToWait(60_000), jobWith(5000)))).toEqual([
      60_000, 60_000, 60_000, 60_000, 80_000,
    ]);
    expect(retryBackoff(1, RETRY_BACKOFF, askingToWait(10), jobWith(5000))).toBe(5000);
  });

  it('reads only a finite, non-negative number of ms', () => {
    expect(retryAfterOf(askingToWait(1500.2))).toBe(1501);
    for (const odd of [null, undefined, -1, Number.NaN, Number.POSITIVE_INFINITY, '60']) expect(retryAfterOf(askingToWait(odd))).toBeNull();
    expect(retryAfterOf(undefined)).toBeNull();
    expect(retryBackoff(2, RETRY_BACKOFF, undefined, undefined)).toBe(0);
  });
});
