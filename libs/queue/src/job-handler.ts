import { SetMetadata } from '@nestjs/common';
import { JobData, JobName, JOB_NAMES } from './jobs';

export const JOB_HANDLER = Symbol('fabquote:job-handler');

export interface JobContext<Opened = unknown> {
  jobId: string;
  attempt: number;
  /**
   * The row of the handler's `opening` read, when it declares one: its columns null when the read found
   * nothing (it is joined to the ledger's row).
   */
  opened?: Opened;
}

/** A provider that does the work of one job name, inside the job's tenant transaction. */
export interface JobHandler<N extends JobName = JobName> {
  /**
   * What the job reads first, if anything: one statement of trusted SQL (values quoted by the handler, no
   * parameters), at most one row, whose columns are not named `job_id`. The runner sends it with the
   * handled-jobs ledger's entry, in the round trip that opens the job's transaction (after its organization is
   * set, so row-level security holds); `handle` gets its row as `context.opened`. The read so costs no round
   * trip of its own: a mail job makes two, the opening one and the COMMIT.
   */
  opening?(data: JobData<N>): string;
  handle(data: JobData<N>, context: JobContext): Promise<void>;
}

/**
 * A handler whose job calls out to another service (the AI provider) and must not hold a database
 * transaction while it waits (PostgreSQL ends a session idle in a transaction after 30 s, and a pool
 * connection would be held for the whole call). The runner calls `prepare` outside any transaction
 * (it may open short tenant transactions of its own, e.g. to mark its input as processing), then
 * `handle` in the job's tenant transaction with the handled-jobs ledger, with what `prepare` made.
 */
export interface CallingOutJobHandler<N extends JobName = JobName, P = unknown> {
  prepare(data: JobData<N>, context: JobContext): Promise<P>;
  handle(data: JobData<N>, context: JobContext, prepared: P): Promise<void>;
  /**
   * The job failed for good: its last try, or an `UnrecoverableError` (a failure no try mends). Runs
   * in a tenant transaction with the ledger, so it is recorded once; the job then ends failed.
   */
  failed(data: JobData<N>, context: JobContext, error: Error): Promise<void>;
}

export const callsOut = (handler: JobHandler | CallingOutJobHandler): handler is CallingOutJobHandler =>
  typeof (handler as Partial<CallingOutJobHandler>).prepare === 'function';

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
