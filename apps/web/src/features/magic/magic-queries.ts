/**
 * Magic Cam's server state through TanStack Query, kept per signed-in user (the key holds the
 * token): the four lists of the catalogue, the publish status of my styles being published
 * (asked every 2 s until they settle), and my celebrity names. Each action's reply is written
 * into every list here, in one place.
 */
import {
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { MAGIC_PAGE_SIZE, MAGIC_PUBLISH_STATUS, type MagicStyle } from '@meet/shared';
import { magicApi } from '../../api/magic-api';
import {
  allStyles,
  nextPage,
  publishingIds,
  withFirst,
  withStatuses,
  withStyle,
  withoutStyle,
  type StylePages,
} from './magic-cache';

export const MAGIC_TABS = ['hot', 'templates', 'mine', 'favorites'] as const;
export type MagicTab = (typeof MAGIC_TABS)[number];

/** How often the status of a style being published is asked for. */
export const PUBLISH_POLL_MS = 2000;

export const magicKey = ['magic'] as const;
const userKey = (user: string) => [...magicKey, user] as const;
const listsKey = (user: string) => [...userKey(user), 'list'] as const;
export const listKey = (user: string, tab: MagicTab) => [...listsKey(user), tab] as const;
export const famousNamesKey = (user: string) => [...userKey(user), 'famousNames'] as const;

const silent = { silent: true } as const;

function fetchPage(tab: MagicTab, page: number) {
  const paging = { page, pageSize: MAGIC_PAGE_SIZE };
  switch (tab) {
    case 'templates':
      return magicApi.getSystemStyleMagic(silent);
    case 'hot':
      return magicApi.getHotFreeStyleMagic(paging, silent);
    case 'mine':
      return magicApi.getMyFreeStyleMagicList(paging, silent);
    case 'favorites':
      return magicApi.getMyFavoriteMagic(paging, silent);
  }
}

/** One tab's list; `enabled` false only follows what the cache holds. */
export function useStyleList(user: string, tab: MagicTab, enabled = true) {
  return useInfiniteQuery({
    queryKey: listKey(user, tab),
    queryFn: ({ pageParam }) => fetchPage(tab, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled,
  });
}

/**
 * Asks for the status of my styles being published every PUBLISH_POLL_MS while there are any
 * (in any list the cache holds), and writes the answers into every list.
 */
export function usePublishPolling(user: string) {
  const client = useQueryClient();
  const mine = useStyleList(user, 'mine', false).data;
  const favorites = useStyleList(user, 'favorites', false).data;
  const ids = [...new Set(publishingIds([...allStyles(mine), ...allStyles(favorites)]))].sort();
  useQuery({
    queryKey: [...userKey(user), 'publishStatus', ids],
    queryFn: async () => {
      const { list } = await magicApi.queryFreeStyleMagicStatus(ids, silent);
      updateLists(client, user, (data) => withStatuses(data, list));
      // A settled style has its cover now (the publish job makes it), and a published one is in
      // the community: the lists are asked for again.
      if (list.some((s) => s.status !== MAGIC_PUBLISH_STATUS.publishing))
        void refreshLists(client, user);
      return list;
    },
    enabled: ids.length > 0,
    refetchInterval: PUBLISH_POLL_MS,
  });
  return ids;
}

export function useFamousNames(user: string) {
  return useQuery({
    queryKey: famousNamesKey(user),
    queryFn: async () => (await magicApi.getMyFamousManNames(silent)).names,
  });
}

function updateLists(client: QueryClient, user: string, change: (data: StylePages) => StylePages) {
  client.setQueriesData<StylePages>({ queryKey: listsKey(user) }, (data) =>
    data ? change(data) : data,
  );
}

/** A style's new state, wherever it is listed. */
export function storeStyle(client: QueryClient, user: string, style: MagicStyle): void {
  updateLists(client, user, (data) => withStyle(data, style));
}

/** A style gone (deleted) from every list. */
export function dropStyle(client: QueryClient, user: string, id: string): void {
  updateLists(client, user, (data) => withoutStyle(data, id));
}

/** A style put first in one list (a new one of mine, a new favourite). */
export function prependStyle(
  client: QueryClient,
  user: string,
  tab: MagicTab,
  style: MagicStyle,
): void {
  client.setQueryData<StylePages>(listKey(user, tab), (data) => withFirst(data, style));
}

/** One list out of another's favourite change: a favourite joins or leaves Favourites. */
export function storeFavorite(client: QueryClient, user: string, style: MagicStyle): void {
  storeStyle(client, user, style);
  if (style.favorite) prependStyle(client, user, 'favorites', style);
  else
    client.setQueryData<StylePages>(listKey(user, 'favorites'), (data) =>
      data ? withoutStyle(data, style.id) : data,
    );
}

/** Asks the server again for every list (a reply that did not carry the style). */
export function refreshLists(client: QueryClient, user: string): Promise<void> {
  return client.invalidateQueries({ queryKey: listsKey(user) });
}

export function refreshList(client: QueryClient, user: string, tab: MagicTab): Promise<void> {
  return client.invalidateQueries({ queryKey: listKey(user, tab) });
}
