import { formatDateText, formatDateTimeText, instantOfWallClock, isoDateInZone, knownTimeZone, parseDateText, parseDateTimeText, wallClockAt, zoneName } from './dates';
import { formatDate, formatDateTime } from './format';

/** Dates follow the chosen language and the organization's zone, never the browser's. */
describe('dates typed and shown in the chosen language', () => {
  it.each([
    ['26.11.2026', 'de', '2026-11-26'],
    ['26.11.26', 'de', '2026-11-26'],
    ['1.2.27', 'de', '2027-02-01'],
    [' 26.11.2026 ', 'de', '2026-11-26'],
    ['26/11/2026', 'en', '2026-11-26'],
    ['26/11/26', 'en', '2026-11-26'],
    ['2026-11-26', 'de', '2026-11-26'],
    ['2026-11-26', 'en', '2026-11-26'],
    ['', 'de', ''],
    ['   ', 'en', ''],
  ])('reads %p in %s as %p', (text, locale, expected) => {
    expect(parseDateText(text, locale)).toBe(expected);
  });

  it.each([
    ['26/11/2026', 'de'], // another language's notation is refused, never reinterpreted
    ['26.11.2026', 'en'],
    ['11/26/2026', 'en'], // month first: there is no 26th month
    ['31.02.2026', 'de'],
    ['29.02.2027', 'de'],
    ['26.11.202', 'de'],
    ['26.11.', 'de'],
    ['tomorrow', 'en'],
  ])('refuses %p in %s', (text, locale) => {
    expect(parseDateText(text, locale)).toBeNull();
  });

  it('writes a stored date in the field with the year in full', () => {
    expect(formatDateText('2026-11-26', 'de')).toBe('26.11.2026');
    expect(formatDateText('2026-11-26', 'en')).toBe('26/11/2026');
    expect(formatDateText('typed', 'de')).toBe('typed');
    expect(formatDateText(null, 'de')).toBe('');
    expect(parseDateText('29.02.2028', 'de')).toBe('2028-02-29');
  });
});

describe("date-times on the organization's wall clock", () => {
  it('reads a typed time in the zone, across summer and winter time', () => {
    expect(parseDateTimeText('26.11.2026 18:00', 'de', 'Europe/Berlin')).toBe('2026-11-26T17:00:00.000Z');
    expect(parseDateTimeText('01/07/2026 18:00', 'en', 'Europe/Berlin')).toBe('2026-07-01T16:00:00.000Z');
    expect(parseDateTimeText('26.11.26 9.30', 'de', 'America/New_York')).toBe('2026-11-26T14:30:00.000Z');
    expect(parseDateTimeText('26/11/2026 18:00', 'en', 'UTC')).toBe('2026-11-26T18:00:00.000Z');
    expect(parseDateTimeText('', 'en', 'UTC')).toBe('');
    expect(parseDateTimeText('26.11.2026', 'de', 'UTC')).toBeNull();
    expect(parseDateTimeText('26.11.2026 24:00', 'de', 'UTC')).toBeNull();
    expect(parseDateTimeText('26/11/2026 18:00', 'de', 'UTC')).toBeNull();
  });

  it('finds the instant of a wall clock next to a clock change', () => {
    // 29 March 2026, Berlin: 02:00 CET becomes 03:00 CEST.
    expect(instantOfWallClock({ year: 2026, month: 3, day: 29, hour: 1, minute: 30 }, 'Europe/Berlin').toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(instantOfWallClock({ year: 2026, month: 3, day: 29, hour: 3, minute: 30 }, 'Europe/Berlin').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(wallClockAt(new Date('2026-10-25T00:30:00Z'), 'Europe/Berlin')).toEqual({ year: 2026, month: 10, day: 25, hour: 2, minute: 30 });
  });

  it('shows an instant in the zone, the zone named', () => {
    const deadline = '2026-11-26T17:00:00.000Z';
    expect(formatDateTimeText(deadline, 'de', 'Europe/Berlin')).toBe('26.11.2026 18:00');
    expect(formatDateTimeText(deadline, 'en', 'America/New_York')).toBe('26/11/2026 12:00');
    expect(formatDateTime(deadline, 'de', 'Europe/Berlin')).toBe('26.11.26 18:00 MEZ');
    expect(formatDateTime('2026-07-01T16:00:00Z', 'de', 'Europe/Berlin')).toBe('01.07.26 18:00 MESZ');
    expect(formatDateTime(deadline, 'en', 'Europe/Berlin')).toBe('26/11/26 18:00 CET');
    expect(formatDateTime(deadline, 'en', 'UTC')).toBe('26/11/26 17:00 UTC');
    expect(zoneName(new Date(deadline), 'America/New_York', 'en')).toBe('GMT-5');
  });

  it("puts an instant on the organization's calendar day, a calendar date on its own day", () => {
    // 23:30 UTC on the 25th is already the 26th in Berlin, and still the 25th in New York.
    expect(formatDate('2026-11-25T23:30:00Z', 'de', 'Europe/Berlin')).toBe('26.11.26');
    expect(formatDate('2026-11-25T23:30:00Z', 'en', 'America/New_York')).toBe('25/11/26');
    expect(formatDate('2026-11-26', 'de', 'America/New_York')).toBe('26.11.26');
    expect(isoDateInZone('Europe/Berlin', 0, new Date('2026-11-25T23:30:00Z'))).toBe('2026-11-26');
    expect(isoDateInZone('Europe/Berlin', 30, new Date('2026-11-25T23:30:00Z'))).toBe('2026-12-26');
  });

  it('takes a zone it does not know as UTC', () => {
    expect(knownTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(knownTimeZone('Mars/Olympus')).toBe('UTC');
    expect(knownTimeZone('')).toBe('UTC');
  });
});
