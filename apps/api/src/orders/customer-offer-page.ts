import type { OrderDocument } from '@fabquote/documents';
import type { MessageKey } from '@fabquote/i18n';
import type { OrderStatus } from './order-status';

/** What the customer's page of an offer may do (docs/api-orders.md "The customer's offer page"). */
export const OFFER_PAGE_STATES = ['open', 'accepted', 'declined', 'expired', 'withdrawn'] as const;
export type OfferPageState = (typeof OFFER_PAGE_STATES)[number];

/** A link opens the page, read-only once the offer's validity ended, for this many days after it. */
export const OFFER_LINK_READABLE_DAYS = 30;
/** Without a `validUntil` a link is valid this many days from its sending. */
export const OFFER_LINK_DAYS_WITHOUT_VALIDITY = 30;
/** Acceptances, refusals and questions of one offer: at most this many within an hour, then 429. */
export const OFFER_PAGE_WRITES = { perOffer: 30, windowMinutes: 60 } as const;

/** What the state is decided from: the order as it is now and the link that opened it. */
export interface OfferStateFacts {
  status: OrderStatus;
  acceptedOnline: boolean;
  declinedOnline: boolean;
  /** The status the order had when the link's offer was sent. */
  sentStatus: OrderStatus;
  /** The order's status changed after the link was made (staff moved it). */
  changedSinceSent: boolean;
  /** Past the end of the offer's last valid day (organization's zone), or 30 days after sending without one. */
  validityEnded: boolean;
}

/**
 * The page's state: accepted or declined by the customer online; open while Offered (or Deferred when it was
 * sent so) and valid; expired past its validity; otherwise withdrawn: staff changed its status (back to Draft,
 * Deferred, Declined or Ordered themselves). Only `open` takes an answer or a question.
 */
export function offerPageState(facts: OfferStateFacts): OfferPageState {
  if (facts.status === 'ordered' && facts.acceptedOnline) return 'accepted';
  if (facts.status === 'declined' && facts.declinedOnline) return 'declined';
  const answerable = facts.status === 'offered' || (facts.status === 'deferred' && facts.sentStatus === 'deferred' && !facts.changedSinceSent);
  if (!answerable) return 'withdrawn';
  return facts.validityEnded ? 'expired' : 'open';
}

/** The message of a state that is not open: the page's reason, and the 409 of an answer then. */
export function offerStateMessage(state: Exclude<OfferPageState, 'open'>, status: OrderStatus): MessageKey {
  if (state === 'withdrawn') return `offer_state_withdrawn_${status === 'offered' ? 'draft' : status}` as MessageKey;
  return `offer_state_${state}`;
}

/** The image type of a stored logo by its signature (the upload allows PNG and JPEG only). */
export function logoDataUrl(content: Buffer): string {
  const png = content.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return `data:${png ? 'image/png' : 'image/jpeg'};base64,${content.toString('base64')}`;
}

/**
 * The offer as the page shows it, mapped from the very `OrderDocument` the PDF is rendered from (order-pdf.ts),
 * so every figure on the page is the PDF's: exact decimal texts, never recomputed.
 */
export function offerPageDocument(document: OrderDocument) {
  const letterhead = document.letterhead;
  return {
    letterhead: {
      name: letterhead.name,
      addressLines: [...(letterhead.addressLines ?? [])],
      phone: letterhead.phone ?? null,
      email: letterhead.email ?? null,
      website: letterhead.website ?? null,
      vatId: letterhead.vatId ?? null,
      logo: letterhead.logo ? logoDataUrl(letterhead.logo.content) : null,
    },
    offer: {
      number: document.number,
      name: document.name ?? null,
      date: document.date,
      validUntil: document.validUntil ?? null,
      requestNumber: document.requestNumber ?? null,
      customerOrderNumber: document.customerOrderNumber ?? null,
      description: document.description ?? null,
      currency: document.currency,
      customer: {
        name: document.customer.name,
        addressLines: [...(document.customer.addressLines ?? [])],
        contactName: document.customer.contactName ?? null,
      },
    },
    lines: document.items.map((item) =>
      item.kind === 'text'
        ? { kind: 'text' as const, position: null, productNumber: null, name: item.text, quantity: null, unit: null, unitPrice: null, discountPercent: null, lineTotal: null }
        : {
            kind: item.kind ?? ('product' as const),
            position: item.position,
            productNumber: item.productNumber ?? null,
            name: item.productName,
            quantity: item.quantity,
            unit: item.unit ?? null,
            unitPrice: item.unitPrice,
            discountPercent: item.discountPercent ?? null,
            lineTotal: item.lineTotal,
          },
    ),
    totals: {
      valueOfGoods: document.totals.valueOfGoods,
      commissionPercent: document.totals.commissionPercent ?? null,
      commission: document.totals.commission ?? null,
      subtotal: document.totals.subtotal,
      vatRate: document.totals.vatRate,
      vatAmount: document.totals.vatAmount,
      totalWithVat: document.totals.totalWithVat,
    },
    terms: {
      paymentTerms: document.paymentTerms ?? null,
      shippingTerms: document.shippingTerms ?? null,
      shippingMethod: document.shippingMethod ?? null,
      shippingDate: document.shippingDate ?? null,
      shippingDays: document.shippingDays ?? null,
      validUntil: document.validUntil ?? null,
    },
  };
}
