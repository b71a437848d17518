import { HandledJob } from './handled-job.entity';
import { Organization } from './organization.entity';
import { OutboxEvent } from './outbox-event.entity';
import { Setting } from './setting.entity';

export * from './handled-job.entity';
export * from './organization.entity';
export * from './outbox-event.entity';
export * from './setting.entity';
export * from './tenant-owned';

export const ENTITIES = [Organization, Setting, OutboxEvent, HandledJob];
