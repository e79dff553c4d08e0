import { describe, expect, test } from 'vitest';
import { MAGIC_PUBLISH_STATUS as S } from '@meet/shared';
import {
  allStyles,
  nextPage,
  publishingIds,
  withFirst,
  withStatuses,
  withStyle,
  withoutStyle,
} from './magic-cache';
import { page, pages, style } from './magic-fixtures';

const ids = (data: Parameters<typeof allStyles>[0]) => allStyles(data).map((s) => s.id);

describe('paging', () => {
  test.each([
    ['a page saying more follow asks for the next one', [true], 2],
    ['the third page after two', [true, true], 3],
    ['a last page ends the list', [true, false], undefined],
    ['a single last page ends it', [false], undefined],
  ])('%s', (_name, more, expected) => {
    const loaded = more.map((hasMore) => page([style()], hasMore));
    expect(nextPage(loaded[loaded.length - 1]!, loaded)).toBe(expected);
  });
});

describe('cache changes', () => {
  const two = pages(
    page([style({ id: 'a' }), style({ id: 'b' })], true),
    page([style({ id: 'c' })]),
  );

  test('a reply replaces the style wherever it is listed, leaving the others', () => {
    const next = withStyle(two, style({ id: 'c', hot: 9, subscribed: true }));
    expect(allStyles(next).find((s) => s.id === 'c')).toMatchObject({ hot: 9, subscribed: true });
    expect(next.pages[0]!.list[0]).toBe(two.pages[0]!.list[0]);
    expect(ids(next)).toEqual(['a', 'b', 'c']);
  });

  test('a deleted style leaves every page, the paging stays', () => {
    const next = withoutStyle(two, 'b');
    expect(ids(next)).toEqual(['a', 'c']);
    expect(next.pages[0]!.hasMore).toBe(true);
    expect(next.pageParams).toEqual([1, 2]);
  });

  test.each([
    ['a new style goes first', two, 'n', ['n', 'a', 'b', 'c']],
    ['a style already listed is updated in place, not repeated', two, 'b', ['a', 'b', 'c']],
    ['a list not loaded yet starts with it', undefined, 'n', ['n']],
    ['an empty list gets it', pages(), 'n', ['n']],
  ])('%s', (_name, data, id, expected) => {
    const next = withFirst(data, style({ id, name: 'New one' }));
    expect(ids(next)).toEqual(expected);
    expect(allStyles(next).find((s) => s.id === id)!.name).toBe('New one');
  });

  test('reported statuses change only the styles they name', () => {
    const mine = pages(
      page([
        style({ id: 'a', mine: true, status: S.publishing }),
        style({ id: 'b', mine: true, status: S.publishing }),
      ]),
    );
    const next = withStatuses(mine, [{ id: 'a', status: S.published }]);
    expect(allStyles(next).map((s) => s.status)).toEqual([S.published, S.publishing]);
  });
});

test.each([
  ['mine, publishing', { mine: true, status: S.publishing }, ['x']],
  ['mine, published', { mine: true, status: S.published }, []],
  ['mine, failed', { mine: true, status: S.failed }, []],
  ["someone else's, publishing", { mine: false, status: S.publishing }, []],
])('only my styles being published are polled: %s', (_name, extra, expected) => {
  expect(publishingIds([style({ id: 'x', ...extra })])).toEqual(expected);
});
