/**
 * The message panel (SPEC.md sections 4 and 9): the first page is asked for 200 ms after the
 * panel opens (what the cache holds shows at once); reaching the end of the list asks for the
 * next page 500 ms later; opening a message marks it read and does what it is for (an access
 * request opens its detail, a recording notice goes to the recording); "Read all" marks every
 * message read. Read marks show at once and the server's unread count then settles the dot.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { MESSAGES_FIRST_LOAD_MS, MESSAGES_MORE_DELAY_MS, type MessageItem } from '@meet/shared';
import { messagesApi } from '../../api/messages-api';
import { actionOf, parseContent } from './message-content';
import {
  markReadInCache,
  messagesRootKey,
  storeUnread,
  unreadKey,
  useMessagePages,
} from './message-queries';
import { useMessageUser } from './useMessageBell';

/** How close to the end (px) counts as reaching it. */
const END_SLACK_PX = 48;

export interface ApplyTarget {
  recordId: string;
  permissionRequestId: string;
}

export function useMessageCenter() {
  const user = useMessageUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [started, setStarted] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setStarted(true), MESSAGES_FIRST_LOAD_MS);
    return () => clearTimeout(timer);
  }, []);
  const pages = useMessagePages(user, started);
  const list = pages.data?.pages.flatMap((page) => page.list) ?? [];

  const [waitingMore, setWaitingMore] = useState(false);
  const moreTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (moreTimer.current) clearTimeout(moreTimer.current);
    },
    [],
  );
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  const loadMore = useCallback(() => {
    if (!hasNextPage || isFetchingNextPage || moreTimer.current) return;
    setWaitingMore(true);
    moreTimer.current = setTimeout(() => {
      void fetchNextPage().finally(() => {
        moreTimer.current = null;
        setWaitingMore(false);
      });
    }, MESSAGES_MORE_DELAY_MS);
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const markRead = useCallback(
    async (ids: number[] | null) => {
      if (!user) return;
      const before = queryClient.getQueryData<number>(unreadKey(user)) ?? 0;
      markReadInCache(queryClient, user, ids);
      storeUnread(queryClient, user, ids === null ? 0 : Math.max(0, before - ids.length));
      try {
        const reply = await messagesApi.markRead(ids ?? undefined, { silent: true });
        storeUnread(queryClient, user, reply.unread);
      } catch {
        // Ask again rather than show read marks the server does not hold.
        void queryClient.invalidateQueries({ queryKey: messagesRootKey });
      }
    },
    [queryClient, user],
  );

  const [applyTarget, setApplyTarget] = useState<ApplyTarget | null>(null);

  return {
    list,
    loading: !started || pages.isPending,
    failed: pages.isError && !pages.data,
    retry: () => void pages.refetch(),
    hasMore: !!hasNextPage,
    loadingMore: waitingMore || isFetchingNextPage,
    hasUnread: list.some((m) => m.isUnread),
    /** The list's scroll handler: at the end, the next page comes after the delay. */
    onScroll: (element: HTMLElement) => {
      if (element.scrollTop + element.clientHeight >= element.scrollHeight - END_SLACK_PX)
        loadMore();
    },
    loadMore,
    readAll: () => void markRead(null),
    open(item: MessageItem) {
      if (item.isUnread) void markRead([item.messageId]);
      const action = actionOf(parseContent(item));
      if (action.kind === 'applyDetail')
        setApplyTarget({
          recordId: action.recordId,
          permissionRequestId: action.permissionRequestId,
        });
      else if (action.kind === 'navigate') void navigate(action.to);
    },
    applyTarget,
    closeApply: () => setApplyTarget(null),
  };
}
