import { Column, Entity } from 'typeorm';
import { TenantRecord } from '@fabquote/database';
import type { Band } from './award.rules';

/**
 * One line of a purchase request awarded to a supplier's offer (docs/api-procurement.md, "Procurement II:
 * award"). Withdrawn or moved awards stay, with `withdrawnAt`; one active award per line.
 */
@Entity('purchase_request_awards')
export class PurchaseRequestAward extends TenantRecord {
  @Column({ name: 'purchase_request_id', type: 'uuid' })
  purchaseRequestId: string;

  @Column({ name: 'supplier_offer_id', type: 'uuid' })
  supplierOfferId: string;

  @Column({ name: 'supplier_id', type: 'uuid' })
  supplierId: string;

  @Column({ name: 'purchase_request_operation_id', type: 'uuid', nullable: true })
  purchaseRequestOperationId: string | null;

  @Column({ name: 'purchase_request_part_id', type: 'uuid', nullable: true })
  purchaseRequestPartId: string | null;

  /** The supplier's suppliable the award wrote; null once that suppliable is deleted. */
  @Column({ name: 'suppliable_id', type: 'uuid', nullable: true })
  suppliableId: string | null;

  /** This line's bands at landed cost, as written (the suppliable may merge another line's of the same part). */
  @Column({ name: 'bulk_prices', type: 'jsonb', default: [] })
  bulkPrices: Band[];

  /** Other suppliers' suppliables of the part or operation the award switched off. */
  @Column({ name: 'deactivated_suppliable_ids', type: 'uuid', array: true, default: [] })
  deactivatedSuppliableIds: string[];

  @Column({ name: 'awarded_by', type: 'uuid', nullable: true })
  awardedBy: string | null;

  @Column({ name: 'awarded_at', type: 'timestamptz' })
  awardedAt: Date;

  @Column({ name: 'withdrawn_by', type: 'uuid', nullable: true })
  withdrawnBy: string | null;

  @Column({ name: 'withdrawn_at', type: 'timestamptz', nullable: true })
  withdrawnAt: Date | null;

  /** The award that took the line over, when it moved to another offer. */
  @Column({ name: 'replaced_by', type: 'uuid', nullable: true })
  replacedBy: string | null;
}
