import { Injectable } from '@nestjs/common';
import { AppConfig } from '@fabquote/config';
import { Organization, Setting, TenantTransactions } from '@fabquote/database';
import { MailTransport } from '@fabquote/mail';
import { HandlesJob, JobContext, JobHandler, SendMailJob } from '@fabquote/queue';

/** Sends one mail in the organization's name: `mail-sender-name` setting, else the organization's name. */
@Injectable()
@HandlesJob('mail.send')
export class SendMailHandler implements JobHandler<'mail.send'> {
  constructor(
    private readonly tenant: TenantTransactions,
    private readonly transport: MailTransport,
    private readonly config: AppConfig,
  ) {}

  async handle(mail: SendMailJob, { jobId }: JobContext): Promise<void> {
    const manager = this.tenant.manager();
    const organization = await manager.getRepository(Organization).findOneByOrFail({ id: this.tenant.organizationId() });
    const senderSetting = await manager.getRepository(Setting).findOneBy({ slug: 'mail-sender-name' });
    const senderName = typeof senderSetting?.value === 'string' ? senderSetting.value : organization.name;
    await this.transport.send({
      mailId: jobId,
      organizationSlug: organization.slug,
      from: { name: senderName, address: senderAddress(this.config.MAIL_FROM) },
      to: mail.to,
      replyTo: mail.replyTo,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
  }
}

function senderAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}
