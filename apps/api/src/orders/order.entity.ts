import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { TenantOwned, TenantRecord } from '@fabquote/database';
import type { OrderLineKind, PriceSource } from './item-price';
import type { OrderStatus } from './order-status';

/**
 * An offer to a customer and, once the customer says yes, the order: one document, one number.
 * Numerics arrive as exact strings; totals are not columns but computed from the items on every read.
 */
@Entity('orders')
export class Order extends TenantRecord {
  /** OR-<year>-<4 digits>, per organization (`document_numbers`, kind `order`). */
  @Column({ type: 'varchar', length: 40 })
  number: string;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ type: 'varchar', length: 10, default: 'draft' })
  status: OrderStatus;

  @Column({ name: 'customer_id', type: 'uuid', nullable: true })
  customerId: string | null;

  /** The language the customer is written to in (the offer's PDF). */
  @Column({ type: 'varchar', length: 2, default: 'en' })
  language: 'en' | 'de';

  @Column({ name: 'request_number', type: 'varchar', length: 255, nullable: true })
  requestNumber: string | null;

  /** The customer's own number for the order (their purchase order), given when they order. */
  @Column({ name: 'customer_order_number', type: 'varchar', length: 255, nullable: true })
  customerOrderNumber: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  description: string | null;

  @Column({ name: 'valid_until', type: 'date', nullable: true })
  validUntil: string | null;

  @Column({ name: 'contact_name', type: 'varchar', length: 255, nullable: true })
  contactName: string | null;

  @Column({ name: 'contact_phone', type: 'varchar', length: 255, nullable: true })
  contactPhone: string | null;

  @Column({ name: 'contact_email', type: 'varchar', length: 255, nullable: true })
  contactEmail: string | null;

  @Column({ name: 'payment_terms', type: 'varchar', length: 255, nullable: true })
  paymentTerms: string | null;

  @Column({ type: 'varchar', length: 3 })
  currency: string;

  @Column({ name: 'shipping_terms', type: 'varchar', length: 255, nullable: true })
  shippingTerms: string | null;

  @Column({ name: 'shipping_method', type: 'varchar', length: 255, nullable: true })
  shippingMethod: string | null;

  @Column({ name: 'shipping_date', type: 'date', nullable: true })
  shippingDate: string | null;

  @Column({ name: 'shipping_days', type: 'integer', nullable: true })
  shippingDays: number | null;

  @Column({ name: 'commission_percent', type: 'numeric', precision: 5, scale: 2, default: 0 })
  commissionPercent: string;

  @Column({ name: 'vat_rate', type: 'numeric', precision: 5, scale: 2, default: 0 })
  vatRate: string;

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy: string | null;

  @Column({ name: 'status_changed_at', type: 'timestamptz' })
  statusChangedAt: Date;
}

/**
 * A line of an order (docs/api-orders.md "Lines"): a product at a quantity and a unit price taken from the
 * product or one of its own with a reason (`product`); a text at a quantity, unit and price given by staff
 * (`free`: design work, freight); or a heading or note with no amount (`text`).
 */
@Entity('order_items')
export class OrderItem extends TenantRecord {
  @Column({ name: 'order_id', type: 'uuid' })
  orderId: string;

  @Column({ type: 'varchar', length: 10, default: 'product' })
  kind: OrderLineKind;

  /** A product line's product; null for free and text lines. */
  @Column({ name: 'product_id', type: 'uuid', nullable: true })
  productId: string | null;

  /** A free line's or text line's text; null for product lines. */
  @Column({ type: 'varchar', length: 1000, nullable: true })
  text: string | null;

  /** A free line's unit ("h", "kg"); null: pieces. */
  @Column({ type: 'varchar', length: 20, nullable: true })
  unit: string | null;

  /** 1, 2, 3 … in the document. */
  @Column({ type: 'integer', default: 0 })
  position: number;

  /** Null for text lines (also unit price, price source and discount). */
  @Column({ type: 'numeric', precision: 14, scale: 4, nullable: true })
  quantity: string | null;

  @Column({ name: 'unit_price', type: 'numeric', precision: 14, scale: 4, nullable: true })
  unitPrice: string | null;

  /** What the product's latest calculation or bulk prices gave for the quantity; null: none (`manual`), or no product. */
  @Column({ name: 'taken_unit_price', type: 'numeric', precision: 14, scale: 4, nullable: true })
  takenUnitPrice: string | null;

  @Column({ name: 'price_source', type: 'varchar', length: 20, nullable: true })
  priceSource: PriceSource | null;

  @Column({ name: 'calculation_id', type: 'uuid', nullable: true })
  calculationId: string | null;

  /** The calculation tier's quantity or the bulk band's minimum the price was taken at. */
  @Column({ name: 'price_quantity', type: 'numeric', precision: 14, scale: 4, nullable: true })
  priceQuantity: string | null;

  @Column({ name: 'unit_price_reason', type: 'varchar', length: 255, nullable: true })
  unitPriceReason: string | null;

  @Column({ name: 'discount_percent', type: 'numeric', precision: 5, scale: 2, nullable: true })
  discountPercent: string | null;
}

/** Who moved an order to which status, and when (the first row: its creation as a draft). */
@Entity('order_status_changes')
export class OrderStatusChange extends TenantOwned {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'order_id', type: 'uuid' })
  orderId: string;

  @Column({ name: 'from_status', type: 'varchar', length: 10, nullable: true })
  fromStatus: OrderStatus | null;

  @Column({ name: 'to_status', type: 'varchar', length: 10 })
  toStatus: OrderStatus;

  @Column({ name: 'changed_by', type: 'uuid', nullable: true })
  changedBy: string | null;

  /** Where the change came from when no user made it: 'customer-page', the customer on the offer page. */
  @Column({ type: 'varchar', length: 20, nullable: true })
  source: 'customer-page' | null;

  /** The customer-page change's note: the name typed to accept, the reason given to decline. */
  @Column({ type: 'varchar', length: 2000, nullable: true })
  note: string | null;

  @Column({ name: 'changed_at', type: 'timestamptz' })
  changedAt: Date;
}
