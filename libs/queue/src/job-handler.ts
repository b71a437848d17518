import { SetMetadata } from '@nestjs/common';
import { JobData, JobName, JOB_NAMES } from './jobs';

export const JOB_HANDLER = Symbol('fabquote:job-handler');

export interface JobContext {
  jobId: string;
  attempt: number;
}

/** A provider that does the work of one job name, inside the job's tenant transaction. */
export interface JobHandler<N extends JobName = JobName> {
  handle(data: JobData<N>, context: JobContext): Promise<void>;
}

/** Marks a provider as the handler of `name`. */
export const HandlesJob = (name: JobName) => SetMetadata(JOB_HANDLER, name);

export class JobHandlerCoverageError extends Error {}

/**
 * The startup check: every job name has exactly one handler, and no handler claims
 * a name that does not exist. Returns the handlers by name.
 */
export function indexJobHandlers(found: Array<{ name: string; handler: JobHandler }>): Map<JobName, JobHandler> {
  const problems: string[] = [];
  const byName = new Map<JobName, JobHandler>();
  for (const { name, handler } of found) {
    if (!(JOB_NAMES as string[]).includes(name)) problems.push(`"${name}" has a handler but is not a job name`);
    else if (byName.has(name as JobName)) problems.push(`"${name}" has more than one handler`);
    else byName.set(name as JobName, handler);
  }
  for (const name of JOB_NAMES) if (!byName.has(name)) problems.push(`"${name}" has no handler`);
  if (problems.length > 0) throw new JobHandlerCoverageError(`Job handlers do not match the job names: ${problems.join('; ')}`);
  return byName;
}
