import { Injectable } from '@nestjs/common';
import { EventOutbox } from '@fabquote/queue';
import { DeadlineRepository } from './deadline.repository';

/**
 * The close and the reopen of a purchase request, the same whoever does them (the due check at the
 * deadline, staff early, staff moving the deadline), each with its events in the caller's transaction:
 * the status and the events commit together or not at all.
 */
@Injectable()
export class PurchaseRequestDeadlines {
  constructor(
    private readonly deadlines: DeadlineRepository,
    private readonly outbox: EventOutbox,
  ) {}

  /**
   * The open requests whose deadline has come by `now` close, `closedAt` = their deadline (a worker
   * that was down closes them late, but they closed then: no offer could come after it). Concurrent
   * checks do not close one twice: the update takes the row and re-reads its status.
   */
  async closeDue(now: Date): Promise<string[]> {
    const closed = await this.deadlines.closeDue(now);
    for (const id of closed) await this.closed(id, 'deadline');
    return closed;
  }

  /**
   * After a request's status became closed (the row written by the caller): the final rating of its offers; the
   * rating job then emits the ranking mail (rating first, then the mail, rendered from the stored rating).
   */
  async closed(purchaseRequestId: string, closedBy: 'deadline' | 'staff'): Promise<void> {
    await this.outbox.emit('procurement.rate-offers', { purchaseRequestId, closedBy });
  }

  /** After a closed request was opened again by a later deadline: every supplier it was sent to is told, each with a new link. */
  async reopened(purchaseRequestId: string): Promise<void> {
    for (const supplierId of await this.deadlines.invitedSuppliers(purchaseRequestId)) await this.outbox.emit('procurement.request-reopened', { purchaseRequestId, supplierId });
  }
}
