import { describe, expect, test } from 'vitest';
import type { TimelineEntry } from '@meet/shared';
import {
  recordingTimeline,
  type TimelineEventRow,
  type TimelineStreamRow,
} from './recording-timeline.js';

const T0 = 1_000_000;
const event = (type: string, userId: number, at: number, name = ''): TimelineEventRow => ({
  type,
  userId,
  name,
  at: T0 + at,
});
const stream = (
  userId: number,
  at: number,
  until: number | null,
  source = 'camera',
  displayName = `User ${userId}`,
): TimelineStreamRow => ({
  userId,
  source,
  displayName,
  startedAt: T0 + at,
  stoppedAt: until === null ? null : T0 + until,
});

describe('recordingTimeline', () => {
  test.each<[string, TimelineEventRow[], TimelineStreamRow[], TimelineEntry[]]>([
    [
      'events are made relative to the start; unknown types are dropped',
      [event('join', 1, 0, 'Ann'), event('talk_start', 1, 1500), event('chat', 1, 1600)],
      [],
      [
        { type: 'join', userId: 1, at: 0, name: 'Ann' },
        { type: 'talk_start', userId: 1, at: 1500 },
      ],
    ],
    [
      'a member whose stream runs without a join joins at its start under its name',
      [event('join', 1, 0, 'Ann')],
      [stream(1, 0, 5000), stream(2, 2000, 5000, 'camera', 'Bo')],
      [
        { type: 'join', userId: 1, at: 0, name: 'Ann' },
        { type: 'join', userId: 2, at: 2000, name: 'Bo' },
      ],
    ],
    [
      'a join without a name takes the stream name',
      [event('join', 2, 100)],
      [stream(2, 0, 5000, 'camera', 'Bo')],
      [
        { type: 'join', userId: 2, at: 0, name: 'Bo' },
        { type: 'join', userId: 2, at: 100, name: 'Bo' },
      ],
    ],
    [
      'a stream piece after a leave joins the member again',
      [event('join', 1, 0, 'Ann'), event('leave', 1, 3000)],
      [stream(1, 0, 3000), stream(1, 4000, 6000, 'camera', 'Ann')],
      [
        { type: 'join', userId: 1, at: 0, name: 'Ann' },
        { type: 'leave', userId: 1, at: 3000 },
        { type: 'join', userId: 1, at: 4000, name: 'Ann' },
      ],
    ],
    [
      'screen streams without any share event share while they run',
      [event('join', 1, 0, 'Ann')],
      [stream(1, 0, null), stream(1, 1000, 4000, 'screen')],
      [
        { type: 'join', userId: 1, at: 0, name: 'Ann' },
        { type: 'share_start', userId: 1, at: 1000 },
        { type: 'share_stop', userId: 1, at: 4000 },
      ],
    ],
    [
      'share events, when there are any, are the truth',
      [event('join', 1, 0, 'Ann'), event('share_start', 1, 1200), event('share_stop', 1, 3000)],
      [stream(1, 1000, 4000, 'screen')],
      [
        { type: 'join', userId: 1, at: 0, name: 'Ann' },
        { type: 'share_start', userId: 1, at: 1200 },
        { type: 'share_stop', userId: 1, at: 3000 },
      ],
    ],
  ])('%s', (_, events, streams, expected) => {
    expect(recordingTimeline({ startedAt: T0, events, streams })).toEqual(expected);
  });
});
