import { Injectable } from '@nestjs/common';
import { OutboxEvent, TenantTransactions } from '@fabquote/database';
import { JobData, JobName, JOB_QUEUES } from './jobs';
import { OutboxEventRepository } from './outbox-event.repository';

type EventData<N extends JobName> = Omit<JobData<N>, 'organizationId'>;

/**
 * Records a domain event in the current tenant transaction. The event becomes a
 * job only if that transaction commits, and it survives Redis being down.
 */
@Injectable()
export class EventOutbox {
  constructor(private readonly tenant: TenantTransactions) {}

  async emit<N extends JobName>(name: N, data: EventData<N>): Promise<string> {
    const payload = { ...data, organizationId: this.tenant.organizationId() };
    const event = await this.tenant.manager().getRepository(OutboxEvent).save({
      jobName: name,
      queueName: JOB_QUEUES[name],
      payload,
    });
    return event.id;
  }

  /**
   * Several events of one job in one statement (a fan-out: `pricing.reprice`'s batches), in the order given;
   * their ids in that order. The same rows as `emit` writes one by one.
   */
  async emitAll<N extends JobName>(name: N, data: Array<EventData<N>>): Promise<string[]> {
    if (data.length === 0) return [];
    const organizationId = this.tenant.organizationId();
    return new OutboxEventRepository(this.tenant.manager()).insertAll(name, JOB_QUEUES[name], data.map((item) => ({ ...item, organizationId })));
  }
}
