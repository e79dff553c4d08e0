import { describe, expect, test } from 'vitest';
import { lengthLimit } from './length-limit';

describe('a field with a character limit', () => {
  test.each([
    ['short text shows no counter', 'Ada', 30, { count: 3, showCount: false, over: false }],
    ['just under a fifth of the limit left', 'x'.repeat(23), 30, { showCount: false }],
    ['within a fifth of the limit shows the counter', 'x'.repeat(24), 30, { showCount: true }],
    ['exactly at the limit is fine', 'x'.repeat(30), 30, { showCount: true, over: false }],
    ['one over is an error', 'x'.repeat(31), 30, { count: 31, over: true }],
    ['spaces around are not counted', `  ${'x'.repeat(30)}  `, 30, { count: 30, over: false }],
    ['an emoji counts as the server counts it (two units)', '😀'.repeat(26), 50, { over: true }],
    ['chat: 800 of 1000 shows the counter', 'x'.repeat(800), 1000, { showCount: true }],
  ])('%s', (_name, text, max, expected) => {
    expect(lengthLimit(text, max)).toMatchObject(expected);
  });
});
