import { Injectable } from '@nestjs/common';
import { OrganizationMailer } from '@fabquote/mail';
import { HandlesJob, JobContext, JobHandler, SendMailJob } from '@fabquote/queue';

/** Sends one mail in the organization's name: `mail-sender-name` setting, else the organization's name. */
@Injectable()
@HandlesJob('mail.send')
export class SendMailHandler implements JobHandler<'mail.send'> {
  constructor(private readonly mailer: OrganizationMailer) {}

  async handle(mail: SendMailJob, { jobId }: JobContext): Promise<void> {
    await this.mailer.send({ mailId: jobId, to: mail.to, replyTo: mail.replyTo, subject: mail.subject, text: mail.text, html: mail.html });
  }
}
