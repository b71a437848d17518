import { Column, CreateDateColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * Base of every tenant table. The database fills `organization_id` from the
 * transaction's organization (column default) and row-level security refuses
 * any other value, so code never sets or filters it by hand.
 */
export abstract class TenantOwned {
  @Column({ name: 'organization_id', type: 'uuid', update: false, select: false })
  organizationId?: string;
}

/** A tenant row as most tables have it: a uuid id and the two time stamps (`created_at`, `updated_at`). */
export abstract class TenantRecord extends TenantOwned {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
