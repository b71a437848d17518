import { Column, Entity } from 'typeorm';
import { TenantRecord } from '@fabquote/database';

/**
 * One submission of a supplier's offer. Every revision is kept; `latest` marks the one that counts
 * (one per request and supplier, a partial unique index). Costs are exact strings.
 */
@Entity('supplier_offers')
export class SupplierOffer extends TenantRecord {
  @Column({ name: 'purchase_request_id', type: 'uuid' })
  purchaseRequestId: string;

  @Column({ name: 'supplier_id', type: 'uuid' })
  supplierId: string;

  @Column({ type: 'integer' })
  revision: number;

  @Column({ type: 'boolean', default: true })
  latest: boolean;

  /** A date (YYYY-MM-DD). */
  @Column({ name: 'shipping_date', type: 'date' })
  shippingDate: string;

  @Column({ name: 'packaging_cost', type: 'numeric', precision: 14, scale: 4, default: 0 })
  packagingCost: string;

  @Column({ name: 'shipping_cost', type: 'numeric', precision: 14, scale: 4, default: 0 })
  shippingCost: string;

  @Column({ name: 'customs_cost', type: 'numeric', precision: 14, scale: 4, default: 0 })
  customsCost: string;

  @Column({ name: 'lead_time_days', type: 'integer', nullable: true })
  leadTimeDays: number | null;

  @Column({ name: 'additional_information', type: 'varchar', length: 255, nullable: true })
  additionalInformation: string | null;

  /** The language the supplier's page was in when it submitted. */
  @Column({ type: 'varchar', length: 5, default: 'en' })
  language: 'en' | 'de';

  @Column({ name: 'submitted_at', type: 'timestamptz' })
  submittedAt: Date;
}

/** A unit price of one line asked (a request's operation or part) at one quantity. */
@Entity('supplier_offer_prices')
export class SupplierOfferPrice extends TenantRecord {
  @Column({ name: 'supplier_offer_id', type: 'uuid' })
  supplierOfferId: string;

  @Column({ name: 'purchase_request_operation_id', type: 'uuid', nullable: true })
  purchaseRequestOperationId: string | null;

  @Column({ name: 'purchase_request_part_id', type: 'uuid', nullable: true })
  purchaseRequestPartId: string | null;

  @Column({ type: 'numeric', precision: 14, scale: 4 })
  quantity: string;

  @Column({ name: 'unit_price', type: 'numeric', precision: 14, scale: 4 })
  unitPrice: string;
}

/** A supplier's question on its page, and staff's answer (mailed back and shown on the page). */
@Entity('purchase_request_questions')
export class PurchaseRequestQuestion extends TenantRecord {
  @Column({ name: 'purchase_request_id', type: 'uuid' })
  purchaseRequestId: string;

  @Column({ name: 'supplier_id', type: 'uuid' })
  supplierId: string;

  @Column({ type: 'varchar', length: 255 })
  question: string;

  @Column({ name: 'asked_at', type: 'timestamptz' })
  askedAt: Date;

  @Column({ type: 'varchar', length: 255, nullable: true })
  answer: string | null;

  @Column({ name: 'answered_at', type: 'timestamptz', nullable: true })
  answeredAt: Date | null;

  @Column({ name: 'answered_by', type: 'uuid', nullable: true })
  answeredBy: string | null;
}
