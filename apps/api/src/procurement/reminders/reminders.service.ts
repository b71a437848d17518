import { Injectable, Logger } from '@nestjs/common';
import { AppConfig, publicUrl } from '@fabquote/config';
import { TenantTransactions } from '@fabquote/database';
import { OrganizationMailer } from '@fabquote/mail';
import { supplierInvitationMail } from '../shared/procurement-mails';
import { ReminderFrequency } from '../shared/purchase-request.entity';
import { PurchaseRequestRepository } from '../shared/purchase-request.repository';
import { dueReminderSlot } from './reminders-schedule';
import { newSupplierToken } from '../shared/supplier-token';

/** A reminder the schedule says is due: to this supplier of this request, for this slot. */
export interface DueReminder {
  purchaseRequestId: string;
  supplierId: string;
  slot: Date;
}

interface ReminderRow {
  purchase_request_id: string;
  supplier_id: string;
  reminder_frequency: ReminderFrequency;
  close_submission_deadline: Date;
  invited_at: Date;
  last_reminded_at: Date | null;
}

/**
 * What decides a reminder, for the suppliers of open requests with a reminder frequency and a deadline
 * still to come that were sent the request and have not offered. `$1` is the clock's now; the request
 * and supplier filters (`$2`, `$3`, null for all) serve the check of a single reminder.
 */
const CANDIDATES = `
  SELECT rs.purchase_request_id, rs.supplier_id, pr.reminder_frequency, pr.close_submission_deadline, rs.invited_at,
         (SELECT max(r.sent_at) FROM purchase_request_reminders r
           WHERE r.purchase_request_id = rs.purchase_request_id AND r.supplier_id = rs.supplier_id) AS last_reminded_at
    FROM purchase_requests pr
    JOIN purchase_request_suppliers rs ON rs.purchase_request_id = pr.id
   WHERE pr.status = 'open' AND pr.reminder_frequency IS NOT NULL AND pr.close_submission_deadline > $1
     AND rs.invited_at IS NOT NULL
     AND ($2::uuid IS NULL OR rs.purchase_request_id = $2::uuid) AND ($3::uuid IS NULL OR rs.supplier_id = $3::uuid)
     AND NOT EXISTS (SELECT 1 FROM supplier_offers o WHERE o.purchase_request_id = rs.purchase_request_id AND o.supplier_id = rs.supplier_id)`;

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
    private readonly tenant: TenantTransactions,
    private readonly requests: PurchaseRequestRepository,
    private readonly mailer: OrganizationMailer,
    private readonly config: AppConfig,
  ) {}

  /** The reminders due at `now` in the transaction's organization. */
  async due(now: Date): Promise<DueReminder[]> {
    const rows: ReminderRow[] = await this.tenant.manager().query(`${CANDIDATES} ORDER BY pr.close_submission_deadline, rs.id`, [now, null, null]);
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
    const manager = this.tenant.manager();
    const locked = await manager.query(`SELECT 1 FROM purchase_request_suppliers WHERE purchase_request_id = $1 AND supplier_id = $2 FOR UPDATE`, [
      reminder.purchaseRequestId,
      reminder.supplierId,
    ]);
    if (locked.length === 0) return false;
    const [row]: ReminderRow[] = await manager.query(CANDIDATES, [now, reminder.purchaseRequestId, reminder.supplierId]);
    const still = row ? dueOf(row, now) : null;
    if (still?.slot.getTime() !== reminder.slot.getTime()) return false;
    const [ledger]: Array<{ id: string }> = await manager.query(
      `INSERT INTO purchase_request_reminders (purchase_request_id, supplier_id, slot, sent_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (purchase_request_id, supplier_id, slot) DO NOTHING RETURNING id`,
      [reminder.purchaseRequestId, reminder.supplierId, reminder.slot, now],
    );
    if (!ledger) return false;
    const found = await this.requests.mailFacts(reminder.purchaseRequestId, reminder.supplierId);
    if (!found?.supplier) return false;
    const { token, hash } = newSupplierToken();
    await manager.query(`UPDATE purchase_request_suppliers SET token_hash = $3, updated_at = now() WHERE purchase_request_id = $1 AND supplier_id = $2`, [
      reminder.purchaseRequestId,
      reminder.supplierId,
      hash,
    ]);
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
