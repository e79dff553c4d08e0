import { describe, expect, test } from 'vitest';
import {
  gridRects,
  recordingLayout,
  type LayoutSegment,
  type TimelineEntry,
  type TimelineType,
} from './recording-layout.js';

const ev = (at: number, type: TimelineType, userId: number, name?: string): TimelineEntry => ({
  at,
  type,
  userId,
  ...(name === undefined ? {} : { name }),
});
const join = (at: number, userId: number) => ev(at, 'join', userId, `M${userId}`);
const talk = (from: number, to: number, userId: number) => [
  ev(from, 'talk_start', userId),
  ev(to, 'talk_stop', userId),
];

/** Each segment as [start, end, main ('1', 'screen:2', or '-' for none), tiles in order]. */
const view = (segments: LayoutSegment[]) =>
  segments.map((s) => {
    const main = s.boxes.find((b) => b.main);
    const label = main
      ? main.source === 'screen'
        ? `screen:${main.userId}`
        : `${main.userId}`
      : '-';
    return [s.start, s.end, label, s.boxes.filter((b) => !b.main).map((b) => b.userId)];
  });

const three = [join(0, 1), join(0, 2), join(0, 3)];

describe('speech layout: the active speaker in the main window, holding it at least 2 s', () => {
  test.each([
    ['nobody talks: the first member is in the main window', three, [[0, 10000, '1', [2, 3]]]],
    [
      'a talker takes the main window at once from a member who never talked',
      [...three, ...talk(1000, 4000, 2)],
      [
        [0, 1000, '1', [2, 3]],
        [1000, 10000, '2', [1, 3]],
      ],
    ],
    [
      'a second talker waits until the first has held it 2 s',
      [...three, ...talk(1000, 9000, 2), ...talk(1500, 9000, 3)],
      [
        [0, 1000, '1', [2, 3]],
        [1000, 3000, '2', [1, 3]],
        [3000, 10000, '3', [1, 2]],
      ],
    ],
    [
      'a short interjection inside the hold never reaches the main window',
      [...three, ...talk(1000, 9000, 2), ...talk(1500, 2500, 3)],
      [
        [0, 1000, '1', [2, 3]],
        [1000, 10000, '2', [1, 3]],
      ],
    ],
    [
      'a speaker who falls silent keeps the main window until someone else talks',
      [...three, ...talk(1000, 2000, 2), ...talk(6000, 7000, 3)],
      [
        [0, 1000, '1', [2, 3]],
        [1000, 6000, '2', [1, 3]],
        [6000, 10000, '3', [1, 2]],
      ],
    ],
    [
      'after the hold the newest talker wins at once',
      [...three, ...talk(1000, 9000, 2), ...talk(5000, 9000, 3), ...talk(5500, 9000, 1)],
      [
        [0, 1000, '1', [2, 3]],
        [1000, 5000, '2', [1, 3]],
        [5000, 7000, '3', [1, 2]],
        [7000, 10000, '1', [2, 3]],
      ],
    ],
    [
      'a speaker who leaves gives the main window up at once',
      [...three, ...talk(1000, 9000, 2), ...talk(1200, 9000, 3), ev(1500, 'leave', 2)],
      [
        [0, 1000, '1', [2, 3]],
        [1000, 1500, '2', [1, 3]],
        [1500, 10000, '3', [1]],
      ],
    ],
    [
      'alone in the meeting: the whole picture, no side column',
      [join(0, 1), join(4000, 2)],
      [
        [0, 4000, '1', []],
        [4000, 10000, '1', [2]],
      ],
    ],
    [
      'talking before joining or after leaving is ignored',
      [
        join(0, 1),
        ...talk(500, 900, 2),
        join(2000, 2),
        ev(3000, 'leave', 2),
        ...talk(3500, 4000, 2),
      ],
      [
        [0, 2000, '1', []],
        [2000, 3000, '1', [2]],
        [3000, 10000, '1', []],
      ],
    ],
    [
      'at most 5 side tiles, in the order members came',
      [1, 2, 3, 4, 5, 6, 7].map((u) => join(u * 10, u)).concat(talk(1000, 2000, 7)),
      [
        [0, 10, '-', []],
        [10, 20, '1', []],
        [20, 30, '1', [2]],
        [30, 40, '1', [2, 3]],
        [40, 50, '1', [2, 3, 4]],
        [50, 60, '1', [2, 3, 4, 5]],
        [60, 1000, '1', [2, 3, 4, 5, 6]],
        [1000, 10000, '7', [1, 2, 3, 4, 5]],
      ],
    ],
  ])('%s', (_name, timeline, expected) => {
    expect(view(recordingLayout({ layout: 'speech', durationMs: 10000, timeline }))).toEqual(
      expected,
    );
  });
});

describe('a screen share takes the main window while it lasts', () => {
  test.each([
    [
      'speech: the share is main, every camera (the sharer’s too) in the side column',
      'speech' as const,
      [...three, ...talk(500, 9000, 2), ev(2000, 'share_start', 3), ev(6000, 'share_stop', 3)],
      [
        [0, 500, '1', [2, 3]],
        [500, 2000, '2', [1, 3]],
        [2000, 6000, 'screen:3', [1, 2, 3]],
        [6000, 10000, '2', [1, 3]],
      ],
    ],
    [
      'grid: the share switches to the share layout and back',
      'grid' as const,
      [...three, ev(2000, 'share_start', 1), ev(6000, 'share_stop', 1)],
      [
        [0, 2000, '-', [1, 2, 3]],
        [2000, 6000, 'screen:1', [1, 2, 3]],
        [6000, 10000, '-', [1, 2, 3]],
      ],
    ],
    [
      'the newest share wins; the older one comes back when it stops',
      'speech' as const,
      [...three, ev(1000, 'share_start', 1), ev(3000, 'share_start', 2), ev(5000, 'share_stop', 2)],
      [
        [0, 1000, '1', [2, 3]],
        [1000, 3000, 'screen:1', [1, 2, 3]],
        [3000, 5000, 'screen:2', [1, 2, 3]],
        [5000, 10000, 'screen:1', [1, 2, 3]],
      ],
    ],
    [
      'a sharer who leaves takes the share with them',
      'speech' as const,
      [...three, ev(1000, 'share_start', 3), ev(4000, 'leave', 3)],
      [
        [0, 1000, '1', [2, 3]],
        [1000, 4000, 'screen:3', [1, 2, 3]],
        [4000, 10000, '1', [2]],
      ],
    ],
  ])('%s', (_name, layout, timeline, expected) => {
    expect(view(recordingLayout({ layout, durationMs: 10000, timeline }))).toEqual(expected);
  });
});

describe('grid layout: everyone in equal tiles, at most 9', () => {
  test.each([
    [1, [[0, 0, 1280, 720]]],
    [
      2,
      [
        [0, 180, 640, 360],
        [640, 180, 640, 360],
      ],
    ],
    [
      3,
      [
        [0, 0, 640, 360],
        [640, 0, 640, 360],
        [320, 360, 640, 360],
      ],
    ],
    [
      5,
      [
        [0, 122, 426, 238],
        [426, 122, 426, 238],
        [852, 122, 426, 238],
        [214, 360, 426, 238],
        [640, 360, 426, 238],
      ],
    ],
    [
      9,
      Array.from({ length: 9 }, (_, i) => [(i % 3) * 426, Math.floor(i / 3) * 238 + 2, 426, 238]),
    ],
  ])('%i tiles', (count, expected) => {
    expect(gridRects(count).map((r) => [r.x, r.y, r.w, r.h])).toEqual(expected);
  });

  test('a tenth member is not shown; talking does not move anyone', () => {
    const timeline = [
      ...Array.from({ length: 10 }, (_, i) => join(0, i + 1)),
      ...talk(1000, 5000, 10),
    ];
    expect(view(recordingLayout({ layout: 'grid', durationMs: 10000, timeline }))).toEqual([
      [0, 10000, '-', [1, 2, 3, 4, 5, 6, 7, 8, 9]],
    ]);
  });
});

describe('names and cameras on the boxes', () => {
  test.each([
    [
      'a camera that is off shows the name instead',
      [join(0, 1), ev(0, 'camera_on', 1), ev(3000, 'camera_off', 1)],
      [
        [0, 3000, 'M1', true],
        [3000, 10000, 'M1', false],
      ],
    ],
    [
      'a rename shows from the moment it happened',
      [join(0, 1), ev(4000, 'rename', 1, 'Alice')],
      [
        [0, 4000, 'M1', false],
        [4000, 10000, 'Alice', false],
      ],
    ],
  ])('%s', (_name, timeline, expected) => {
    const segments = recordingLayout({ layout: 'speech', durationMs: 10000, timeline });
    expect(segments.map((s) => [s.start, s.end, s.boxes[0]!.name, s.boxes[0]!.video])).toEqual(
      expected,
    );
  });

  test('events past the end are clamped; nothing is laid out for an empty recording', () => {
    expect(recordingLayout({ layout: 'speech', durationMs: 0, timeline: three })).toEqual([]);
    const segments = recordingLayout({
      layout: 'speech',
      durationMs: 5000,
      timeline: [join(0, 1), join(9000, 2)],
    });
    expect(view(segments)).toEqual([[0, 5000, '1', []]]);
  });
});
