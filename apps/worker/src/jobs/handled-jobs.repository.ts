import { escapeLiteral } from 'pg';
import type { EntityManager } from 'typeorm';

/** The handled-jobs ledger (`handled_jobs`): a job's id once it has done its work, in the job's own transaction. */
export class HandledJobsRepository {
  constructor(private readonly manager: EntityManager) {}

  /** Whether the job has done its work already. */
  async handled(jobId: string): Promise<boolean> {
    const rows = await this.manager.query<Array<{ handled: number }>>(`SELECT 1 AS handled FROM handled_jobs WHERE job_id = $1`, [jobId]);
    return rows.length > 0;
  }

  /**
   * The statement that enters a job in the ledger, answering its id when it was not there yet (no row: handled
   * before). Sent as text in the round trip that opens the job's transaction (`TenantTransactions.runAfter`),
   * so its values are quoted here. With the handler's `opening` read, that read's row is joined to the id
   * (its columns null when it found nothing): one statement still, so the read adds no round trip.
   */
  static entry(jobId: string, jobName: string, opening?: string): string {
    const entry = `INSERT INTO handled_jobs (job_id, job_name) VALUES (${escapeLiteral(jobId)}, ${escapeLiteral(jobName)}) ON CONFLICT (job_id) DO NOTHING RETURNING job_id`;
    return opening === undefined ? entry : `WITH entry AS (${entry}) SELECT entry.job_id, opened.* FROM entry LEFT JOIN (${opening}) opened ON true`;
  }
}
