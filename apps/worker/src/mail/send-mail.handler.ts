import { Injectable } from '@nestjs/common';
import { MailSenderRow, OrganizationMailer } from '@fabquote/mail';
import { HandlesJob, JobContext, JobHandler, SendMailJob } from '@fabquote/queue';

/** Sends one mail in the organization's name: `mail-sender-name` setting, else the organization's name. */
@Injectable()
@HandlesJob('mail.send')
export class SendMailHandler implements JobHandler<'mail.send'> {
  constructor(private readonly mailer: OrganizationMailer) {}

  /** The sender, read in the round trip that opens the job's transaction (with the ledger's entry). */
  opening(mail: SendMailJob): string {
    return this.mailer.senderRead(mail.organizationId);
  }

  async handle(mail: SendMailJob, { jobId, opened }: JobContext<MailSenderRow>): Promise<void> {
    const content = { mailId: jobId, to: mail.to, replyTo: mail.replyTo, subject: mail.subject, text: mail.text, html: mail.html };
    await this.mailer.sendAs(opened ?? null, content);
  }
}
