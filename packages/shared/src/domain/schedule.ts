/**
 * Dates of meetings as a person in a given time zone sees them: day groups for the Home lists,
 * the yesterday/today/tomorrow flags, "about to begin" and "overdue", and converting the
 * reservation form's wall-clock date and time to instants. All zone arithmetic goes through dayjs.
 */
import dayjs from 'dayjs';
import timezonePlugin from 'dayjs/plugin/timezone.js';
import utcPlugin from 'dayjs/plugin/utc.js';
import { ABOUT_TO_BEGIN_MS, CONFERENCE_STATUS } from '../constants.js';

dayjs.extend(utcPlugin);
dayjs.extend(timezonePlugin);

export interface Scheduled {
  status: number;
  startTime: number;
  endTime: number;
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

const at = (ms: number, timezone: string) => dayjs(ms).tz(timezone);

export function dayFlags(ms: number, now: number, timezone: string): DayFlags {
  const day = at(ms, timezone);
  const today = at(now, timezone).format('YYYY-MM-DD');
  const date = day.format('YYYY-MM-DD');
  // Calendar neighbours, not now ± 24 h: on a DST change day a day is 23 or 25 hours long.
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const yesterday = dayjs.utc(Date.UTC(y, m - 1, d - 1)).format('YYYY-MM-DD');
  const tomorrow = dayjs.utc(Date.UTC(y, m - 1, d + 1)).format('YYYY-MM-DD');
  return {
    date,
    weekday: day.day(),
    isYesterday: date === yesterday,
    isToday: date === today,
    isTomorrow: date === tomorrow,
    isCurrentYear: day.year() === at(now, timezone).year(),
  };
}

/** A reserved meeting starting within 5 minutes is about to begin; one whose start passed is overdue. */
export function scheduleFlags(item: Scheduled, now: number, timezone: string): ScheduleFlags {
  const reserved = item.status === CONFERENCE_STATUS.reserved;
  return {
    ...dayFlags(item.startTime, now, timezone),
    aboutToBegin: reserved && item.startTime > now && item.startTime - now <= ABOUT_TO_BEGIN_MS,
    overDur: reserved && now >= item.startTime,
  };
}

export type ReservationState = 'upcoming' | 'soon' | 'inProgress' | 'overdue' | 'ended';

export function reservationState(item: Scheduled, now: number): ReservationState {
  if (item.status === CONFERENCE_STATUS.running) return 'inProgress';
  if (item.status === CONFERENCE_STATUS.finished) return 'ended';
  if (now >= item.startTime) return 'overdue';
  if (item.startTime - now <= ABOUT_TO_BEGIN_MS) return 'soon';
  return 'upcoming';
}

export interface MeetingGroup<T> {
  /** 'current' for running meetings, else the date. */
  key: string;
  current: boolean;
  day: DayFlags | null;
  items: T[];
}

/**
 * Running meetings form a current group first; the rest form one group per local date of their
 * start, dates ascending (or descending for history), items within a day by start time.
 */
export function groupMeetingsByDay<T extends Scheduled>(
  items: readonly T[],
  now: number,
  timezone: string,
  order: 'asc' | 'desc' = 'asc',
): MeetingGroup<T>[] {
  const sign = order === 'asc' ? 1 : -1;
  const byStart = [...items].sort((a, b) => sign * (a.startTime - b.startTime));
  const groups: MeetingGroup<T>[] = [];
  const running = byStart.filter((i) => i.status === CONFERENCE_STATUS.running);
  if (running.length) groups.push({ key: 'current', current: true, day: null, items: running });
  const days = new Map<string, MeetingGroup<T>>();
  for (const item of byStart) {
    if (item.status === CONFERENCE_STATUS.running) continue;
    const day = dayFlags(item.startTime, now, timezone);
    let group = days.get(day.date);
    if (!group) {
      group = { key: day.date, current: false, day, items: [] };
      days.set(day.date, group);
      groups.push(group);
    }
    group.items.push(item);
  }
  return groups;
}

/** Wall-clock parts of an instant in a zone: date YYYY-MM-DD and time HH:mm. */
export function toZoned(ms: number, timezone: string): { date: string; time: string } {
  const d = at(ms, timezone);
  return { date: d.format('YYYY-MM-DD'), time: d.format('HH:mm') };
}

/**
 * The instant of a wall-clock date and time in a zone. A time skipped by a DST change moves
 * forward by the gap, as clocks do.
 */
export function fromZoned(date: string, time: string, timezone: string): number {
  return dayjs.tz(`${date} ${time}`, 'YYYY-MM-DD HH:mm', timezone).valueOf();
}

/** "10:00" and whether the end falls on a later local day than the start. */
export function timeRange(
  startTime: number,
  endTime: number,
  timezone: string,
): { start: string; end: string; endsNextDay: boolean } {
  const s = at(startTime, timezone);
  const e = at(endTime, timezone);
  return {
    start: s.format('HH:mm'),
    end: e.format('HH:mm'),
    endsNextDay: e.format('YYYY-MM-DD') !== s.format('YYYY-MM-DD'),
  };
}

/** "GMT+08:00" for a zone at a given instant. */
export function gmtOffset(timezone: string, ms: number): string {
  return `GMT${at(ms, timezone).format('Z')}`;
}

/** The zones the browser or server knows, falling back to a short list. */
export function timezones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  const list = intl.supportedValuesOf?.('timeZone') ?? [];
  const base = list.length ? list : ['UTC', 'Asia/Shanghai', 'America/New_York', 'Europe/London'];
  return base.includes('UTC') ? base : ['UTC', ...base];
}
