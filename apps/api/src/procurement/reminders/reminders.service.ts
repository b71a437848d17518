import { Injectable, Logger } from '@nestjs/common';
import { AppConfig, publicUrl } from '@fabquote/config';
import { OrganizationMailer } from '@fabquote/mail';
import { supplierInvitationMail } from '../shared/procurement-mails';
import { PurchaseRequestRepository } from '../shared/purchase-request.repository';
import { ReminderRepository, ReminderRow } from './reminder.repository';
import { dueReminderSlot } from './reminders-schedule';
import { newSupplierToken } from '../shared/supplier-token';

/** A reminder the schedule says is due: to this supplier of this request, for this slot. */
export interface DueReminder {
  purchaseRequestId: string;
  supplierId: string;
  slot: Date;
}

const dueOf = (row: ReminderRow, now: Date): DueReminder | null => {
  const slot = dueReminderSlot(
    { frequency: row.reminder_frequency, deadline: row.close_submission_deadline, invitedAt: row.invited_at, lastRemindedAt: row.last_reminded_at },
    now,
  );
  return slot ? { purchaseRequestId: row.purchase_request_id, supplierId: row.supplier_id, slot } : null;
};

/**
 * Reminders to suppliers that have not offered yet (docs/api-procurement.md, "Procurement II"). What is
 * due follows from the database alone (`reminders-schedule.ts` on the request, the supplier's
 * invitation and the ledger `purchase_request_reminders`), so the scheduler that wakes the check may
 * lose its state, run late or twice: a due reminder is still sent, and at most once per slot.
 */
@Injectable()
export class SupplierReminders {
  private readonly logger = new Logger(SupplierReminders.name);

  constructor(
    private readonly reminders: ReminderRepository,
    private readonly requests: PurchaseRequestRepository,
    private readonly mailer: OrganizationMailer,
    private readonly config: AppConfig,
  ) {}

  /** The reminders due at `now` in the transaction's organization. */
  async due(now: Date): Promise<DueReminder[]> {
    const rows = await this.reminders.candidates(now);
    return rows.map((row) => dueOf(row, now)).filter((reminder): reminder is DueReminder => reminder !== null);
  }

  /**
   * Sends one reminder, in a transaction of its own (the caller's): the supplier's row is locked (a
   * submit takes the same lock), the reminder checked again, its ledger row written — the unique key
   * (request, supplier, slot) makes a second check's insert wait and then do nothing — a new token's
   * hash replaces the supplier's (the earlier mail's link stops working, as the mail says), and the mail
   * goes out with the ledger row's id as Message-ID. A failed send rolls all of it back: the next check
   * sends it again. Returns whether it was sent.
   */
  async send(reminder: DueReminder, now: Date): Promise<boolean> {
    if (!(await this.reminders.lockSupplier(reminder.purchaseRequestId, reminder.supplierId))) return false;
    const [row] = await this.reminders.candidates(now, reminder);
    const still = row ? dueOf(row, now) : null;
    if (still?.slot.getTime() !== reminder.slot.getTime()) return false;
    const ledger = await this.reminders.recordSent(reminder, now);
    if (!ledger) return false;
    const found = await this.requests.mailFacts(reminder.purchaseRequestId, reminder.supplierId);
    if (!found?.supplier) return false;
    const { token, hash } = newSupplierToken();
    await this.requests.replaceToken(reminder.purchaseRequestId, reminder.supplierId, hash);
    const mail = supplierInvitationMail(
      found.supplier.language,
      found.facts,
      { base: publicUrl(this.config), organizationSlug: found.organization.slug, purchaseRequestId: reminder.purchaseRequestId, supplierId: reminder.supplierId, token },
      'reminder',
    );
    await this.mailer.send({ mailId: ledger.id, to: [{ name: found.supplier.name, address: found.supplier.email }], ...mail });
    this.logger.log({ ...reminder, reminderId: ledger.id }, 'Reminder sent');
    return true;
  }
}
