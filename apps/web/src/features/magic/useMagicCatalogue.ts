/**
 * The catalogue's behaviour: the chosen tab (Hot first, SPEC.md's communityType default), its
 * list with "more" paging, the polling of my styles being published, and each action on a card
 * with its reply written into every list. An action's failure is shown by the API client (the
 * server's text, in the user's language) and leaves the card as it was.
 */
import { useCallback, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MagicStyle } from '@meet/shared';
import { ApiError } from '../../api/client';
import { magicApi } from '../../api/magic-api';
import { authStore } from '../auth/auth-store';
import { allStyles } from './magic-cache';
import {
  dropStyle,
  refreshList,
  refreshLists,
  storeFavorite,
  storeStyle,
  usePublishPolling,
  useStyleList,
  type MagicTab,
} from './magic-queries';

/** Whose catalogue it is: the lists are cached per sign-in. */
export function useMagicUser(): string {
  return useSyncExternalStore(authStore.subscribe, authStore.getSnapshot).token ?? '';
}

/** Runs an action; the API client has already shown a refusal, so only that is caught. */
async function quietly(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
  }
}

export function useMagicCatalogue() {
  const user = useMagicUser();
  const client = useQueryClient();
  const [tab, setTab] = useState<MagicTab>('hot');
  const list = useStyleList(user, tab);
  const publishing = usePublishPolling(user);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [toDelete, setToDelete] = useState<MagicStyle | null>(null);

  const run = useCallback(async (id: string, work: () => Promise<void>) => {
    setBusy((ids) => new Set(ids).add(id));
    try {
      await quietly(work);
    } finally {
      setBusy((ids) => {
        const next = new Set(ids);
        next.delete(id);
        return next;
      });
    }
  }, []);

  /** The reply's style into every list, or every list again when the reply has none. */
  const settle = useCallback(
    async (reply: MagicStyle | null) => {
      if (reply) storeStyle(client, user, reply);
      else await refreshLists(client, user);
    },
    [client, user],
  );

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  return {
    tab,
    select: setTab,
    styles: allStyles(list.data),
    loading: list.isPending,
    failed: list.isError && !list.data,
    reload: () => void list.refetch(),
    hasMore: !!hasNextPage,
    loadingMore: isFetchingNextPage,
    loadMore: () => {
      if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
    },
    /** Ids of my styles being published (their status is being asked for). */
    publishing,
    busy,
    toggleFavorite: (style: MagicStyle) =>
      run(style.id, async () => {
        const reply = await (style.favorite
          ? magicApi.unfavorite(style.id)
          : magicApi.favoriteById(style.id));
        if (reply) storeFavorite(client, user, reply);
        else await refreshLists(client, user);
      }),
    toggleSubscribe: (style: MagicStyle) =>
      run(style.id, async () => {
        await settle(
          await (style.subscribed ? magicApi.unsubscribe(style.id) : magicApi.subscribe(style.id)),
        );
        // Subscriptions may be listed with my favourites.
        void refreshList(client, user, 'favorites');
      }),
    retry: (style: MagicStyle) => run(style.id, async () => settle(await magicApi.retry(style.id))),
    cancel: (style: MagicStyle) =>
      run(style.id, async () => settle(await magicApi.cancel(style.id))),
    republish: (style: MagicStyle) =>
      run(style.id, async () => settle(await magicApi.republish(style.id))),
    /** Delete asks first (confirmDelete does it). */
    askDelete: setToDelete,
    toDelete,
    closeDelete: () => setToDelete(null),
    deleting: !!toDelete && busy.has(toDelete.id),
    confirmDelete: () => {
      const style = toDelete;
      if (!style) return;
      void run(style.id, async () => {
        await magicApi.remove(style.id);
        dropStyle(client, user, style.id);
        setToDelete(null);
      });
    },
  };
}

export type MagicCatalogueState = ReturnType<typeof useMagicCatalogue>;
