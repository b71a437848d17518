import { Injectable, Logger } from '@nestjs/common';
import { TenantTransactions } from '@fabquote/database';
import { EventOutbox, HandlesJob, JobHandler, RateOffersJob } from '@fabquote/queue';
import { RatingError } from '@fabquote/rating';
import { rankingRecipients } from '../deadline/deadline.handlers';
import { DeadlineRepository } from '../deadline/deadline.repository';
import { OfferRatings } from './rating.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `procurement.rate-offers` (queue `rating`): emitted with every submit or revision and the close,
 * it rates all latest offers of the request and replaces the stored ratings in the job's transaction;
 * the handled-jobs ledger makes a job delivered again do nothing. Without a request (the weights
 * changed) it emits one such job per open request. The close's job (`closedBy`) then emits the ranking mail in its
 * transaction, so the mail is rendered from the rating just stored; offers the rating refuses (bad stored input)
 * do not hold the mail back, which then ranks by price.
 */
@Injectable()
@HandlesJob('procurement.rate-offers')
export class RateOffersHandler implements JobHandler<'procurement.rate-offers'> {
  private readonly logger = new Logger(RateOffersHandler.name);

  constructor(
    private readonly ratings: OfferRatings,
    private readonly outbox: EventOutbox,
    private readonly tenant: TenantTransactions,
    private readonly deadlines: DeadlineRepository,
  ) {}

  async handle(job: RateOffersJob): Promise<void> {
    if (job.purchaseRequestId === undefined) {
      await this.ratings.rateOpenRequests();
      return;
    }
    if (!UUID.test(job.purchaseRequestId)) return;
    try {
      await this.ratings.rate(job.purchaseRequestId);
    } catch (error) {
      if (!(error instanceof RatingError) || !job.closedBy) throw error;
      this.logger.warn({ purchaseRequestId: job.purchaseRequestId, error: error.message }, 'The final rating refused the offers; the ranking mail ranks by price');
    }
    if (job.closedBy) await this.rankingMails(job.purchaseRequestId, job.closedBy);
  }

  /** One ranking-mail job per recipient, so a failing mail never holds back another's; none if the request is open again. */
  private async rankingMails(purchaseRequestId: string, closedBy: 'deadline' | 'staff'): Promise<void> {
    const request = await this.deadlines.request(purchaseRequestId);
    if (request?.status !== 'closed') return;
    const recipients = await rankingRecipients(this.tenant.manager(), request.created_by);
    // Nobody to tell: one job without a recipient, whose handler says so in the log.
    if (recipients.length === 0) await this.outbox.emit('procurement.ranking-mail', { purchaseRequestId, closedBy });
    for (const recipient of recipients) await this.outbox.emit('procurement.ranking-mail', { purchaseRequestId, closedBy, recipientId: recipient.id });
  }
}
