import { describe, expect, test } from 'vitest';
import { TOPIC_MAX, fromZoned, type MeetingListItem } from '@meet/shared';
import {
  draftFromItem,
  newDraft,
  validateDraft,
  withStart,
  type ReservationDraft,
} from './reservation-form';

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
    const result = validateDraft({ ...base, ...change });
    expect(result.errors).toEqual(errors);
    expect(result.body).toBeNull();
  });

  test.each([
    ['exactly 24 hours', { endDate: '2030-03-11', endTime: '10:00' }],
    ['a zero-length meeting', { endTime: '10:00' }],
    ['a meeting across midnight', { startTime: '23:30', endDate: '2030-03-11', endTime: '00:30' }],
    ['a topic of exactly TOPIC_MAX', { topic: 'x'.repeat(TOPIC_MAX) }],
  ])('accepts %s', (_name, change) => {
    expect(validateDraft({ ...base, ...change }).errors).toEqual({});
  });

  test('sends instants of the wall-clock times in the chosen zone', () => {
    const { body } = validateDraft({ ...base, subtitle: true });
    expect(body).toEqual({
      topic: 'Planning',
      timezone: 'Asia/Shanghai',
      startTime: Date.UTC(2030, 2, 10, 2),
      endTime: Date.UTC(2030, 2, 10, 3),
      subtitle: 1,
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
