import type { ReminderFrequency } from '../shared/purchase-request.entity';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Days between two slots of the frequencies that have a fixed period. */
const PERIOD_DAYS = { daily: 1, every_3_days: 3, weekly: 7 } as const;

/**
 * A reminder is not sent within this time after the supplier last heard from the shop (its invitation,
 * or a reminder sent late): a fresh mail is its own reminder, and a moved deadline or a late reminder
 * never makes two come close together.
 */
export const REMINDER_QUIET_MS = 12 * HOUR;

/** `date` moved back by `months` calendar months (UTC), the day kept or, in a shorter month, its last day. */
export function monthsBefore(date: Date, months: number): Date {
  const total = date.getUTCFullYear() * 12 + date.getUTCMonth() - months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(year, month, Math.min(date.getUTCDate(), lastDay), date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds()),
  );
}

/**
 * The `k`-th reminder slot (k ≥ 1), counted back from the deadline: once, one day before it; daily,
 * every 3 days and weekly, k periods before it; monthly, k calendar months before it. Counting back
 * puts the last reminder a whole period before the deadline, at the deadline's time of day, the same
 * for every supplier of the request. `null`: no such slot (once has one).
 */
export function reminderSlot(frequency: ReminderFrequency, deadline: Date, k: number): Date | null {
  if (frequency === 'once') return k === 1 ? new Date(deadline.getTime() - DAY) : null;
  if (frequency === 'monthly') return monthsBefore(deadline, k);
  return new Date(deadline.getTime() - k * PERIOD_DAYS[frequency] * DAY);
}

/** The latest slot at or before `now` (slots missed before it do not count), or `null` when none has come or the deadline has. */
export function latestSlot(frequency: ReminderFrequency, deadline: Date, now: Date): Date | null {
  const left = deadline.getTime() - now.getTime();
  if (left <= 0) return null;
  if (frequency === 'once') {
    const slot = reminderSlot('once', deadline, 1) as Date;
    return slot.getTime() <= now.getTime() ? slot : null;
  }
  if (frequency === 'monthly') {
    const monthsLeft = (deadline.getUTCFullYear() - now.getUTCFullYear()) * 12 + deadline.getUTCMonth() - now.getUTCMonth();
    let k = Math.max(1, monthsLeft - 1);
    while (monthsBefore(deadline, k).getTime() > now.getTime()) k += 1;
    while (k > 1 && monthsBefore(deadline, k - 1).getTime() <= now.getTime()) k -= 1;
    return monthsBefore(deadline, k);
  }
  const period = PERIOD_DAYS[frequency] * DAY;
  return new Date(deadline.getTime() - Math.ceil(left / period) * period);
}

/** What decides whether a supplier is reminded: the request's frequency and deadline, and when the supplier last heard from the shop. */
export interface ReminderState {
  frequency: ReminderFrequency;
  deadline: Date;
  /** The latest invitation (`null`: the request was never sent to this supplier). */
  invitedAt: Date | null;
  /** The latest reminder sent, if any. */
  lastRemindedAt: Date | null;
}

/**
 * The slot of the reminder due at `now`, or `null`. Due is the latest slot passed (before the
 * deadline), once the supplier was invited and at least {@link REMINDER_QUIET_MS} after it last heard
 * from the shop. One slot only: a worker that was down over several slots sends one reminder, not one
 * per slot missed. The caller checks what the schedule cannot know (the request is open, the supplier
 * has not submitted) and the ledger (a slot is sent once).
 */
export function dueReminderSlot(state: ReminderState, now: Date): Date | null {
  if (!state.invitedAt) return null;
  const slot = latestSlot(state.frequency, state.deadline, now);
  if (!slot) return null;
  const lastHeard = Math.max(state.invitedAt.getTime(), state.lastRemindedAt?.getTime() ?? 0);
  return slot.getTime() >= lastHeard + REMINDER_QUIET_MS ? slot : null;
}
