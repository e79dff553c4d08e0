import { describe, expect, test } from 'vitest';
import { recordInfo } from './recordings-fixtures';
import { checkSpeakerNames, currentLine, speakersOf } from './transcript-view';

const transcript = recordInfo().transcript;

describe('the transcript', () => {
  test('lists each speaker once, in the order they first speak', () => {
    expect(speakersOf([...transcript, { ...transcript[0]! }])).toEqual([
      { speakerId: 1, name: 'Ann' },
      { speakerId: 2, name: 'Bob' },
    ]);
  });

  test.each([
    [
      'an empty name is refused',
      [{ speakerId: 1, name: ' ' }],
      { ok: false, speakerId: 1, error: 'speakerNameRequired' },
    ],
    [
      'only changed names are sent, trimmed',
      [
        { speakerId: 1, name: ' Anna ' },
        { speakerId: 2, name: 'Bob' },
      ],
      { ok: true, renames: [{ speakerId: 1, name: 'Anna' }] },
    ],
    ['nothing changed sends nothing', [{ speakerId: 1, name: 'Ann' }], { ok: true, renames: [] }],
  ])('%s', (_name, edited, result) => {
    expect(checkSpeakerNames(speakersOf(transcript), edited)).toEqual(result);
  });

  test.each([
    [0, -1],
    [2000, 0],
    [64_999, 0],
    [65_000, 1],
    [999_999, 1],
  ])('at %s ms the line spoken is #%s', (ms, index) => {
    expect(currentLine(transcript, ms)).toBe(index);
  });
});
