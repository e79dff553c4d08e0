/**
 * Dates of meetings as a person in a given time zone sees them: day groups for the Home lists,
 * the yesterday/today/tomorrow flags, "about to begin" and "overdue", and converting the
 * reservation form's wall-clock date and time to instants. Zone arithmetic is the platform's own
 * (`Intl.DateTimeFormat` with the IANA database of the browser or Node), with no date library.
 */
import { ABOUT_TO_BEGIN_MS, CONFERENCE_STATUS, TIME_WINDOW_MS } from '../constants.js';

export interface Scheduled {
  status: number;
  /** Null: the meeting has no time that can be shown (see `hasTime`). */
  startTime: number | null;
  endTime: number | null;
}

/**
 * A time that can be shown and grouped by: inside TIME_WINDOW_MS, which every request's time is
 * held to. A meeting stored before that bound may carry one the platform cannot turn into a
 * date (`Intl` throws), and one such meeting took the whole Home page down.
 */
export function isShowableTime(ms: number | null | undefined): ms is number {
  return typeof ms === 'number' && ms >= TIME_WINDOW_MS.min && ms <= TIME_WINDOW_MS.max;
}

/** Both ends of a meeting can be shown. */
export function hasTime<T extends Scheduled>(
  item: T,
): item is T & { startTime: number; endTime: number } {
  return isShowableTime(item.startTime) && isShowableTime(item.endTime);
}

export interface DayFlags {
  /** YYYY-MM-DD in the zone. */
  date: string;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
  isYesterday: boolean;
  isToday: boolean;
  isTomorrow: boolean;
  isCurrentYear: boolean;
}

export interface ScheduleFlags extends DayFlags {
  aboutToBegin: boolean;
  overDur: boolean;
}

/** The wall clock of an instant in a zone. */
interface Zoned {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** The zone's offset from UTC at that instant, in ms. */
  offsetMs: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timezone: string): Intl.DateTimeFormat {
  let f = formatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timezone, f);
  }
  return f;
}

function at(ms: number, timezone: string): Zoned {
  const parts: Record<string, number> = {};
  for (const p of formatter(timezone).formatToParts(ms)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const { year, month, day, hour, minute, second } = parts as Record<string, number>;
  const wall = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!);
  return {
    year: year!,
    month: month!,
    day: day!,
    hour: hour!,
    minute: minute!,
    offsetMs: wall - Math.floor(ms / 1000) * 1000,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
const dateOf = (z: Pick<Zoned, 'year' | 'month' | 'day'>) =>
  `${z.year}-${pad(z.month)}-${pad(z.day)}`;
const timeOf = (z: Zoned) => `${pad(z.hour)}:${pad(z.minute)}`;
/** The calendar date `days` after y-m-d (Date.UTC rolls months and years over). */
const dateAfter = (y: number, m: number, d: number, days: number) => {
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return dateOf({ year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() });
};

export function dayFlags(ms: number, now: number, timezone: string): DayFlags {
  const day = at(ms, timezone);
  const current = at(now, timezone);
  const today = dateOf(current);
  const date = dateOf(day);
  // Calendar neighbours, not now ± 24 h: on a DST change day a day is 23 or 25 hours long.
  const yesterday = dateAfter(current.year, current.month, current.day, -1);
  const tomorrow = dateAfter(current.year, current.month, current.day, 1);
  return {
    date,
    weekday: new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay(),
    isYesterday: date === yesterday,
    isToday: date === today,
    isTomorrow: date === tomorrow,
    isCurrentYear: day.year === current.year,
  };
}

/**
 * A reserved meeting starting within 5 minutes is about to begin; one whose start passed is
 * overdue. Null for a meeting without a time: it has no day and no such flags.
 */
export function scheduleFlags(
  item: Scheduled,
  now: number,
  timezone: string,
): ScheduleFlags | null {
  if (!hasTime(item)) return null;
  const reserved = item.status === CONFERENCE_STATUS.reserved;
  return {
    ...dayFlags(item.startTime, now, timezone),
    aboutToBegin: reserved && item.startTime > now && item.startTime - now <= ABOUT_TO_BEGIN_MS,
    overDur: reserved && now >= item.startTime,
  };
}

export type ReservationState = 'upcoming' | 'soon' | 'inProgress' | 'overdue' | 'ended';

/** A reserved meeting without a time is upcoming: nothing says it is due. */
export function reservationState(item: Scheduled, now: number): ReservationState {
  if (item.status === CONFERENCE_STATUS.running) return 'inProgress';
  if (item.status === CONFERENCE_STATUS.finished) return 'ended';
  if (!hasTime(item)) return 'upcoming';
  if (now >= item.startTime) return 'overdue';
  if (item.startTime - now <= ABOUT_TO_BEGIN_MS) return 'soon';
  return 'upcoming';
}

export interface MeetingGroup<T> {
  /** 'current' for running meetings, 'undated' for meetings without a time, else the date. */
  key: string;
  current: boolean;
  day: DayFlags | null;
  items: T[];
}

/**
 * Running meetings form a current group first; the rest form one group per local date of their
 * start, dates ascending (or descending for history), items within a day by start time. Meetings
 * without a time (see `hasTime`) that are not running come last, in an 'undated' group, so they
 * can still be seen, joined and deleted.
 */
export function groupMeetingsByDay<T extends Scheduled>(
  items: readonly T[],
  now: number,
  timezone: string,
  order: 'asc' | 'desc' = 'asc',
): MeetingGroup<T>[] {
  const sign = order === 'asc' ? 1 : -1;
  const startOf = (item: T) => (hasTime(item) ? item.startTime : Infinity);
  const byStart = [...items].sort((a, b) => {
    const [x, y] = [startOf(a), startOf(b)];
    return x === y ? 0 : x === Infinity ? 1 : y === Infinity ? -1 : sign * (x - y);
  });
  const groups: MeetingGroup<T>[] = [];
  const running = byStart.filter((i) => i.status === CONFERENCE_STATUS.running);
  if (running.length) groups.push({ key: 'current', current: true, day: null, items: running });
  const days = new Map<string, MeetingGroup<T>>();
  const undated: T[] = [];
  for (const item of byStart) {
    if (item.status === CONFERENCE_STATUS.running) continue;
    if (!hasTime(item)) {
      undated.push(item);
      continue;
    }
    const day = dayFlags(item.startTime, now, timezone);
    let group = days.get(day.date);
    if (!group) {
      group = { key: day.date, current: false, day, items: [] };
      days.set(day.date, group);
      groups.push(group);
    }
    group.items.push(item);
  }
  if (undated.length) groups.push({ key: 'undated', current: false, day: null, items: undated });
  return groups;
}

/** Wall-clock parts of an instant in a zone: date YYYY-MM-DD and time HH:mm. */
export function toZoned(ms: number, timezone: string): { date: string; time: string } {
  const z = at(ms, timezone);
  return { date: dateOf(z), time: timeOf(z) };
}

/**
 * The instant of a wall-clock date and time in a zone. A time skipped by a DST change moves
 * forward by the gap, as clocks do.
 */
export function fromZoned(date: string, time: string, timezone: string): number {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  // The offset at the wall time read as UTC is a first guess; the offset at that guess settles it
  // unless the wall time falls in a gap, where the first guess is the time moved forward.
  const first = wall - at(wall, timezone).offsetMs;
  const offset = at(first, timezone).offsetMs;
  const second = wall - offset;
  return at(second, timezone).offsetMs === offset ? second : first;
}

/** "10:00" and whether the end falls on a later local day than the start. */
export function timeRange(
  startTime: number,
  endTime: number,
  timezone: string,
): { start: string; end: string; endsNextDay: boolean } {
  const s = at(startTime, timezone);
  const e = at(endTime, timezone);
  return { start: timeOf(s), end: timeOf(e), endsNextDay: dateOf(e) !== dateOf(s) };
}

/** "GMT+08:00" for a zone at a given instant. */
export function gmtOffset(timezone: string, ms: number): string {
  const minutes = Math.round(at(ms, timezone).offsetMs / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `GMT${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The zones the browser or server knows, falling back to a short list. */
export function timezones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  const list = intl.supportedValuesOf?.('timeZone') ?? [];
  const base = list.length ? list : ['UTC', 'Asia/Shanghai', 'America/New_York', 'Europe/London'];
  return base.includes('UTC') ? base : ['UTC', ...base];
}
