import { Injectable, Logger } from '@nestjs/common';
import { OrganizationMailer } from '@fabquote/mail';
import { HandlesJob, JobContext, JobHandler, OrderPdfMailJob } from '@fabquote/queue';
import { AppException } from '../common/app-exception';
import { orderPdfMail } from './order-pdf-mail';
import { OrderPdfs } from './order-pdf.service';

/**
 * Renders an order's PDF as it is now and mails it to the order's contact, in the job's language
 * (else the order's), with the job id as the mail's id, Reply-To the user who sent it (else the shop's
 * `letterhead-email`). The job runner's `handled_jobs` ledger,
 * written in this same transaction, makes a job delivered again send nothing.
 */
@Injectable()
@HandlesJob('orders.mail-pdf')
export class OrderPdfMailHandler implements JobHandler<'orders.mail-pdf'> {
  private readonly logger = new Logger(OrderPdfMailHandler.name);

  constructor(
    private readonly pdfs: OrderPdfs,
    private readonly mailer: OrganizationMailer,
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
    const mail = orderPdfMail(rendered.document, rendered.locale);
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
}
