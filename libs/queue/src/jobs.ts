import { QueueName } from './queue-names';

/** What every job carries: the organization it runs for, so the worker can open its tenant transaction. */
export interface TenantJob {
  organizationId: string;
}

export interface MailAddress {
  name?: string;
  address: string;
}

/** Send one email. The sender's display name comes from the organization's `mail-sender-name` setting. */
export interface SendMailJob extends TenantJob {
  to: MailAddress[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

/**
 * Every job name with its payload. Adding a job means adding it here and in
 * {@link JOB_QUEUES}; the worker refuses to start until exactly one handler exists for it.
 */
export interface JobPayloads {
  'mail.send': SendMailJob;
}

export type JobName = keyof JobPayloads;
export type JobData<N extends JobName> = JobPayloads[N];

/** The queue each job runs on. */
export const JOB_QUEUES: { readonly [N in JobName]: QueueName } = {
  'mail.send': QueueName.Mail,
};

export const JOB_NAMES = Object.keys(JOB_QUEUES) as JobName[];

export function isJobName(name: string): name is JobName {
  return Object.prototype.hasOwnProperty.call(JOB_QUEUES, name);
}
