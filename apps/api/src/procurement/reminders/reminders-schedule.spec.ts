import { dueReminderSlot, latestSlot, monthsBefore, reminderSlot, REMINDER_QUIET_MS } from './reminders-schedule';

const at = (iso: string) => new Date(iso);
const iso = (date: Date | null) => date?.toISOString() ?? null;
const DEADLINE = at('2030-03-31T17:00:00.000Z');

describe('which reminder slot is due at a time (counted back from the deadline)', () => {
  it('once: one day before the deadline, and only from then until the deadline', () => {
    expect(iso(reminderSlot('once', DEADLINE, 1))).toBe('2030-03-30T17:00:00.000Z');
    expect(reminderSlot('once', DEADLINE, 2)).toBeNull();
    expect(latestSlot('once', DEADLINE, at('2030-03-30T16:59:59.999Z'))).toBeNull();
    expect(iso(latestSlot('once', DEADLINE, at('2030-03-30T17:00:00.000Z')))).toBe('2030-03-30T17:00:00.000Z');
    expect(iso(latestSlot('once', DEADLINE, at('2030-03-31T16:59:00.000Z')))).toBe('2030-03-30T17:00:00.000Z');
    expect(latestSlot('once', DEADLINE, DEADLINE)).toBeNull();
    expect(latestSlot('once', DEADLINE, at('2030-04-02T00:00:00.000Z'))).toBeNull();
  });

  it('daily: every day at the deadline\'s time of day, the latest passed one', () => {
    expect(iso(latestSlot('daily', DEADLINE, at('2030-03-25T16:59:00.000Z')))).toBe('2030-03-24T17:00:00.000Z');
    expect(iso(latestSlot('daily', DEADLINE, at('2030-03-25T17:00:00.000Z')))).toBe('2030-03-25T17:00:00.000Z');
    expect(iso(latestSlot('daily', DEADLINE, at('2030-03-31T16:00:00.000Z')))).toBe('2030-03-30T17:00:00.000Z');
    expect(latestSlot('daily', DEADLINE, at('2030-03-31T17:00:00.000Z'))).toBeNull();
  });

  it('every 3 days and weekly: whole periods before the deadline', () => {
    expect(iso(latestSlot('every_3_days', DEADLINE, at('2030-03-29T12:00:00.000Z')))).toBe('2030-03-28T17:00:00.000Z');
    expect(iso(latestSlot('every_3_days', DEADLINE, at('2030-03-28T16:00:00.000Z')))).toBe('2030-03-25T17:00:00.000Z');
    expect(iso(latestSlot('weekly', DEADLINE, at('2030-03-25T00:00:00.000Z')))).toBe('2030-03-24T17:00:00.000Z');
    expect(iso(latestSlot('weekly', DEADLINE, at('2030-03-24T16:00:00.000Z')))).toBe('2030-03-17T17:00:00.000Z');
    expect(iso(latestSlot('weekly', DEADLINE, at('2030-03-30T23:00:00.000Z')))).toBe('2030-03-24T17:00:00.000Z');
  });

  it('monthly: calendar months before the deadline, the last day of a shorter month', () => {
    expect(iso(monthsBefore(DEADLINE, 1))).toBe('2030-02-28T17:00:00.000Z');
    expect(iso(monthsBefore(DEADLINE, 2))).toBe('2030-01-31T17:00:00.000Z');
    expect(iso(monthsBefore(DEADLINE, 3))).toBe('2029-12-31T17:00:00.000Z');
    expect(iso(monthsBefore(at('2032-03-31T17:00:00.000Z'), 1))).toBe('2032-02-29T17:00:00.000Z');
    expect(iso(latestSlot('monthly', DEADLINE, at('2030-03-10T00:00:00.000Z')))).toBe('2030-02-28T17:00:00.000Z');
    expect(iso(latestSlot('monthly', DEADLINE, at('2030-02-28T16:59:00.000Z')))).toBe('2030-01-31T17:00:00.000Z');
    expect(iso(latestSlot('monthly', DEADLINE, at('2029-06-15T00:00:00.000Z')))).toBe('2029-05-31T17:00:00.000Z');
    expect(latestSlot('monthly', DEADLINE, at('2030-04-01T00:00:00.000Z'))).toBeNull();
  });

  it('only after the supplier was invited, and not within 12 hours of the last mail it got', () => {
    const state = { frequency: 'daily' as const, deadline: DEADLINE, invitedAt: at('2030-03-20T09:00:00.000Z'), lastRemindedAt: null };
    expect(dueReminderSlot({ ...state, invitedAt: null }, at('2030-03-25T18:00:00.000Z'))).toBeNull();
    // Invited 09:00: the 17:00 slot of that day is within the quiet time, the next day's is due.
    expect(dueReminderSlot(state, at('2030-03-20T17:30:00.000Z'))).toBeNull();
    expect(iso(dueReminderSlot(state, at('2030-03-21T17:00:00.000Z')))).toBe('2030-03-21T17:00:00.000Z');
    expect(REMINDER_QUIET_MS).toBe(12 * 3_600_000);
    // A reminder sent late (the worker was down) keeps the next slot quiet when it comes less than 12 hours later.
    const late = { ...state, lastRemindedAt: at('2030-03-22T07:00:00.000Z') };
    expect(dueReminderSlot(late, at('2030-03-22T17:05:00.000Z'))).toBeNull();
    expect(iso(dueReminderSlot(late, at('2030-03-23T17:05:00.000Z')))).toBe('2030-03-23T17:00:00.000Z');
    // Once: invited less than a day before the deadline, there is no reminder at all.
    expect(dueReminderSlot({ ...state, frequency: 'once', invitedAt: at('2030-03-30T20:00:00.000Z') }, at('2030-03-31T10:00:00.000Z'))).toBeNull();
  });

  it('sends one reminder for slots missed together: the latest', () => {
    const state = { frequency: 'daily' as const, deadline: DEADLINE, invitedAt: at('2030-03-20T09:00:00.000Z'), lastRemindedAt: at('2030-03-21T17:01:00.000Z') };
    // Down from the 22nd to the 25th: one reminder for the 25th's slot.
    expect(iso(dueReminderSlot(state, at('2030-03-25T18:00:00.000Z')))).toBe('2030-03-25T17:00:00.000Z');
    expect(dueReminderSlot({ ...state, lastRemindedAt: at('2030-03-25T18:00:00.000Z') }, at('2030-03-25T19:00:00.000Z'))).toBeNull();
  });
});
