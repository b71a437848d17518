import { Injectable } from '@nestjs/common';
import { escapeLiteral } from 'pg';
import { SettingValue, TenantTransactions } from '@fabquote/database';

/** The setting whose text, when set, is the display name of a shop's mails (else the organization's name). */
export const MAIL_SENDER_NAME = 'mail-sender-name';

/** Who a shop's mails come from: its slug and name, and its `mail-sender-name` setting if set. */
export interface MailSenderRow {
  slug: string;
  name: string;
  setting: SettingValue | null;
}

/** The transaction's organization as a mail's sender, in the tenant transaction (row-level security keeps the setting to it). */
@Injectable()
export class MailSenderRepository {
  constructor(private readonly tenant: TenantTransactions) {}

  /** One statement per mail: a mail job is small, and two entity lookups were a quarter of its CPU. Null: no such organization. */
  async sender(organizationId: string): Promise<MailSenderRow | null> {
    const [row] = await this.tenant.manager().query<MailSenderRow[]>(MailSenderRepository.statement('$1', '$2'), [organizationId, MAIL_SENDER_NAME]);
    return row ?? null;
  }

  /**
   * `sender`'s statement as text, its values quoted: a mail job's opening read (`JobHandler.opening`), which
   * the job runner sends in the round trip that opens the job's transaction, after its organization is set.
   */
  static read(organizationId: string): string {
    return MailSenderRepository.statement(escapeLiteral(organizationId), escapeLiteral(MAIL_SENDER_NAME));
  }

  /** The one statement of both, its two values given as placeholders (`sender`) or quoted (`read`). */
  private static statement(organizationId: string, setting: string): string {
    return `SELECT o.slug, o.name, s.value AS setting FROM organizations o LEFT JOIN settings s ON s.slug = ${setting} WHERE o.id = ${organizationId} LIMIT 1`;
  }
}
