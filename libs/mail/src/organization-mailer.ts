import { Injectable } from '@nestjs/common';
import { AppConfig } from '@fabquote/config';
import { TenantTransactions } from '@fabquote/database';
import { MailSenderRepository, MailSenderRow } from './mail-sender.repository';
import { MailDelivery, MailTransport, OutgoingMail } from './mail-transport';

/** A mail of a job: everything but who sends it, which is the organization the job runs for. */
export type OrganizationMail = Omit<OutgoingMail, 'organizationSlug' | 'from'>;

/**
 * Sends in the name of the transaction's organization: its `mail-sender-name` setting, else its
 * name, at the address of `MAIL_FROM`. Every job that mails (`mail.send`, procurement's invitations)
 * sends through it, so a shop's mails all come from the same sender.
 */
@Injectable()
export class OrganizationMailer {
  constructor(
    private readonly tenant: TenantTransactions,
    private readonly transport: MailTransport,
    private readonly config: AppConfig,
    private readonly senders: MailSenderRepository,
  ) {}

  async send(mail: OrganizationMail): Promise<MailDelivery> {
    return this.sendAs(await this.senders.sender(this.tenant.organizationId()), mail);
  }

  /**
   * The statement that reads the sender of `organizationId`'s mails, for a mail job's `opening`: the runner
   * sends it in the round trip that opens the job's transaction, and the handler passes its row to `sendAs`.
   */
  senderRead(organizationId: string): string {
    return MailSenderRepository.read(organizationId);
  }

  /**
   * `send` for a job that read its organization's slug, name and `MAIL_SENDER_NAME` setting already, in
   * its own statement (procurement's invitations) or its opening read (`senderRead`), in its transaction: no
   * second round trip per mail. No sender, or one without a slug (the opening read's columns are null when
   * it found nothing): there is no organization to send for.
   */
  async sendAs(sender: MailSenderRow | null, mail: OrganizationMail): Promise<MailDelivery> {
    if (!sender?.slug) throw new Error(`No organization ${this.tenant.organizationId()} to send in the name of`);
    const senderName = typeof sender.setting === 'string' ? sender.setting : sender.name;
    return this.transport.send({ ...mail, organizationSlug: sender.slug, from: { name: senderName, address: senderAddress(this.config.MAIL_FROM) } });
  }
}

/** The address of `Name <address>` or of a bare address. */
export function senderAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}
