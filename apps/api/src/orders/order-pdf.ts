import { documentKind, documentWords, Letterhead, OrderDocument, OrderDocumentLine } from '@fabquote/documents';
import type { Locale } from '@fabquote/i18n';
import type { OrderPdfHead, OrderPdfLine } from './order-pdf.repository';
import { lineAmounts, orderTotals } from './order-totals';

/**
 * An order as its PDF (libs/documents): the header, the customer's address, its lines in order (product and
 * free lines with their line totals, text lines as headings or notes) and the order's totals, computed by `orderTotals` from the stored decimals, the same rule and
 * rounding points the API's totals follow (docs/api-orders.md "Totals"), so the paper and the screen
 * agree to the cent. Pure: the service reads, this maps.
 */
export function orderDocument(head: OrderPdfHead, lines: OrderPdfLine[], letterhead: Letterhead, timeZone: string): OrderDocument {
  const totals = orderTotals(lines, head.commissionPercent, head.vatRate);
  // Lines with an amount are numbered 1, 2, 3 …; a heading or note between them has no number.
  let position = 0;
  const items = lines.map((line): OrderDocumentLine => {
    if (line.kind === 'text') return { kind: 'text', text: line.text };
    position += 1;
    const figures = { position, quantity: line.quantity, unitPrice: line.unitPrice, discountPercent: line.discountPercent, lineTotal: lineAmounts(line).lineTotal };
    return line.kind === 'free'
      ? { kind: 'free', productNumber: null, productName: line.text, unit: line.unit, ...figures }
      : { kind: 'product', productNumber: line.productNumber, productName: line.productName, ...figures };
  });
  const customer = head.customer;
  const place = [customer?.zipCode, customer?.city].filter((part) => part?.trim()).join(' ');
  return {
    status: head.status,
    number: head.number,
    // The day the order came into its status (offered, ordered, …) in the organization's time zone.
    date: dayIn(head.statusChangedAt, timeZone),
    validUntil: head.validUntil,
    requestNumber: head.requestNumber,
    customerOrderNumber: head.customerOrderNumber,
    name: head.name === head.number ? null : head.name,
    description: head.description,
    currency: head.currency,
    letterhead,
    customer: {
      // No customer chosen: the contact is the addressee (the service refuses an order with neither).
      name: customer?.billingName?.trim() || customer?.name || head.contactName || '',
      accountNumber: customer?.accountNumber ?? null,
      addressLines: customer ? [customer.address, place, customer.country].filter((line): line is string => !!line?.trim()) : [],
      contactName: head.contactName,
      contactPhone: head.contactPhone,
      contactEmail: head.contactEmail,
    },
    items,
    totals: {
      valueOfGoods: totals.valueOfGoods,
      commissionPercent: head.commissionPercent,
      commission: totals.commission,
      subtotal: totals.subtotal,
      vatRate: head.vatRate,
      vatAmount: totals.vatAmount,
      totalWithVat: totals.totalWithVat,
    },
    paymentTerms: head.paymentTerms,
    shippingTerms: head.shippingTerms,
    shippingMethod: head.shippingMethod,
    shippingDate: head.shippingDate,
    shippingDays: head.shippingDays,
  };
}

/** The IANA zone a setting names ("Europe/Berlin"), else UTC: a zone Node does not know is no zone. */
export function timeZoneOf(value: unknown): string {
  if (typeof value !== 'string' || !value.trim()) return 'UTC';
  try {
    return new Intl.DateTimeFormat('en', { timeZone: value.trim() }).resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}

/** The calendar day of an instant in a time zone, as an ISO date. */
export function dayIn(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
  const part = (type: string) => parts.find((each) => each.type === type)?.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** "Offer-OR-2026-0001.pdf", "Auftragsbestätigung-OR-2026-0001.pdf": the document's word and the order's number. */
export function orderPdfFileName(head: Pick<OrderPdfHead, 'status' | 'number'>, locale: Locale): string {
  return `${documentWords(locale).title[documentKind(head.status)]}-${head.number}.pdf`;
}
