/**
 * The response clock: the site promises a reply "within 24 hours on weekdays", read literally —
 * a reply is due once 24 hours of weekday time have passed since the lead arrived, where weekday
 * time is time on a Monday-Friday that is not a holiday, in US Central time (America/Chicago).
 * The clock stands still from Saturday 00:00 to Monday 00:00 local time and on the holidays of the
 * stage config; daylight saving is handled because every day's bounds are local midnights turned
 * into instants by @date-fns/tz (a 23-hour or 25-hour day counts as long as it really is).
 *
 * Plain functions of instants (epoch ms); no global clock. docs/decisions/0065-response-clock.md.
 */
import { TZDate } from "@date-fns/tz";
import { TEAM_TIME_ZONE } from "../../events/team-time";

export const HOUR_MS = 3_600_000;
/** The promise: 24 hours of weekday time. */
export const RESPONSE_BUDGET_MS = 24 * HOUR_MS;

export interface BusinessCalendar {
  readonly timeZone: string;
  /** Local dates ("YYYY-MM-DD") on which the clock stands still all day. */
  readonly holidays: ReadonlySet<string>;
}

export function businessCalendar(
  holidays: Iterable<string> = [],
  timeZone = TEAM_TIME_ZONE,
): BusinessCalendar {
  return { timeZone, holidays: new Set(holidays) };
}

interface LocalDay {
  /** Instant of the local midnight that starts the day. */
  readonly start: number;
  /** Instant of the next local midnight. */
  readonly end: number;
  /** Whether the clock runs during this day. */
  readonly counts: boolean;
}

/**
 * The local days already worked out, per calendar: days are contiguous (each ends where the next
 * starts), so once a day is known every instant inside it is found by a binary search over the
 * known days' starts, without converting it. Converting with TZDate costs ~0.1 ms; the dashboard
 * measures thousands of leads, which then cost one conversion per local day they touch.
 */
interface KnownDays {
  /** Sorted by start, no two overlapping. */
  readonly days: LocalDay[];
}
const dayCache = new WeakMap<BusinessCalendar, KnownDays>();
const DAY_CACHE_LIMIT = 5_000;

function knownDay(known: KnownDays, instant: number): { day?: LocalDay; index: number } {
  let low = 0;
  let high = known.days.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((known.days[middle] as LocalDay).start <= instant) low = middle + 1;
    else high = middle;
  }
  const candidate = known.days[low - 1];
  return candidate && instant < candidate.end ? { day: candidate, index: low } : { index: low };
}

/** The local day containing `instant`. */
function dayAt(calendar: BusinessCalendar, instant: number): LocalDay {
  let known = dayCache.get(calendar);
  if (!known) {
    known = { days: [] };
    dayCache.set(calendar, known);
  }
  const found = knownDay(known, instant);
  if (found.day) return found.day;
  const local = new TZDate(instant, calendar.timeZone);
  const day = dayOf(calendar, local.getFullYear(), local.getMonth(), local.getDate());
  if (known.days.length >= DAY_CACHE_LIMIT) {
    known.days.length = 0;
    known.days.push(day);
  } else known.days.splice(found.index, 0, day);
  return day;
}

function dayOf(calendar: BusinessCalendar, year: number, month: number, date: number): LocalDay {
  const start = new TZDate(year, month, date, calendar.timeZone);
  const end = new TZDate(year, month, date + 1, calendar.timeZone);
  const weekday = start.getDay();
  const iso = `${String(start.getFullYear()).padStart(4, "0")}-${String(start.getMonth() + 1).padStart(2, "0")}-${String(start.getDate()).padStart(2, "0")}`;
  return {
    start: start.getTime(),
    end: end.getTime(),
    counts: weekday !== 0 && weekday !== 6 && !calendar.holidays.has(iso),
  };
}

/** Whether the clock runs on the local day containing `instant` (a weekday that is not a holiday). */
export function countsOn(calendar: BusinessCalendar, instant: number): boolean {
  return dayAt(calendar, instant).counts;
}

function nextDay(calendar: BusinessCalendar, day: LocalDay): LocalDay {
  return dayAt(calendar, day.end);
}

/** More days than any sane holiday list can string together; guards against a bad calendar. */
const MAX_DAYS = 3_700;

/** The instant at which `ms` of clock time have passed since `from`. */
export function addClockTime(calendar: BusinessCalendar, from: number, ms: number): number {
  let remaining = ms;
  let day = dayAt(calendar, from);
  let cursor = from;
  for (let i = 0; i < MAX_DAYS; i++) {
    if (day.counts) {
      const available = day.end - cursor;
      if (remaining <= available) return cursor + remaining;
      remaining -= available;
    }
    day = nextDay(calendar, day);
    cursor = day.start;
  }
  throw new Error("The response calendar has no working day within ten years");
}

/** Clock time between two instants (0 when `to` is not after `from`). */
export function clockTimeBetween(calendar: BusinessCalendar, from: number, to: number): number {
  if (to <= from) return 0;
  let total = 0;
  let day = dayAt(calendar, from);
  let cursor = from;
  while (cursor < to) {
    const end = Math.min(day.end, to);
    if (day.counts) total += end - cursor;
    if (day.end >= to) break;
    day = nextDay(calendar, day);
    cursor = day.start;
  }
  return total;
}

/** When the first reply to a lead that arrived at `arrivedAt` is due. */
export function replyDueAt(calendar: BusinessCalendar, arrivedAt: number): number {
  return addClockTime(calendar, arrivedAt, RESPONSE_BUDGET_MS);
}
