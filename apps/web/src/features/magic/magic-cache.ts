/**
 * The catalogue's lists as the query cache holds them (pages from 1; the templates are one page),
 * and how each action's reply changes them: pure functions over one list, so every list (hot,
 * templates, mine, favourites) takes the same change in one place.
 */
import type { InfiniteData } from '@tanstack/react-query';
import { MAGIC_PUBLISH_STATUS, type MagicStyle, type MagicStyleList } from '@meet/shared';

export type StylePages = InfiniteData<MagicStyleList, number>;

/** The next page to ask for, or undefined when the server said there is none. */
export function nextPage(
  last: MagicStyleList,
  pages: readonly MagicStyleList[],
): number | undefined {
  return last.hasMore ? pages.length + 1 : undefined;
}

function mapLists(data: StylePages, change: (list: MagicStyle[]) => MagicStyle[]): StylePages {
  return { ...data, pages: data.pages.map((page) => ({ ...page, list: change(page.list) })) };
}

/** The list with this style's new state wherever it is shown. */
export function withStyle(data: StylePages, style: MagicStyle): StylePages {
  return mapLists(data, (list) => list.map((s) => (s.id === style.id ? style : s)));
}

/** The list without this style (deleted, or no longer a favourite). */
export function withoutStyle(data: StylePages, id: string): StylePages {
  return mapLists(data, (list) => list.filter((s) => s.id !== id));
}

/**
 * The list with a new style first (once: a repeated reply only updates it). A list not loaded
 * yet starts with it; opening that list asks the server anyway, as the cache is stale.
 */
export function withFirst(data: StylePages | undefined, style: MagicStyle): StylePages {
  if (!data) return { pages: [{ list: [style], hasMore: false }], pageParams: [1] };
  if (allStyles(data).some((s) => s.id === style.id)) return withStyle(data, style);
  const [first, ...rest] = data.pages;
  if (!first) return { pages: [{ list: [style], hasMore: false }], pageParams: [1] };
  return { ...data, pages: [{ ...first, list: [style, ...first.list] }, ...rest] };
}

/** The list with the publish statuses the server reported. */
export function withStatuses(
  data: StylePages,
  statuses: readonly { id: string; status: number }[],
): StylePages {
  const byId = new Map(statuses.map((s) => [s.id, s.status]));
  return mapLists(data, (list) =>
    list.map((s) => {
      const status = byId.get(s.id);
      return status === undefined || status === s.status ? s : { ...s, status };
    }),
  );
}

export function allStyles(data: { pages: MagicStyleList[] } | undefined): MagicStyle[] {
  return data ? data.pages.flatMap((page) => page.list) : [];
}

/** My styles still being published: the catalogue asks for their status until they settle. */
export function publishingIds(styles: readonly MagicStyle[]): string[] {
  return styles
    .filter((s) => s.mine && s.status === MAGIC_PUBLISH_STATUS.publishing)
    .map((s) => s.id);
}
