import { Injectable } from '@nestjs/common';
import { HandlesJob, JobHandler, RateOffersJob } from '@fabquote/queue';
import { OfferRatings } from './rating.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `procurement.rate-offers` (queue `rating`): emitted with every submit or revision and the close,
 * it rates all latest offers of the request and replaces the stored ratings in the job's transaction;
 * the handled-jobs ledger makes a job delivered again do nothing. Without a request (the weights
 * changed) it emits one such job per open request.
 */
@Injectable()
@HandlesJob('procurement.rate-offers')
export class RateOffersHandler implements JobHandler<'procurement.rate-offers'> {
  constructor(private readonly ratings: OfferRatings) {}

  async handle(job: RateOffersJob): Promise<void> {
    if (job.purchaseRequestId === undefined) await this.ratings.rateOpenRequests();
    else if (UUID.test(job.purchaseRequestId)) await this.ratings.rate(job.purchaseRequestId);
  }
}
