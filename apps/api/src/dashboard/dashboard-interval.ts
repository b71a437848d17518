/**
 * The dashboard's intervals (docs/product.md §9) as half-open periods [from, to) of instants, in the organization's
 * time zone: each starts at a local midnight and all end at the start of tomorrow, so "today" is the
 * whole local day and a day of 23 or 25 hours (DST) is still one day. Pure: the clock and the zone are
 * arguments, so the edges are tested by worked examples (dashboard-interval.spec.ts).
 */
export const DASHBOARD_INTERVALS = ['30d', '60d', '365d', 'today', 'mtd', 'qtd', 'ytd'] as const;
export type DashboardInterval = (typeof DASHBOARD_INTERVALS)[number];

export interface Period {
  /** The first instant inside. */
  from: Date;
  /** The first instant after (the start of tomorrow, local). */
  to: Date;
}

/** A calendar day (month 1–12), normalised by `Date.UTC` when a part overflows. */
interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

export const isDashboardInterval = (value: unknown): value is DashboardInterval =>
  typeof value === 'string' && (DASHBOARD_INTERVALS as readonly string[]).includes(value);

/** Days counted back, today included: "30 days" is today and the 29 before it. */
const ROLLING_DAYS: Partial<Record<DashboardInterval, number>> = { '30d': 30, '60d': 60, '365d': 365 };

export function dashboardPeriod(interval: DashboardInterval, now: Date, timeZone: string): Period {
  const today = localDay(now, timeZone);
  const to = startOfDay({ ...today, day: today.day + 1 }, timeZone);
  const first = (): CalendarDay => {
    const days = ROLLING_DAYS[interval];
    if (days) return { ...today, day: today.day - (days - 1) };
    if (interval === 'mtd') return { ...today, day: 1 };
    if (interval === 'qtd') return { year: today.year, month: today.month - ((today.month - 1) % 3), day: 1 };
    if (interval === 'ytd') return { year: today.year, month: 1, day: 1 };
    return today;
  };
  return { from: startOfDay(first(), timeZone), to };
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** The wall clock in a zone at an instant, as if it were UTC (ms), to the second. */
function wallClock(instant: number, timeZone: string): number {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(new Date(instant)).map((p) => [p.type, Number(p.value)]));
  return Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute, part.second);
}

function localDay(instant: Date, timeZone: string): CalendarDay {
  const wall = new Date(wallClock(instant.getTime(), timeZone));
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}

/**
 * The first instant of a local day. Midnight is tried at the zone's offsets either side of it; where
 * a DST change skips midnight (as São Paulo's did), the day starts at the first instant that exists.
 */
function startOfDay(day: CalendarDay, timeZone: string): Date {
  const midnight = Date.UTC(day.year, day.month - 1, day.day);
  const sameDay = (instant: number) => Math.floor(wallClock(instant, timeZone) / 86_400_000) === midnight / 86_400_000;
  const offsets = [midnight - 86_400_000, midnight, midnight + 86_400_000].map((at) => wallClock(at, timeZone) - at);
  const candidates = offsets.map((offset) => midnight - offset).filter(sameDay);
  return new Date(Math.min(...candidates));
}
