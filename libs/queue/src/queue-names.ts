/** One queue per kind of work (docs/design.md §4). */
export enum QueueName {
  Mail = 'mail',
  Extraction = 'extraction',
  Speech = 'speech',
  Reminders = 'reminders',
  Rating = 'rating',
  Pricing = 'pricing',
}

export const QUEUE_NAMES = Object.values(QueueName);

/**
 * How many jobs of each queue one worker process runs at once (`JobRunner`'s BullMQ workers). Each running job
 * holds a connection of the worker's database pool (10, shared with the outbox relay) for its tenant
 * transaction. Mail jobs mostly wait (their transaction's round trips, an SMTP server or the `.eml` file), so
 * more at once keep the process busy while some wait: the outbox bench's 1000 mails went 15–25 % faster with 8
 * than with 4 on a quiet machine (no clear difference with both cores saturated); 16 were no faster, and would want more
 * connections than the pool has. The others stay at 4: pricing and rating compute on the event loop, and the AI
 * calls of extraction and speech are limited by their provider.
 */
export const QUEUE_CONCURRENCY: { readonly [Q in QueueName]: number } = {
  [QueueName.Mail]: 8,
  [QueueName.Extraction]: 4,
  [QueueName.Speech]: 4,
  [QueueName.Reminders]: 4,
  [QueueName.Rating]: 4,
  [QueueName.Pricing]: 4,
};
