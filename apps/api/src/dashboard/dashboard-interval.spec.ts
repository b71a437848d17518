import { dashboardPeriod, DashboardInterval, isDashboardInterval } from './dashboard-interval';

const period = (interval: DashboardInterval, now: string, zone = 'Europe/Berlin') => {
  const { from, to } = dashboardPeriod(interval, new Date(now), zone);
  return [from.toISOString(), to.toISOString()];
};

describe('dashboardPeriod: [from, to) in the organization time zone', () => {
  it('today is the whole local day, also just after local midnight (still yesterday in UTC)', () => {
    expect(period('today', '2026-06-14T22:30:00Z')).toEqual(['2026-06-14T22:00:00.000Z', '2026-06-15T22:00:00.000Z']);
    expect(period('today', '2026-06-14T21:59:59Z')).toEqual(['2026-06-13T22:00:00.000Z', '2026-06-14T22:00:00.000Z']);
    expect(period('today', '2026-06-14T23:59:59.999Z', 'UTC')).toEqual(['2026-06-14T00:00:00.000Z', '2026-06-15T00:00:00.000Z']);
  });

  it('a DST change day is one day of 23 or 25 hours', () => {
    // Berlin: 29 March 2026 loses 02:00–03:00, 25 October 2026 repeats 02:00–03:00.
    expect(period('today', '2026-03-29T12:00:00Z')).toEqual(['2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z']);
    expect(period('today', '2026-10-25T12:00:00Z')).toEqual(['2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z']);
    // New York: 8 March 2026 springs forward at 02:00.
    expect(period('today', '2026-03-08T15:00:00Z', 'America/New_York')).toEqual(['2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z']);
  });

  it('a day whose midnight was skipped starts at its first instant (São Paulo, 4 November 2018: 00:00 became 01:00)', () => {
    expect(period('today', '2018-11-04T12:00:00Z', 'America/Sao_Paulo')).toEqual(['2018-11-04T03:00:00.000Z', '2018-11-05T02:00:00.000Z']);
    // 17 February 2019: 00:00 -02 went back to 23:00 -03, so the day starts at the later midnight.
    expect(period('today', '2019-02-17T12:00:00Z', 'America/Sao_Paulo')).toEqual(['2019-02-17T03:00:00.000Z', '2019-02-18T03:00:00.000Z']);
  });

  it('30, 60 and 365 days count today and the days before it, across a DST change', () => {
    expect(period('30d', '2026-04-10T10:00:00Z')).toEqual(['2026-03-11T23:00:00.000Z', '2026-04-10T22:00:00.000Z']);
    expect(period('60d', '2026-04-10T10:00:00Z')).toEqual(['2026-02-09T23:00:00.000Z', '2026-04-10T22:00:00.000Z']);
    expect(period('365d', '2026-04-10T10:00:00Z')).toEqual(['2025-04-10T22:00:00.000Z', '2026-04-10T22:00:00.000Z']);
    expect(period('365d', '2024-12-31T12:00:00Z', 'UTC')).toEqual(['2024-01-02T00:00:00.000Z', '2025-01-01T00:00:00.000Z']);
  });

  it('month, quarter and year to date start at the local first of the month, quarter and year', () => {
    expect(period('mtd', '2026-05-31T21:00:00Z')).toEqual(['2026-04-30T22:00:00.000Z', '2026-05-31T22:00:00.000Z']);
    // 22:30 UTC on 31 May is 1 June in Berlin: a new month (and for the quarter, still Q2).
    expect(period('mtd', '2026-05-31T22:30:00Z')).toEqual(['2026-05-31T22:00:00.000Z', '2026-06-01T22:00:00.000Z']);
    expect(period('qtd', '2026-06-30T12:00:00Z')).toEqual(['2026-03-31T22:00:00.000Z', '2026-06-30T22:00:00.000Z']);
    expect(period('qtd', '2026-06-30T22:30:00Z')).toEqual(['2026-06-30T22:00:00.000Z', '2026-07-01T22:00:00.000Z']);
    expect(period('qtd', '2026-02-15T12:00:00Z')).toEqual(['2025-12-31T23:00:00.000Z', '2026-02-15T23:00:00.000Z']);
    expect(period('qtd', '2026-11-30T12:00:00Z')).toEqual(['2026-09-30T22:00:00.000Z', '2026-11-30T23:00:00.000Z']);
    // New Year's Eve 23:30 UTC is already 1 January in Berlin: the year to date is that one day.
    expect(period('ytd', '2026-12-31T23:30:00Z')).toEqual(['2026-12-31T23:00:00.000Z', '2027-01-01T23:00:00.000Z']);
    expect(period('ytd', '2026-12-31T22:59:59Z')).toEqual(['2025-12-31T23:00:00.000Z', '2026-12-31T23:00:00.000Z']);
    expect(period('mtd', '2026-01-01T00:00:00Z', 'UTC')).toEqual(['2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z']);
  });

  it('a zone east of UTC across the date line', () => {
    expect(period('today', '2026-06-14T12:30:00Z', 'Pacific/Kiritimati')).toEqual(['2026-06-14T10:00:00.000Z', '2026-06-15T10:00:00.000Z']);
  });

  it('knows exactly the seven intervals', () => {
    for (const value of ['30d', '60d', '365d', 'today', 'mtd', 'qtd', 'ytd']) expect(isDashboardInterval(value)).toBe(true);
    for (const value of ['30D', '7d', '', ' 30d', 'toString', '__proto__', 30, null, ['30d']]) expect(isDashboardInterval(value)).toBe(false);
  });
});
