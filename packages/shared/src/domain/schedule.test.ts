import { describe, expect, test } from 'vitest';
import { TIME_WINDOW_MS } from '../constants.js';
import {
  dayFlags,
  fromZoned,
  gmtOffset,
  groupMeetingsByDay,
  hasTime,
  isShowableTime,
  reservationState,
  scheduleFlags,
  timeRange,
  toZoned,
} from './schedule.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const utc = (s: string) => Date.parse(`${s}Z`);

describe('dayFlags: yesterday / today / tomorrow in two time zones', () => {
  // 2026-11-21 20:00 UTC is 2026-11-22 04:00 in Shanghai and 2026-11-21 15:00 in New York.
  const now = utc('2026-11-21T20:00:00');
  test.each([
    ['Asia/Shanghai', utc('2026-11-22T01:00:00'), { date: '2026-11-22', isToday: true }],
    ['America/New_York', utc('2026-11-22T01:00:00'), { date: '2026-11-21', isToday: true }],
    ['Asia/Shanghai', utc('2026-11-22T17:00:00'), { date: '2026-11-23', isTomorrow: true }],
    ['America/New_York', utc('2026-11-22T17:00:00'), { date: '2026-11-22', isTomorrow: true }],
    ['Asia/Shanghai', utc('2026-11-21T10:00:00'), { date: '2026-11-21', isYesterday: true }],
    ['America/New_York', utc('2026-11-21T10:00:00'), { date: '2026-11-21', isToday: true }],
    ['America/New_York', utc('2026-11-20T10:00:00'), { date: '2026-11-20', isYesterday: true }],
  ])('in %s, %s', (tz, ms, expected) => {
    const flags = dayFlags(ms, now, tz);
    expect(flags).toMatchObject({
      isYesterday: false,
      isToday: false,
      isTomorrow: false,
      ...expected,
    });
  });

  test('isCurrentYear and weekday follow the zone', () => {
    const newYearNow = utc('2026-12-31T20:00:00');
    expect(dayFlags(utc('2026-12-31T20:00:00'), newYearNow, 'Asia/Shanghai')).toMatchObject({
      date: '2027-01-01',
      isToday: true,
      isCurrentYear: true,
      weekday: 5,
    });
    expect(
      dayFlags(utc('2026-12-31T20:00:00'), utc('2026-06-01T00:00:00'), 'Asia/Shanghai')
        .isCurrentYear,
    ).toBe(false);
  });

  test('on a DST change day tomorrow is the next calendar day, not now + 24 h', () => {
    // New York falls back on 2026-11-01: that day has 25 hours.
    const now = utc('2026-11-01T04:30:00'); // 00:30 EDT on Nov 1
    const lateSameDay = utc('2026-11-02T04:45:00'); // 23:45 EST on Nov 1
    expect(dayFlags(lateSameDay, now, 'America/New_York')).toMatchObject({
      date: '2026-11-01',
      isToday: true,
    });
    const nextDay = utc('2026-11-02T05:30:00'); // 00:30 EST on Nov 2
    expect(dayFlags(nextDay, now, 'America/New_York')).toMatchObject({
      date: '2026-11-02',
      isTomorrow: true,
    });
  });
});

describe('about to begin and overdue', () => {
  const now = utc('2026-11-21T09:00:00');
  test.each([
    ['starts in 10 min', 1, now + 10 * MIN, { aboutToBegin: false, overDur: false }, 'upcoming'],
    ['starts in exactly 5 min', 1, now + 5 * MIN, { aboutToBegin: true, overDur: false }, 'soon'],
    ['starts in 1 min', 1, now + MIN, { aboutToBegin: true, overDur: false }, 'soon'],
    [
      'started 1 min ago, nobody joined',
      1,
      now - MIN,
      { aboutToBegin: false, overDur: true },
      'overdue',
    ],
    ['running', 2, now - MIN, { aboutToBegin: false, overDur: false }, 'inProgress'],
    ['finished', 3, now - HOUR, { aboutToBegin: false, overDur: false }, 'ended'],
  ])('%s', (_name, status, startTime, flags, state) => {
    const item = { status, startTime, endTime: startTime + HOUR };
    expect(scheduleFlags(item, now, 'UTC')).toMatchObject(flags);
    expect(reservationState(item, now)).toBe(state);
  });
});

describe('groupMeetingsByDay', () => {
  const now = utc('2026-11-21T02:00:00'); // 10:00 in Shanghai
  const m = (id: string, status: number, start: string) => ({
    id,
    status,
    startTime: utc(start),
    endTime: utc(start) + HOUR,
  });
  const items = [
    m('tomorrow-late', 1, '2026-11-22T17:00:00'),
    m('running', 2, '2026-11-21T01:00:00'),
    m('today', 1, '2026-11-21T06:00:00'),
    m('tomorrow-early', 1, '2026-11-22T01:00:00'),
  ];

  test('the current group comes first, then one group per local date', () => {
    const groups = groupMeetingsByDay(items, now, 'Asia/Shanghai');
    expect(groups.map((g) => [g.key, g.items.map((i) => i.id)])).toEqual([
      ['current', ['running']],
      ['2026-11-21', ['today']],
      ['2026-11-22', ['tomorrow-early']],
      ['2026-11-23', ['tomorrow-late']],
    ]);
    expect(groups[2]!.day).toMatchObject({ isTomorrow: true });
  });

  test('another zone regroups the same meetings', () => {
    const groups = groupMeetingsByDay(items, now, 'America/New_York');
    expect(groups.map((g) => [g.key, g.items.map((i) => i.id)])).toEqual([
      ['current', ['running']],
      ['2026-11-21', ['today', 'tomorrow-early']],
      ['2026-11-22', ['tomorrow-late']],
    ]);
  });

  test('history is newest first', () => {
    const done = [m('a', 3, '2026-11-19T01:00:00'), m('b', 3, '2026-11-20T01:00:00')];
    expect(groupMeetingsByDay(done, now, 'UTC', 'desc').map((g) => g.key)).toEqual([
      '2026-11-20',
      '2026-11-19',
    ]);
  });
});

describe('meetings without a time that can be shown', () => {
  const now = utc('2026-11-21T02:00:00');
  const m = (id: string, status: number, startTime: number | null, endTime = startTime) => ({
    id,
    status,
    startTime,
    endTime,
  });

  test.each([
    ['a start of 2^53 (past the largest date)', 2 ** 53, true],
    ['a start of 2^53 with a good end', 2 ** 53, false],
    ['no start (null)', null, true],
    ['a start before 2000', Date.UTC(1999, 11, 31), true],
    ['a start after 2100', Date.UTC(2100, 0, 1, 0, 0, 1), true],
  ])('%s: no flags, upcoming, and the day groups still come out', (_name, start, sameEnd) => {
    const item = m('bad', 1, start, sameEnd ? start : utc('2026-11-21T05:00:00'));
    expect(hasTime(item)).toBe(false);
    expect(scheduleFlags(item, now, 'UTC')).toBeNull();
    expect(reservationState(item, now)).toBe('upcoming');
    const groups = groupMeetingsByDay(
      [item, m('today', 1, utc('2026-11-21T06:00:00'), utc('2026-11-21T07:00:00'))],
      now,
      'Asia/Shanghai',
    );
    expect(groups.map((g) => [g.key, g.day, g.items.map((i) => i.id)])).toEqual([
      ['2026-11-21', expect.objectContaining({ isToday: true }), ['today']],
      ['undated', null, ['bad']],
    ]);
  });

  test('running ones stay in the current group; history puts the undated last too', () => {
    const items = [
      m('live', 2, 2 ** 53),
      m('old', 3, utc('2026-11-19T01:00:00'), utc('2026-11-19T02:00:00')),
      m('lost', 3, null),
    ];
    expect(groupMeetingsByDay(items, now, 'UTC', 'desc').map((g) => g.key)).toEqual([
      'current',
      '2026-11-19',
      'undated',
    ]);
  });

  test.each([
    [TIME_WINDOW_MS.min, true],
    [TIME_WINDOW_MS.max, true],
    [TIME_WINDOW_MS.min - 1, false],
    [TIME_WINDOW_MS.max + 1, false],
    [Number.NaN, false],
    [null, false],
  ])('isShowableTime(%s) is %s', (ms, expected) => {
    expect(isShowableTime(ms)).toBe(expected);
  });
});

describe('wall clock ⇄ instant', () => {
  test('tomorrow 10:00 in Shanghai is 02:00 UTC', () => {
    expect(fromZoned('2026-11-22', '10:00', 'Asia/Shanghai')).toBe(utc('2026-11-22T02:00:00'));
    expect(toZoned(utc('2026-11-22T02:00:00'), 'America/New_York')).toEqual({
      date: '2026-11-21',
      time: '21:00',
    });
  });

  test('on the spring-forward day a skipped time moves forward by the gap', () => {
    // 2026-03-08 02:30 does not exist in New York; clocks jump from 02:00 EST to 03:00 EDT.
    expect(
      toZoned(fromZoned('2026-03-08', '02:30', 'America/New_York'), 'America/New_York').time,
    ).toBe('03:30');
    expect(
      fromZoned('2026-03-08', '03:00', 'America/New_York') -
        fromZoned('2026-03-08', '01:00', 'America/New_York'),
    ).toBe(HOUR);
  });

  test('a meeting crossing midnight ends on the next day', () => {
    const start = fromZoned('2026-11-21', '23:30', 'Asia/Shanghai');
    expect(timeRange(start, start + HOUR, 'Asia/Shanghai')).toEqual({
      start: '23:30',
      end: '00:30',
      endsNextDay: true,
    });
    expect(timeRange(start, start + HOUR, 'UTC')).toEqual({
      start: '15:30',
      end: '16:30',
      endsNextDay: false,
    });
  });
});

describe('zones with odd offsets and repeated hours', () => {
  test('offsets are written ±hh:mm, half and quarter hours included, and follow DST', () => {
    const winter = utc('2026-01-15T12:00:00');
    const summer = utc('2026-07-15T12:00:00');
    expect(gmtOffset('UTC', winter)).toBe('GMT+00:00');
    expect(gmtOffset('Asia/Shanghai', winter)).toBe('GMT+08:00');
    expect(gmtOffset('Asia/Kolkata', winter)).toBe('GMT+05:30');
    expect(gmtOffset('Asia/Kathmandu', winter)).toBe('GMT+05:45');
    expect(gmtOffset('America/St_Johns', winter)).toBe('GMT-03:30');
    expect(gmtOffset('America/St_Johns', summer)).toBe('GMT-02:30');
    expect(gmtOffset('America/New_York', summer)).toBe('GMT-04:00');
  });

  test('on the fall-back day the repeated hour is its first pass, and a day has 25 hours', () => {
    // 2026-11-01 01:30 happens twice in New York: at 05:30 UTC (EDT) and 06:30 UTC (EST).
    expect(fromZoned('2026-11-01', '01:30', 'America/New_York')).toBe(utc('2026-11-01T05:30:00'));
    expect(
      fromZoned('2026-11-02', '00:00', 'America/New_York') -
        fromZoned('2026-11-01', '00:00', 'America/New_York'),
    ).toBe(25 * HOUR);
    expect(toZoned(utc('2026-11-01T06:30:00'), 'America/New_York')).toEqual({
      date: '2026-11-01',
      time: '01:30',
    });
  });

  test('midnight is 00:00, and New Year rolls the date over in the zone', () => {
    expect(toZoned(utc('2026-12-31T16:00:00'), 'Asia/Shanghai')).toEqual({
      date: '2027-01-01',
      time: '00:00',
    });
    const flags = dayFlags(utc('2027-01-01T01:00:00'), utc('2026-12-31T17:00:00'), 'Asia/Shanghai');
    expect(flags).toMatchObject({
      date: '2027-01-01',
      isToday: true,
      isCurrentYear: true,
      weekday: 5,
    });
  });
});
