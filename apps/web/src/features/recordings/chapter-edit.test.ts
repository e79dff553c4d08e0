import { describe, expect, test } from 'vitest';
import { checkChapters, currentChapter, parseClock, rowsOf } from './chapter-edit';

describe('chapter times', () => {
  test.each([
    ['0', 0],
    ['45', 45_000],
    ['01:05', 65_000],
    ['1:05', 65_000],
    ['1:02:03', 3_723_000],
    [' 02:00 ', 120_000],
    ['1:60', null],
    ['1:2:60', null],
    ['', null],
    ['a:10', null],
    ['1:2:3:4', null],
    ['-1', null],
  ])('"%s" reads as %s ms', (text, ms) => {
    expect(parseClock(text)).toBe(ms);
  });

  test('rows show the saved chapters as clock times', () => {
    expect(rowsOf([{ startTime: 65_000, title: 'Budget' }])).toEqual([
      { time: '01:05', title: 'Budget' },
    ]);
  });
});

describe('checking chapters before saving', () => {
  test.each([
    [
      'two chapters at the same time are refused',
      [
        { time: '00:00', title: 'Opening' },
        { time: '0:00', title: 'Again' },
      ],
      { ok: false, index: 1, error: 'chapterTimesRepeat' },
    ],
    [
      'a chapter without a title is refused',
      [{ time: '01:00', title: '  ' }],
      { ok: false, index: 0, error: 'chapterTitleRequired' },
    ],
    [
      'a time that is not a time is refused',
      [{ time: 'soon', title: 'Later' }],
      { ok: false, index: 0, error: 'chapterTimeInvalid' },
    ],
    [
      'valid chapters are trimmed and sorted by time',
      [
        { time: '02:00', title: ' Budget ' },
        { time: '00:00', title: 'Opening' },
      ],
      {
        ok: true,
        chapters: [
          { startTime: 0, title: 'Opening' },
          { startTime: 120_000, title: 'Budget' },
        ],
      },
    ],
    ['no chapters at all is fine', [], { ok: true, chapters: [] }],
  ])('%s', (_name, rows, result) => {
    expect(checkChapters(rows)).toEqual(result);
  });

  test.each([
    [0, 0],
    [59_999, 0],
    [60_000, 1],
    [3_600_000, 1],
  ])('at %s ms the current chapter is #%s', (ms, index) => {
    expect(
      currentChapter(
        [
          { startTime: 0, title: 'Opening' },
          { startTime: 60_000, title: 'Budget' },
        ],
        ms,
      ),
    ).toBe(index);
  });
});
