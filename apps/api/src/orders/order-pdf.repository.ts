import { Injectable } from '@nestjs/common';
import { Organization, TenantTransactions } from '@fabquote/database';
import { LETTERHEAD_SETTINGS, LetterheadLogo } from '@fabquote/documents';
import { activeSender } from '../identity';
import { CustomerFacts, customerFacts } from '../master-data';
import { ProductPrices } from '../products';
import { companyLogo, profileReplyTo, readSettings, TIME_ZONE } from '../settings';
import type { OrderStatus } from './order-status';

/** An order's header as its PDF prints it: decimals as exact texts, dates as ISO days, the customer's address. */
export interface OrderPdfHead {
  number: string;
  name: string;
  status: OrderStatus;
  language: 'en' | 'de';
  requestNumber: string | null;
  customerOrderNumber: string | null;
  description: string | null;
  validUntil: string | null;
  contactName: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
  paymentTerms: string | null;
  currency: string;
  shippingTerms: string | null;
  shippingMethod: string | null;
  shippingDate: string | null;
  shippingDays: number | null;
  commissionPercent: string;
  vatRate: string;
  statusChangedAt: Date;
  /** The customer as master data names it on a letterhead. */
  customer: Omit<CustomerFacts, 'id' | 'language'> | null;
}

/** A line as the PDF prints it: a product line (its product's name and number), a free line (its text and unit), a text line (its text; no figures). */
export type OrderPdfLine =
  | { kind: 'product'; position: number; productName: string; productNumber: string | null; text: null; unit: null; quantity: string; unitPrice: string; discountPercent: string }
  | { kind: 'free'; position: number; productName: null; productNumber: null; text: string; unit: string | null; quantity: string; unitPrice: string; discountPercent: string }
  | { kind: 'text'; position: number; productName: null; productNumber: null; text: string; unit: null; quantity: null; unitPrice: null; discountPercent: null };

/** An order's own columns as the PDF's head reads them (numerics and days as texts). */
interface OrderPdfHeadRow {
  number: string;
  name: string;
  status: OrderStatus;
  language: 'en' | 'de';
  request_number: string | null;
  customer_order_number: string | null;
  description: string | null;
  valid_until: string | null;
  contact_name: string | null;
  contact_phone: string | null;
  contact_email: string | null;
  payment_terms: string | null;
  currency: string;
  shipping_terms: string | null;
  shipping_method: string | null;
  shipping_date: string | null;
  shipping_days: number | null;
  commission_percent: string;
  vat_rate: string;
  status_changed_at: Date;
  customer_id: string | null;
}

/** An order line as stored, its product named afterwards by products' `ProductPrices.names`. */
interface OrderPdfLineRow {
  kind: OrderPdfLine['kind'];
  position: number;
  productId: string | null;
  text: string | null;
  unit: string | null;
  quantity: string | null;
  unitPrice: string | null;
  discountPercent: string | null;
}

/**
 * What an order's PDF is made of, read in the request's or job's tenant transaction (row-level
 * security keeps it to the organization, so another organization's order is simply not found).
 * Numerics are read as text: the figures reach the page without passing through a float.
 */
@Injectable()
export class OrderPdfRepository {
  constructor(private readonly tenant: TenantTransactions) {}

  async head(orderId: string): Promise<OrderPdfHead | null> {
    const manager = this.tenant.manager();
    const [row] = await manager.query<OrderPdfHeadRow[]>(
      `SELECT o.number, o.name, o.status, o.language, o.request_number, o.customer_order_number, o.description,
              to_char(o.valid_until, 'YYYY-MM-DD') AS valid_until, o.contact_name, o.contact_phone, o.contact_email,
              o.payment_terms, o.currency, o.shipping_terms, o.shipping_method, to_char(o.shipping_date, 'YYYY-MM-DD') AS shipping_date,
              o.shipping_days, o.commission_percent::text AS commission_percent, o.vat_rate::text AS vat_rate, o.status_changed_at, o.customer_id
         FROM orders o WHERE o.id = $1`,
      [orderId],
    );
    if (!row) return null;
    const customer = row.customer_id ? (await customerFacts(manager, [row.customer_id])).get(row.customer_id) : undefined;
    return {
      number: row.number,
      name: row.name,
      status: row.status,
      language: row.language,
      requestNumber: row.request_number,
      customerOrderNumber: row.customer_order_number,
      description: row.description,
      validUntil: row.valid_until,
      contactName: row.contact_name,
      contactPhone: row.contact_phone,
      contactEmail: row.contact_email,
      paymentTerms: row.payment_terms,
      currency: row.currency,
      shippingTerms: row.shipping_terms,
      shippingMethod: row.shipping_method,
      shippingDate: row.shipping_date,
      shippingDays: row.shipping_days,
      commissionPercent: row.commission_percent,
      vatRate: row.vat_rate,
      statusChangedAt: new Date(row.status_changed_at),
      customer: customer
        ? {
            name: customer.name,
            billingName: customer.billingName,
            accountNumber: customer.accountNumber,
            address: customer.address,
            zipCode: customer.zipCode,
            city: customer.city,
            country: customer.country,
          }
        : null,
    };
  }

  /** The lines in the order the order lists them (position, then as added). */
  async lines(orderId: string): Promise<OrderPdfLine[]> {
    const manager = this.tenant.manager();
    const rows = await manager.query<OrderPdfLineRow[]>(
      `SELECT i.kind, i.position, i.product_id AS "productId", i.text, i.unit, i.quantity::text AS quantity,
              i.unit_price::text AS "unitPrice", i.discount_percent::text AS "discountPercent"
         FROM order_items i
        WHERE i.order_id = $1 ORDER BY i.position, i.created_at, i.id`,
      [orderId],
    );
    const products = await ProductPrices.names(manager, rows.map((row) => row.productId));
    return rows.map(({ productId, ...line }) => {
      const product = productId ? products.get(productId) : undefined;
      return { kind: line.kind, position: line.position, productName: product?.name ?? null, productNumber: product?.number ?? null, text: line.text, unit: line.unit,
        quantity: line.quantity, unitPrice: line.unitPrice, discountPercent: line.discountPercent } as OrderPdfLine;
    });
  }

  async organizationName(): Promise<string> {
    const organization = await this.tenant.manager().getRepository(Organization).findOneByOrFail({ id: this.tenant.organizationId() });
    return organization.name;
  }

  /**
   * Where the customer's reply to the mail goes: the company profile's Reply-To address (`mail-reply-to`) when the shop
   * set one (a sales inbox), else the sending user's email, else (no user, or one gone) the shop's address on the
   * letterhead (`letterhead-email`), else none.
   */
  async replyTo(userId: string | undefined): Promise<{ name: string; address: string } | null> {
    const manager = this.tenant.manager();
    const shopReplyTo = await profileReplyTo(manager);
    if (shopReplyTo) return { name: '', address: shopReplyTo };
    if (userId) {
      const user = await activeSender(manager, userId);
      if (user?.email) return { name: user.name, address: user.email };
    }
    const shop = (await readSettings(manager, [LETTERHEAD_SETTINGS.email]))[LETTERHEAD_SETTINGS.email];
    return typeof shop === 'string' && shop.trim() ? { name: '', address: shop.trim() } : null;
  }

  /** The company profile's logo for the letterhead, or null. */
  logo(): Promise<LetterheadLogo | null> {
    return companyLogo(this.tenant.manager());
  }

  /** The letterhead's settings and the time zone (`time-zone`, IANA), slug → stored value (settings' `readSettings`). */
  async documentSettings(): Promise<Record<string, string | string[]>> {
    const slugs = [...Object.values(LETTERHEAD_SETTINGS), TIME_ZONE];
    return (await readSettings(this.tenant.manager(), slugs)) as Record<string, string | string[]>;
  }
}
