/**
 * What an offer or order confirmation shows, as plain data: the API loads an order with its items,
 * customer and the organization's letterhead settings and hands this over; the renderer does no I/O.
 *
 * Money, quantities and percentages are exact decimal strings in plain notation ("1234.5", "-3",
 * "0.125"), as numeric columns read them: they are formatted for the reader without ever passing
 * through a float. Dates are ISO calendar dates ("2026-11-24"), already in the organization's time zone.
 * Every field that may be absent is left out of the PDF when it is null, undefined or blank.
 */
export type DecimalString = string;
export type IsoDate = string;

/** The order's status (docs/api-orders.md): it decides whether the PDF is an offer or an order confirmation. */
export type OrderDocumentStatus = 'draft' | 'offered' | 'ordered' | 'deferred' | 'declined';

/** Offer for Draft, Offered, Deferred and Declined (what was or would be offered); confirmation once Ordered. */
export type OrderDocumentKind = 'offer' | 'confirmation';

/** The shop's own data at the top and in the footer of every page (settings `letterhead-*`, see letterhead.ts). */
export interface Letterhead {
  /** The legal name, e.g. "Demo Metallbau GmbH". */
  name: string;
  /** Street, "zip city", country: one line each. */
  addressLines?: readonly string[] | null;
  phone?: string | null;
  email?: string | null;
  website?: string | null;
  /** VAT identification number, e.g. "DE123456789". */
  vatId?: string | null;
  /** The tax office's number for the shop ("Steuernummer"), e.g. "143/123/45678". */
  taxNumber?: string | null;
  bankName?: string | null;
  iban?: string | null;
  bic?: string | null;
  /** The shop's logo, printed at the top of the first page (company profile). */
  logo?: LetterheadLogo | null;
}

/** A PNG or JPEG image as stored (its content checked on upload), with the size its header declares in pixels. */
export interface LetterheadLogo {
  content: Buffer;
  width: number;
  height: number;
}

/** The customer the document is addressed to, with the order's contact person there. */
export interface DocumentCustomer {
  name: string;
  /** The shop's number for the customer ("customer no."). */
  accountNumber?: string | null;
  /** Street, "zip city", country: one line each. */
  addressLines?: readonly string[] | null;
  contactName?: string | null;
  contactPhone?: string | null;
  contactEmail?: string | null;
}

/** A product line (`kind` left out or `product`), or a free line (`free`: design work, freight; `productName` is its text). */
export interface OrderDocumentItem {
  kind?: 'product' | 'free';
  /** 1, 2, 3 … as the order lists its lines with an amount (text lines have no number). */
  position: number;
  productNumber?: string | null;
  productName: string;
  quantity: DecimalString;
  /** A free line's unit ("h", "kg"), printed after the quantity; null, absent or blank: pieces (nothing printed). */
  unit?: string | null;
  unitPrice: DecimalString;
  /** Percent off the line (e.g. "5" for 5 %); null, absent or "0" shows nothing. */
  discountPercent?: DecimalString | null;
  /** quantity × unit price less the discount, as the order stores it (the renderer does no arithmetic). */
  lineTotal: DecimalString;
}

/** A heading or a note between the lines: printed across the table, with no number and no amount. */
export interface OrderDocumentTextLine {
  kind: 'text';
  text: string;
}

/** A line of the document, in the order the order lists them. */
export type OrderDocumentLine = OrderDocumentItem | OrderDocumentTextLine;

/** The order's totals exactly as stored (docs/api-orders.md "Totals"); the renderer only formats them. */
export interface OrderDocumentTotals {
  /** Σ quantity × unit price (after line discounts). */
  valueOfGoods: DecimalString;
  /** Percent of the value of goods and its amount; left out when absent or zero. */
  commissionPercent?: DecimalString | null;
  commission?: DecimalString | null;
  subtotal: DecimalString;
  vatRate: DecimalString;
  vatAmount: DecimalString;
  totalWithVat: DecimalString;
}

export interface OrderDocument {
  status: OrderDocumentStatus;
  number: string;
  /** The document's date: when it was offered or ordered, else created. */
  date: IsoDate;
  /** Shown on offers only. */
  validUntil?: IsoDate | null;
  /** The customer's request or order reference. */
  requestNumber?: string | null;
  /** The customer's own number for the order (their purchase order), given when they ordered. */
  customerOrderNumber?: string | null;
  /** The order's name, shown as the subject line. */
  name?: string | null;
  description?: string | null;
  /** ISO 4217 code, e.g. "EUR". */
  currency: string;
  letterhead: Letterhead;
  customer: DocumentCustomer;
  items: readonly OrderDocumentLine[];
  totals: OrderDocumentTotals;
  paymentTerms?: string | null;
  shippingTerms?: string | null;
  shippingMethod?: string | null;
  shippingDate?: IsoDate | null;
  /** Delivery time in days. */
  shippingDays?: number | null;
}
