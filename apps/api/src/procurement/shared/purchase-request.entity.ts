import { Column, Entity } from 'typeorm';
import { TenantRecord } from '@fabquote/database';

/** Open until it is closed (by staff or, in Procurement II, at its deadline); a closed one reads "Closed" / "Geschlossen". */
export const PURCHASE_REQUEST_STATUSES = ['open', 'closed'] as const;
export type PurchaseRequestStatus = (typeof PURCHASE_REQUEST_STATUSES)[number];

/** docs/product.md §9: how often suppliers that have not answered are reminded before the deadline (none: `null`). */
export const REMINDER_FREQUENCIES = ['once', 'daily', 'every_3_days', 'weekly', 'monthly'] as const;
export type ReminderFrequency = (typeof REMINDER_FREQUENCIES)[number];

/** One inquiry to several suppliers: what is asked (products, their bought-in lines), until when, and how. */
@Entity('purchase_requests')
export class PurchaseRequest extends TenantRecord {
  /** PR-<year>-<4 digits>, per organization (`document_numbers`). */
  @Column({ type: 'varchar', length: 40 })
  number: string;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ type: 'varchar', length: 10, default: 'open' })
  status: PurchaseRequestStatus;

  @Column({ name: 'close_submission_deadline', type: 'timestamptz' })
  closeSubmissionDeadline: Date;

  @Column({ name: 'include_product_preview', type: 'boolean', default: false })
  includeProductPreview: boolean;

  @Column({ name: 'reminder_frequency', type: 'varchar', length: 20, nullable: true })
  reminderFrequency: ReminderFrequency | null;

  @Column({ name: 'additional_information', type: 'varchar', length: 255, nullable: true })
  additionalInformation: string | null;

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy: string | null;

  /** The first send; each supplier's own is `PurchaseRequestSupplier.invitedAt`. */
  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt: Date | null;

  @Column({ name: 'closed_at', type: 'timestamptz', nullable: true })
  closedAt: Date | null;
}

/** A product asked for, at one or more quantities (e.g. 10, 50, 200); numerics arrive as exact strings. */
@Entity('purchase_request_products')
export class PurchaseRequestProduct extends TenantRecord {
  @Column({ name: 'purchase_request_id', type: 'uuid' })
  purchaseRequestId: string;

  @Column({ name: 'product_id', type: 'uuid' })
  productId: string;

  @Column({ type: 'numeric', precision: 14, scale: 4, array: true })
  quantities: string[];
}

/** A supplier the request goes to; its access to the public page is the hash of the token in its latest mail. */
@Entity('purchase_request_suppliers')
export class PurchaseRequestSupplier extends TenantRecord {
  @Column({ name: 'purchase_request_id', type: 'uuid' })
  purchaseRequestId: string;

  @Column({ name: 'supplier_id', type: 'uuid' })
  supplierId: string;

  /** SHA-256 (hex) of the token; the token itself is only ever in the mail. */
  @Column({ name: 'token_hash', type: 'char', length: 64, nullable: true, select: false })
  tokenHash: string | null;

  /** When the latest mail to this supplier was sent (by the worker). */
  @Column({ name: 'invited_at', type: 'timestamptz', nullable: true })
  invitedAt: Date | null;
}

/** A production line of a requested product that is bought outside (a product operation). */
@Entity('purchase_request_operations')
export class PurchaseRequestOperation extends TenantRecord {
  @Column({ name: 'purchase_request_id', type: 'uuid' })
  purchaseRequestId: string;

  @Column({ name: 'product_operation_id', type: 'uuid' })
  productOperationId: string;
}

/** A bought part of a requested product (a product part with a part, not a sub-assembly). */
@Entity('purchase_request_parts')
export class PurchaseRequestPart extends TenantRecord {
  @Column({ name: 'purchase_request_id', type: 'uuid' })
  purchaseRequestId: string;

  @Column({ name: 'product_part_id', type: 'uuid' })
  productPartId: string;
}

/** A drawing or document attached to the request (10 MB at most, its type checked by content). */
@Entity('purchase_request_files')
export class PurchaseRequestFile extends TenantRecord {
  @Column({ name: 'purchase_request_id', type: 'uuid' })
  purchaseRequestId: string;

  @Column({ name: 'file_name', type: 'varchar', length: 255 })
  fileName: string;

  @Column({ name: 'content_type', type: 'varchar', length: 100 })
  contentType: string;

  @Column({ type: 'integer' })
  size: number;

  /** Not read unless asked for (a download). */
  @Column({ type: 'bytea', select: false })
  content: Buffer;

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy: string | null;
}
