import { describe, expect, test } from 'vitest';
import { minutesBlocks } from './minutes-view';

describe('minutes as blocks', () => {
  test("the extractive engine's minutes are a heading and one list of timed points", () => {
    const text =
      'Key points\n- [00:45] Alice: We ship on Friday.\n- [1:02:03] Bob: Budget is fine.';
    expect(minutesBlocks(text)).toEqual([
      { kind: 'text', text: 'Key points' },
      {
        kind: 'list',
        items: [
          { startMs: 45_000, clock: '00:45', text: 'Alice: We ship on Friday.' },
          { startMs: 3_723_000, clock: '1:02:03', text: 'Bob: Budget is fine.' },
        ],
      },
    ]);
  });

  test.each([
    [
      'a point without a time',
      '* Follow up with legal',
      [{ startMs: null, clock: '', text: 'Follow up with legal' }],
    ],
    [
      'a numbered point',
      '2. [03:12] Decide',
      [{ startMs: 192_000, clock: '03:12', text: 'Decide' }],
    ],
    [
      'Chinese minutes',
      '- [00:05] 张三：周五发布。',
      [{ startMs: 5_000, clock: '00:05', text: '张三：周五发布。' }],
    ],
  ])('%s is a list item', (_name, text, items) => {
    expect(minutesBlocks(text)).toEqual([{ kind: 'list', items }]);
  });

  test('plain text stays paragraphs, blank lines dropped, and a paragraph splits two lists', () => {
    expect(
      minutesBlocks('The budget is on track.\n\n- [00:01] a\nNext: hiring.\n- [00:02] b'),
    ).toEqual([
      { kind: 'text', text: 'The budget is on track.' },
      { kind: 'list', items: [{ startMs: 1000, clock: '00:01', text: 'a' }] },
      { kind: 'text', text: 'Next: hiring.' },
      { kind: 'list', items: [{ startMs: 2000, clock: '00:02', text: 'b' }] },
    ]);
  });

  test('nothing written is no blocks', () => {
    expect(minutesBlocks('  \n')).toEqual([]);
  });
});
