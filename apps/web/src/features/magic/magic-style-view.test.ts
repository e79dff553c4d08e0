import { describe, expect, test } from 'vitest';
import { MAGIC_PUBLISH_STATUS as S, type MagicStyle } from '@meet/shared';
import { authorActions, canSubscribe, placeholderOf, statusWord } from './magic-style-view';
import { style } from './magic-fixtures';

describe('publish status of my styles', () => {
  test.each([
    [S.draft, 'draft', ['republish', 'delete']],
    [S.publishing, 'publishing', ['cancel', 'delete']],
    [S.published, 'published', ['delete']],
    [S.failed, 'failed', ['retry', 'delete']],
    [S.cancelled, 'cancelled', ['republish', 'delete']],
    [99, 'draft', ['republish', 'delete']],
  ])('status %i reads "%s" and offers %j', (status, word, actions) => {
    expect(statusWord(status)).toBe(word);
    expect(authorActions(status)).toEqual(actions);
  });
});

test.each<[string, Partial<MagicStyle>, boolean]>([
  ["someone else's published style", {}, true],
  ['my own published style', { mine: true }, false],
  ['a template', { type: 'system' }, false],
  ["someone else's style still publishing", { status: S.publishing }, false],
])('subscribe is offered for %s: %s', (_name, extra, expected) => {
  expect(canSubscribe(style(extra))).toBe(expected);
});

describe('placeholder cover', () => {
  test.each([
    ['Blue comic', 'BC'],
    ['watercolor', 'WA'],
    ['  neon  city  night ', 'NC'],
    ['水彩', '水彩'],
    ['', ''],
  ])('"%s" shows the initials "%s"', (name, initials) => {
    expect(placeholderOf(name).initials).toBe(initials);
  });

  test('the same name always has the same colour, and names differ', () => {
    expect(placeholderOf('Blue comic').hue).toBe(placeholderOf('Blue comic').hue);
    const hues = new Set(
      ['Blue comic', 'Oil', 'Neon', 'Sketch', 'Pixel'].map((n) => placeholderOf(n).hue),
    );
    expect(hues.size).toBeGreaterThan(1);
    for (const hue of hues) expect(hue).toBeGreaterThanOrEqual(0);
  });
});
