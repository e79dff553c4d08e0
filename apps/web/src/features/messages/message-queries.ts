/**
 * The message center's server state through TanStack Query, kept per signed-in user (the key
 * holds the token): the pages shown in the panel (newest first; the next page is the one after
 * the oldest message shown) and the unread count behind the bell's red dot. A message pushed
 * live, and marking messages read, change both caches here, in one place.
 */
import {
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { MESSAGES_PAGE_SIZE, type MessageItem } from '@meet/shared';
import { messagesApi, type MessagesPage } from '../../api/messages-api';

export type MessagePages = InfiniteData<MessagesPage, number | undefined>;

export const messagesRootKey = ['messages'] as const;
export const messagePagesKey = (user: string) => [...messagesRootKey, user, 'pages'] as const;
export const unreadKey = (user: string) => [...messagesRootKey, user, 'unread'] as const;

/** A full page means there may be older messages: the next page starts after its last one. */
export function nextMessageTime(last: MessagesPage): number | undefined {
  if (last.list.length < MESSAGES_PAGE_SIZE) return undefined;
  return last.list[last.list.length - 1]?.ctime;
}

/** The panel's pages; a fresh first page also brings the bell the server's unread count. */
export function useMessagePages(user: string, enabled: boolean) {
  const client = useQueryClient();
  return useInfiniteQuery({
    queryKey: messagePagesKey(user),
    queryFn: async ({ pageParam }) => {
      const page = await messagesApi.list(pageParam, MESSAGES_PAGE_SIZE, { silent: true });
      if (pageParam === undefined) storeUnread(client, user, page.unread);
      return page;
    },
    initialPageParam: undefined as number | undefined,
    getNextPageParam: nextMessageTime,
    enabled: enabled && user !== '',
  });
}

/** The unread count; a page of one message is the cheapest way to ask for it. */
export function useUnreadCount(user: string, enabled: boolean) {
  return useQuery({
    queryKey: unreadKey(user),
    queryFn: async () => (await messagesApi.list(undefined, 1, { silent: true })).unread,
    enabled: enabled && user !== '',
    staleTime: 30_000,
  });
}

/** The pages with these messages (or all, when `ids` is null) read. */
export function withRead(data: MessagePages, ids: ReadonlySet<number> | null): MessagePages {
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      list: page.list.map((m) =>
        m.isUnread && (ids === null || ids.has(m.messageId)) ? { ...m, isUnread: false } : m,
      ),
    })),
  };
}

/** The pages with a pushed message first (once: a repeated push changes nothing). */
export function withNewMessage(data: MessagePages, message: MessageItem): MessagePages {
  if (data.pages.some((page) => page.list.some((m) => m.messageId === message.messageId)))
    return data;
  const [first, ...rest] = data.pages;
  if (!first) return data;
  return { ...data, pages: [{ ...first, list: [message, ...first.list] }, ...rest] };
}

export function storeUnread(client: QueryClient, user: string, unread: number): void {
  client.setQueryData(unreadKey(user), unread);
}

export function markReadInCache(
  client: QueryClient,
  user: string,
  ids: readonly number[] | null,
): void {
  const set = ids === null ? null : new Set(ids);
  client.setQueryData<MessagePages>(messagePagesKey(user), (data) =>
    data ? withRead(data, set) : data,
  );
}

export function addMessageToCache(
  client: QueryClient,
  user: string,
  message: MessageItem,
  unread: number,
): void {
  client.setQueryData<MessagePages>(messagePagesKey(user), (data) =>
    data ? withNewMessage(data, message) : data,
  );
  storeUnread(client, user, unread);
}
