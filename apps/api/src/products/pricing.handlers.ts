import { Injectable, Logger } from '@nestjs/common';
import { affectedProducts, calculateProducts } from '@fabquote/calculations';
import { TenantTransactions } from '@fabquote/database';
import { CalculateProductsJob, EventOutbox, HandlesJob, JobHandler, RepriceJob } from '@fabquote/queue';

/** Products per calculation job: small enough to keep a transaction short, large enough to load prices once per batch. */
export const CALCULATION_BATCH = 100;

/** A price input changed: sends the affected products to be recalculated, in batches the dashboard shows one by one. */
@Injectable()
@HandlesJob('pricing.reprice')
export class RepriceHandler implements JobHandler<'pricing.reprice'> {
  constructor(
    private readonly tenant: TenantTransactions,
    private readonly outbox: EventOutbox,
  ) {}

  async handle({ source, sourceId, reason }: RepriceJob): Promise<void> {
    const productIds = await affectedProducts(this.tenant.manager(), source, sourceId);
    const batches: Array<Omit<CalculateProductsJob, 'organizationId'>> = [];
    for (let start = 0; start < productIds.length; start += CALCULATION_BATCH) batches.push({ productIds: productIds.slice(start, start + CALCULATION_BATCH), reason });
    // One statement for the lot (10,000 products: 100 events).
    await this.outbox.emitAll('pricing.calculate', batches);
  }
}

@Injectable()
@HandlesJob('pricing.calculate')
export class CalculateProductsHandler implements JobHandler<'pricing.calculate'> {
  private readonly logger = new Logger(CalculateProductsHandler.name);

  constructor(private readonly tenant: TenantTransactions) {}

  async handle({ productIds, reason }: CalculateProductsJob): Promise<void> {
    // A product whose latest calculation already has this change is left alone (no repeated calculation).
    const run = await calculateProducts(this.tenant.manager(), productIds, reason, { onlyIfChanged: true });
    // A product that can no longer be priced keeps its last calculation; the reason is logged.
    for (const failure of run.failed) this.logger.warn({ productId: failure.productId, reason: failure.message }, 'Product not repriced');
  }
}
