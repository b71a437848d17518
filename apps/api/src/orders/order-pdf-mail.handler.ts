import { Injectable, Logger } from '@nestjs/common';
import { AppConfig, publicUrl } from '@fabquote/config';
import { Organization, TenantTransactions } from '@fabquote/database';
import { documentKind } from '@fabquote/documents';
import { OrganizationMailer } from '@fabquote/mail';
import { HandlesJob, JobContext, JobHandler, OrderPdfMailJob } from '@fabquote/queue';
import { AppException } from '../common/app-exception';
import { customerOfferLink, issueOfferLink } from './customer-offer-links';
import { CustomerOfferRepository } from './customer-offer.repository';
import { orderPdfMail } from './order-pdf-mail';
import { OrderPdfs } from './order-pdf.service';

/**
 * Renders an order's PDF as it is now and mails it to the order's contact, in the job's language
 * (else the order's), with the job id as the mail's id, Reply-To the user who sent it (else the shop's
 * `letterhead-email`). An offer (not an order confirmation) carries the customer's personal link to its page
 * (docs/api-orders.md "The customer's offer page"), made here in the job's transaction and replacing the order's
 * earlier links. The job runner's `handled_jobs` ledger, written in this same transaction, makes a job delivered
 * again send nothing (and make no second link).
 */
@Injectable()
@HandlesJob('orders.mail-pdf')
export class OrderPdfMailHandler implements JobHandler<'orders.mail-pdf'> {
  private readonly logger = new Logger(OrderPdfMailHandler.name);

  constructor(
    private readonly pdfs: OrderPdfs,
    private readonly mailer: OrganizationMailer,
    private readonly tenant: TenantTransactions,
    private readonly config: AppConfig,
    private readonly links: CustomerOfferRepository,
  ) {}

  async handle({ orderId, language, sentBy }: OrderPdfMailJob, { jobId }: JobContext): Promise<void> {
    let rendered;
    try {
      rendered = await this.pdfs.render(orderId, language);
    } catch (error) {
      // Deleted, or its customer and contact taken off, after the send: nobody to write to.
      if (!(error instanceof AppException)) throw error;
      this.logger.log({ orderId, reason: error.messageKey }, 'Order gone or without addressee; no PDF mailed');
      return;
    }
    if (!rendered.contactEmail) {
      this.logger.log({ orderId }, 'Order has no contact email any more; no PDF mailed');
      return;
    }
    const mail = orderPdfMail(rendered.document, rendered.locale, await this.offerLink(orderId, rendered.document.status, sentBy));
    const contactName = rendered.document.customer.contactName;
    // From the shop's name (OrganizationMailer); the customer's answer goes to the clerk who sent it.
    const replyTo = await this.pdfs.replyTo(sentBy);
    await this.mailer.send({
      mailId: jobId,
      to: [contactName ? { name: contactName, address: rendered.contactEmail } : { address: rendered.contactEmail }],
      ...(replyTo ? { replyTo: replyTo.name ? replyTo : replyTo.address } : {}),
      ...mail,
      attachments: [{ filename: rendered.fileName, content: rendered.pdf, contentType: 'application/pdf' }],
    });
  }

  /** The customer's new link to the offer's page; none for an order confirmation. */
  private async offerLink(orderId: string, status: Parameters<typeof documentKind>[0], sentBy: string | undefined): Promise<string | null> {
    if (documentKind(status) !== 'offer') return null;
    const manager = this.tenant.manager();
    const token = await issueOfferLink(this.links, orderId, true, sentBy);
    if (!token) return null;
    const organization = await manager.getRepository(Organization).findOneByOrFail({ id: this.tenant.organizationId() });
    return customerOfferLink(publicUrl(this.config), organization.slug, orderId, token);
  }
}
