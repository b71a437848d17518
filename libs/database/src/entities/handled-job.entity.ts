import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import { TenantOwned } from './tenant-owned';

/**
 * The ledger that makes job handling idempotent: a job id is written here in the
 * same transaction as the handler's own changes, so a job delivered twice runs once.
 */
@Entity('handled_jobs')
export class HandledJob extends TenantOwned {
  @PrimaryColumn({ name: 'job_id', type: 'varchar', length: 100 })
  jobId: string;

  @Column({ name: 'job_name', type: 'varchar', length: 100 })
  jobName: string;

  @CreateDateColumn({ name: 'handled_at', type: 'timestamptz' })
  handledAt: Date;
}
