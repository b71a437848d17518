import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { TenantOwned } from './tenant-owned';

/**
 * A domain event waiting to become a job. Written in the same transaction as the
 * change it describes; the worker's relay moves it to its queue with the event id
 * as the job id.
 */
@Entity('outbox_events')
export class OutboxEvent extends TenantOwned {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'job_name', type: 'varchar', length: 100 })
  jobName: string;

  @Column({ name: 'queue_name', type: 'varchar', length: 40 })
  queueName: string;

  @Column({ type: 'jsonb' })
  payload: Record<string, unknown>;

  @CreateDateColumn({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt: Date;

  @Column({ name: 'relayed_at', type: 'timestamptz', nullable: true })
  relayedAt: Date | null;
}
