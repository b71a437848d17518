import { JobsOptions } from 'bullmq';

/** Retries with exponential backoff; failed jobs are kept so operations staff can see and retry them. */
export function jobOptions(jobId: string, attempts: number, backoffMs: number): JobsOptions {
  return {
    jobId,
    attempts,
    backoff: { type: 'exponential', delay: backoffMs },
    removeOnComplete: { age: 7 * 24 * 3600, count: 5000 },
    removeOnFail: false,
  };
}
