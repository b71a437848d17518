import { HandledJob } from './handled-job.entity';
import { AccessToken, Language, Permission, Role, StoredFile, User } from './identity.entities';
import { Organization } from './organization.entity';
import { OutboxEvent } from './outbox-event.entity';
import { Setting } from './setting.entity';

export * from './handled-job.entity';
export * from './identity.entities';
export * from './organization.entity';
export * from './outbox-event.entity';
export * from './setting.entity';
export * from './tenant-owned';

export const ENTITIES = [Organization, Setting, OutboxEvent, HandledJob, Language, Permission, Role, StoredFile, User, AccessToken];
