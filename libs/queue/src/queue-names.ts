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
