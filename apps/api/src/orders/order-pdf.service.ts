import { Injectable } from '@nestjs/common';
import { documentTitle, letterheadFromSettings, OrderDocument, renderOrderPdf } from '@fabquote/documents';
import { isLocale, Locale, translate } from '@fabquote/i18n';
import { EventOutbox } from '@fabquote/queue';
import { FieldInvalid, RecordNotFound } from '../common/app-exception';
import { orderDocument, orderPdfFileName, timeZoneOf } from './order-pdf';
import { TIME_ZONE } from '../settings';
import { OrderPdfHead, OrderPdfRepository } from './order-pdf.repository';

export interface RenderedOrderPdf {
  pdf: Buffer;
  fileName: string;
  document: OrderDocument;
  locale: Locale;
  contactEmail: string | null;
}

/** `?language=en|de` when given (anything else is a 422 on `language`), else undefined: the order's own. */
export function requestedLanguage(value: unknown): Locale | undefined {
  if (value === undefined) return undefined;
  if (!isLocale(value)) throw new FieldInvalid('language', 'language_code');
  return value;
}

/**
 * The order's PDF (offer or order confirmation) for the download and for the mail to the customer.
 * Both render at the moment they are asked, from what the order holds then.
 */
@Injectable()
export class OrderPdfs {
  constructor(
    private readonly orders: OrderPdfRepository,
    private readonly outbox: EventOutbox,
  ) {}

  /** Who the customer's reply to the mail reaches (`OrderPdfRepository.replyTo`). */
  replyTo(userId: string | undefined): Promise<{ name: string; address: string } | null> {
    return this.orders.replyTo(userId);
  }

  /** The PDF in `language`, else the order's language. 404: no such order in this organization. */
  async render(orderId: string, language?: Locale): Promise<RenderedOrderPdf> {
    const { head, document } = await this.document(orderId);
    const locale = language ?? head.language;
    return { pdf: await renderOrderPdf(document, locale), fileName: orderPdfFileName(head, locale), document, locale, contactEmail: head.contactEmail };
  }

  /**
   * The order as its PDF shows it (`orderDocument`): what the PDF renders and the customer's offer page shows,
   * so both carry the same figures. 404: no such order; 422: nobody to address.
   */
  async document(orderId: string): Promise<{ head: OrderPdfHead; document: OrderDocument }> {
    const head = await this.addressable(orderId);
    const lines = await this.orders.lines(orderId);
    const settings = await this.orders.documentSettings();
    const organizationName = await this.orders.organizationName();
    const document = orderDocument(head, lines, letterheadFromSettings(organizationName, settings, await this.orders.logo()), timeZoneOf(settings[TIME_ZONE]));
    return { head, document };
  }

  /** Queues the mail of the PDF to the order's contact (job `orders.mail-pdf`, sent once this transaction commits). */
  async send(orderId: string, language: Locale | undefined, readerLocale: Locale, sentBy?: string): Promise<{ message: string; to: string; language: Locale }> {
    const head = await this.addressable(orderId);
    if (!head.contactEmail) throw new FieldInvalid('contactEmail', 'order_no_contact_email');
    const locale = language ?? head.language;
    await this.outbox.emit('orders.mail-pdf', { orderId, ...(language ? { language } : {}), ...(sentBy ? { sentBy } : {}) });
    const title = documentTitle(head, locale);
    return { message: translate(readerLocale, 'order_pdf_sending', { title, email: head.contactEmail }), to: head.contactEmail, language: locale };
  }

  /** The order, if it has someone to address the document to: a customer, else at least a contact name. */
  private async addressable(orderId: string): Promise<OrderPdfHead> {
    const head = await this.orders.head(orderId);
    if (!head) throw new RecordNotFound();
    if (!head.customer && !head.contactName?.trim()) throw new FieldInvalid('customerId', 'order_pdf_no_addressee');
    return head;
  }
}
