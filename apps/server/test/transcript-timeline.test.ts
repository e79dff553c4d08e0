/**
 * The rules of the transcript pass as tables: which parts of a recording the captions leave
 * uncovered, which language the pass listens for, and who spoke an utterance by the talking
 * timeline.
 */
import { describe, expect, test } from 'vitest';
import {
  COVER_MARGIN_MS,
  mostCommonLanguage,
  uncoveredSpans,
} from '../src/recordings/transcripts/assemble.js';
import { TalkTimeline, type TimelineEvent } from '../src/recordings/transcripts/talk-timeline.js';

const line = (startTime: number, endTime: number) => ({ startTime, endTime });

describe('uncovered parts of a recording', () => {
  test.each([
    ['no captions: all of it', [], 60_000, [{ start: 0, end: 60_000 }]],
    [
      'captions in the middle: before and after (a margin around each line)',
      [line(20_000, 30_000)],
      60_000,
      [
        { start: 0, end: 20_000 - COVER_MARGIN_MS },
        { start: 30_000 + COVER_MARGIN_MS, end: 60_000 },
      ],
    ],
    [
      'lines close together cover the gap between them',
      [line(1000, 5000), line(6000, 9000)],
      9500,
      [],
    ],
    [
      'overlapping lines (two people at once) count once',
      [line(0, 10_000), line(2000, 4000), line(9000, 20_000)],
      40_000,
      [{ start: 20_000 + COVER_MARGIN_MS, end: 40_000 }],
    ],
    ['a gap under a second is not worth a pass', [line(0, 4000), line(5900, 9000)], 9000, []],
  ])('%s', (_, lines, duration, expected) => {
    expect(uncoveredSpans(lines, duration)).toEqual(expected);
  });
});

describe('the language of the speech pass', () => {
  test.each([
    [['en', 'zh', 'zh'], 'zh'],
    [['en', 'zh'], 'en'],
    [['', 'en'], 'en'],
    [[], ''],
  ])('caption languages %j → %j', (languages, expected) => {
    expect(mostCommonLanguage(languages.map((language) => ({ language })))).toBe(expected);
  });
});

describe('who spoke an utterance', () => {
  const T0 = 1_000_000;
  const at = (type: 'talk_start' | 'talk_stop', userId: number, ms: number): TimelineEvent => ({
    type,
    userId,
    at: T0 + ms,
  });
  const timeline = new TalkTimeline(
    [
      // 7 was already talking when the recording began.
      at('talk_stop', 7, 3000),
      at('talk_start', 1, 10_000),
      at('talk_stop', 1, 20_000),
      at('talk_start', 2, 18_000),
      at('talk_stop', 2, 30_000),
      { type: 'join', userId: 5, at: T0 + 40_000 },
      // 3 is still talking when it stops.
      at('talk_start', 3, 50_000),
    ],
    T0,
    T0 + 60_000,
  );

  test.each([
    ['the member talking all through it', 11_000, 16_000, 1],
    ['the one who talked most of it when two did', 17_000, 25_000, 2],
    ['a tie goes to the lower user id', 16_000, 22_000, 1],
    ['someone talking from before the recording', 0, 2500, 7],
    ['someone talking until it stopped', 52_000, 60_000, 3],
    ['nobody: 0', 35_000, 45_000, 0],
    ['just after a turn ends (the detector is late): that member', 30_500, 33_000, 2],
  ])('%s', (_, start, end, speaker) => {
    expect(timeline.speakerOf(start, end)).toBe(speaker);
  });
});
