import { expect, test } from 'vitest';
import { findUnsafeText, isDisplayText, isSafeText } from './safe-text.js';

test.each([
  ['plain text', true],
  ['中文和 emoji 😀', true],
  ['a\u0000b', false],
  ['\u0000', false],
  ['lone high \uD800x', false],
  ['lone low \uDC00x', false],
  ['ends high \uD83D', false],
  ['pair \uD83D\uDE00 is fine', true],
  ['', true],
])('isSafeText(%j) is %s', (text, safe) => {
  expect(isSafeText(text)).toBe(safe);
});

test.each([
  [{ email: 'a@b.co', name: 'x' }, null],
  [{ email: 'a\u0000@b.co' }, 'email'],
  [
    { voteList: { questions: [{ title: 'ok' }, { title: '\uDFFF' }] } },
    'voteList.questions.1.title',
  ],
  [['ok', 'bad\u0000'], '1'],
  ['bad\u0000', ''],
  [{ ['key\u0000']: 1 }, 'key\u0000'],
  [42, null],
  [null, null],
])('findUnsafeText(%j) = %j', (value, path) => {
  expect(findUnsafeText(value)).toBe(path);
});

test('nesting beyond 32 levels is refused', () => {
  let deep: unknown = 'x';
  for (let i = 0; i < 40; i++) deep = { d: deep };
  expect(findUnsafeText(deep)).not.toBeNull();
});

test.each([
  ['Ada Lovelace', true],
  ['会议 😀 café', true],
  ['עברית and العربية (right-to-left scripts are fine)', true],
  ['left\u200Eright marks\u200F are fine', true],
  ['Team sync\rLOCATION:x', false],
  ['line\nbreak', false],
  ['tab\tinside', false],
  ['NUL\u0000', false],
  ['unit separator\u001F', false],
  ['DEL\u007F', false],
  ['C1 NEL\u0085', false],
  ['C1 APC\u009F', false],
  ['LRE\u202A', false],
  ['RLO \u202Egnp.exe', false],
  ['PDF\u202C', false],
  ['LRI\u2066', false],
  ['PDI\u2069', false],
])('isDisplayText(%j) is %s', (text, ok) => {
  expect(isDisplayText(text)).toBe(ok);
});
