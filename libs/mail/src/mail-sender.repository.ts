import { Injectable } from '@nestjs/common';
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
    const [row] = await this.tenant
      .manager()
      .query<MailSenderRow[]>(`SELECT o.slug, o.name, s.value AS setting FROM organizations o LEFT JOIN settings s ON s.slug = $2 WHERE o.id = $1 LIMIT 1`, [
        organizationId,
        MAIL_SENDER_NAME,
      ]);
    return row ?? null;
  }
}
