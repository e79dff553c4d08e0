import { describe, expect, test } from 'vitest';
import { TOPIC_MAX, fromZoned, type MeetingListItem } from '@meet/shared';
import {
  draftFromItem,
  draftLength,
  newDraft,
  validateDraft,
  withStart,
  withTimezone,
  type ReservationDraft,
} from './reservation-form';

/** Well before `base`'s meeting in 2030. */
const NOW = Date.UTC(2026, 10, 28, 12);
const MINUTE = 60_000;

const base: ReservationDraft = {
  topic: 'Planning',
  timezone: 'Asia/Shanghai',
  startDate: '2030-03-10',
  startTime: '10:00',
  endDate: '2030-03-10',
  endTime: '11:00',
  subtitle: false,
};

describe('validateDraft', () => {
  test.each([
    ['a blank topic', { topic: '  ' }, { topic: 'topicRequired' }],
    ['a topic past TOPIC_MAX', { topic: 'x'.repeat(TOPIC_MAX + 1) }, { topic: 'topicTooLong' }],
    ['an end before the start', { endTime: '09:00' }, { end: 'endBeforeStart' }],
    ['25 hours', { endDate: '2030-03-11', endTime: '11:00' }, { end: 'meetingTooLong' }],
    ['no start time', { startTime: '' }, { start: 'timeRequired' }],
    [
      'a meeting in 2100 (past the window the server takes)',
      { startDate: '2100-03-10', endDate: '2100-03-10' },
      { start: 'timeOutOfRange', end: 'timeOutOfRange' },
    ],
    [
      'a meeting in 1999',
      { startDate: '1999-03-10', endDate: '1999-03-10' },
      { start: 'timeOutOfRange', end: 'timeOutOfRange' },
    ],
  ])('refuses %s', (_name, change, errors) => {
    const result = validateDraft({ ...base, ...change }, NOW);
    expect(result.errors).toEqual(errors);
    expect(result.body).toBeNull();
  });

  test.each([
    ['exactly 24 hours', { endDate: '2030-03-11', endTime: '10:00' }],
    ['a zero-length meeting', { endTime: '10:00' }],
    ['a meeting across midnight', { startTime: '23:30', endDate: '2030-03-11', endTime: '00:30' }],
    ['a topic of exactly TOPIC_MAX', { topic: 'x'.repeat(TOPIC_MAX) }],
  ])('accepts %s', (_name, change) => {
    expect(validateDraft({ ...base, ...change }, NOW).errors).toEqual({});
  });

  test('sends instants of the wall-clock times in the chosen zone', () => {
    const { body } = validateDraft({ ...base, subtitle: true }, NOW);
    expect(body).toEqual({
      topic: 'Planning',
      timezone: 'Asia/Shanghai',
      startTime: Date.UTC(2030, 2, 10, 2),
      endTime: Date.UTC(2030, 2, 10, 3),
      subtitle: 1,
    });
  });
});

describe('a start in the past', () => {
  // 10:00 on 10 March 2030 in Shanghai is 02:00 UTC.
  const at = (iso: string) => Date.parse(iso);

  test.each([
    ['a start an hour ago', '2030-03-10T03:00:00Z', { start: 'meetingInPast' }],
    ['a start whose minute has just gone by', '2030-03-10T02:01:00Z', { start: 'meetingInPast' }],
    ['a start within its own minute', '2030-03-10T02:00:59Z', {}],
    ['a start a minute ahead', '2030-03-10T01:59:00Z', {}],
  ])('%s', (_name, now, errors) => {
    expect(validateDraft(base, at(now)).errors).toEqual(errors);
  });

  test('an edited reservation may keep the start it was saved with, though it has passed', () => {
    const saved = Date.UTC(2030, 2, 10, 2);
    const now = saved + 20 * MINUTE;
    expect(validateDraft(base, now, saved).errors).toEqual({});
    // Moving it to another past time is refused all the same.
    expect(validateDraft({ ...base, startTime: '10:05' }, now, saved).errors).toEqual({
      start: 'meetingInPast',
    });
  });

  test('an end already past is refused, as the server refuses it', () => {
    const saved = Date.UTC(2030, 2, 10, 2);
    expect(validateDraft(base, saved + 61 * MINUTE, saved).errors).toEqual({
      end: 'meetingInPast',
    });
  });

  test('the same wall-clock start in a zone further west can be past already', () => {
    // 10:00 in Shanghai has passed at 03:00 UTC; 10:00 in New York (15:00 UTC) has not.
    const now = Date.UTC(2030, 2, 10, 3);
    expect(validateDraft(base, now).errors).toEqual({ start: 'meetingInPast' });
    expect(validateDraft({ ...base, timezone: 'America/New_York' }, now).errors).toEqual({});
    // And back east: 10:00 in Tokyo is 01:00 UTC, past at 03:00.
    const ny = { ...base, timezone: 'America/New_York' };
    expect(validateDraft({ ...ny, timezone: 'Asia/Tokyo' }, now).errors).toEqual({
      start: 'meetingInPast',
    });
  });
});

describe('another zone', () => {
  test('chosen times keep their wall-clock fields, so they are other instants', () => {
    const moved = withTimezone(base, 'America/New_York', false);
    expect(moved).toEqual({ ...base, timezone: 'America/New_York' });
    expect(validateDraft(moved, NOW).body?.startTime).toBe(Date.UTC(2030, 2, 10, 14));
  });

  test('a new draft’s untouched defaults keep their instants, read in the new zone', () => {
    const now = Date.UTC(2030, 2, 10, 1, 10);
    const draft = newDraft(now, 'UTC', 'Planning');
    const moved = withTimezone(draft, 'Asia/Shanghai', true);
    expect(moved).toMatchObject({
      timezone: 'Asia/Shanghai',
      startDate: '2030-03-10',
      startTime: '09:30',
      endTime: '10:30',
    });
    expect(validateDraft(moved, now).errors).toEqual({});
  });
});

describe('a new start keeps the meeting’s length', () => {
  const ninety: ReservationDraft = { ...base, endTime: '11:30' };

  test.each([
    ['a later start', '2030-03-10', '14:00', '2030-03-10', '15:30'],
    ['an earlier start', '2030-03-10', '08:15', '2030-03-10', '09:45'],
    ['another day', '2030-03-12', '10:00', '2030-03-12', '11:30'],
    ['a start late at night, ending the next day', '2030-03-10', '23:00', '2030-03-11', '00:30'],
  ])('%s moves the end with it', (_name, startDate, startTime, endDate, endTime) => {
    expect(withStart(ninety, startDate, startTime, false)).toMatchObject({
      startDate,
      startTime,
      endDate,
      endTime,
    });
  });

  test('an end the user set stays where they put it', () => {
    expect(withStart(ninety, '2030-03-10', '10:30', true)).toMatchObject({
      startTime: '10:30',
      endDate: '2030-03-10',
      endTime: '11:30',
    });
  });

  test.each([
    ['90 minutes', ninety, 90 * MINUTE],
    ['a zero-length meeting', { ...base, endTime: '10:00' }, 0],
    ['exactly 24 hours', { ...base, endDate: '2030-03-11', endTime: '10:00' }, 24 * 60 * MINUTE],
    // Lengths the form would refuse fall back to the default hour.
    ['an end before the start', { ...base, endTime: '09:00' }, 60 * MINUTE],
    ['25 hours', { ...base, endDate: '2030-03-11', endTime: '11:00' }, 60 * MINUTE],
    ['no end', { ...base, endTime: '' }, 60 * MINUTE],
  ])('the length of %s', (_name, draft, length) => {
    expect(draftLength(draft)).toBe(length);
  });

  test('an edited reservation of 45 minutes stays 45 minutes long when moved', () => {
    const start = Date.UTC(2030, 2, 12, 2);
    const draft = draftFromItem(
      {
        meetingTitle: 'Kept',
        timezone: 'Asia/Shanghai',
        startTime: start,
        endTime: start + 45 * MINUTE,
        asrEnabled: false,
      } as MeetingListItem,
      NOW,
    );
    expect(withStart(draft, '2030-03-13', '16:00', false)).toMatchObject({
      endDate: '2030-03-13',
      endTime: '16:45',
    });
  });
});

describe('defaults', () => {
  test('a new draft starts at the next half hour and lasts an hour', () => {
    const now = fromZoned('2030-03-10', '09:10', 'America/New_York');
    expect(newDraft(now, 'America/New_York')).toMatchObject({
      startDate: '2030-03-10',
      startTime: '09:30',
      endDate: '2030-03-10',
      endTime: '10:30',
    });
  });

  test('an untouched end follows the start, across midnight', () => {
    expect(withStart(base, '2030-03-10', '23:30', false)).toMatchObject({
      endDate: '2030-03-11',
      endTime: '00:30',
    });
    expect(withStart(base, '2030-03-10', '23:30', true)).toMatchObject({ endTime: '11:00' });
  });
});

describe('editing a reservation', () => {
  const now = Date.UTC(2030, 2, 10, 1, 10);
  const item = (startTime: number | null, endTime: number | null) =>
    ({
      meetingTitle: 'Kept',
      timezone: 'Asia/Shanghai',
      startTime,
      endTime,
      asrEnabled: true,
    }) as MeetingListItem;

  test('pre-fills its own times in its zone', () => {
    const start = Date.UTC(2030, 2, 12, 2);
    expect(draftFromItem(item(start, start + 3600_000), now)).toMatchObject({
      startDate: '2030-03-12',
      startTime: '10:00',
      endTime: '11:00',
      subtitle: true,
    });
  });

  test.each([
    ['no times', null, null],
    ['a start of 2^53', 2 ** 53, 2 ** 53],
  ])('one with %s gets a new draft’s times to fix it with', (_name, start, end) => {
    expect(draftFromItem(item(start, end), now)).toEqual({
      ...newDraft(now, 'Asia/Shanghai', 'Kept'),
      subtitle: true,
    });
  });
});
