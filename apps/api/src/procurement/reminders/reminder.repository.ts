import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { TenantTransactions } from '@fabquote/database';
import type { ReminderFrequency } from '../shared/purchase-request.entity';

/** A supplier of an open request that may be due a reminder, with what decides it. */
export interface ReminderRow {
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

/** The suppliers' reminders: who may be due one, and the ledger `purchase_request_reminders` of those sent. */
@Injectable()
export class ReminderRepository {
  constructor(private readonly tenant: TenantTransactions) {}

  private get manager(): EntityManager {
    return this.tenant.manager();
  }

  /** Every candidate (by deadline), or the one of a request's supplier. */
  candidates(now: Date, of?: { purchaseRequestId: string; supplierId: string }): Promise<ReminderRow[]> {
    return of
      ? this.manager.query<ReminderRow[]>(CANDIDATES, [now, of.purchaseRequestId, of.supplierId])
      : this.manager.query<ReminderRow[]>(`${CANDIDATES} ORDER BY pr.close_submission_deadline, rs.id`, [now, null, null]);
  }

  /** The request's supplier row locked until the transaction ends (a submit takes the same lock); false: not of the request. */
  async lockSupplier(purchaseRequestId: string, supplierId: string): Promise<boolean> {
    const locked = await this.manager.query<unknown[]>(`SELECT 1 FROM purchase_request_suppliers WHERE purchase_request_id = $1 AND supplier_id = $2 FOR UPDATE`, [
      purchaseRequestId,
      supplierId,
    ]);
    return locked.length > 0;
  }

  /** The ledger's row of a reminder sent `at`; null when its slot was sent already (the unique key makes a second insert wait, then do nothing). */
  async recordSent(reminder: { purchaseRequestId: string; supplierId: string; slot: Date }, at: Date): Promise<{ id: string } | null> {
    const [ledger] = await this.manager.query<Array<{ id: string }>>(
      `INSERT INTO purchase_request_reminders (purchase_request_id, supplier_id, slot, sent_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (purchase_request_id, supplier_id, slot) DO NOTHING RETURNING id`,
      [reminder.purchaseRequestId, reminder.supplierId, reminder.slot, at],
    );
    return ledger ?? null;
  }
}
