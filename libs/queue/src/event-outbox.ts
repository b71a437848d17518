import { Injectable } from '@nestjs/common';
import { OutboxEvent, TenantTransactions } from '@fabquote/database';
import { JobData, JobName, JOB_QUEUES } from './jobs';

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
}
