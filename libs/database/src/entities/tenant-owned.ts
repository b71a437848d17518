import { Column } from 'typeorm';

/**
 * Base of every tenant table. The database fills `organization_id` from the
 * transaction's organization (column default) and row-level security refuses
 * any other value, so code never sets or filters it by hand.
 */
export abstract class TenantOwned {
  @Column({ name: 'organization_id', type: 'uuid', update: false, select: false })
  organizationId?: string;
}
