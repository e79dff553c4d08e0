/**
 * The Home lists through TanStack Query: running and reserved meetings together (the upcoming
 * list) and the finished history page by page. Changes invalidate `meetingsKey` to refresh all.
 */
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { FINISHED_PAGE_SIZE, type MeetingListItem } from '@meet/shared';
import { conferenceApi, serverTimestamp } from '../../api/conference-api';

export const meetingsKey = ['meetings'] as const;

/**
 * Home's lists come back by themselves: when the browser is online again (its `online` event,
 * which also resumes a load that waited offline) and when the tab is shown again (the app turns
 * refetch-on-focus off elsewhere; TanStack's focus is the `visibilitychange` event).
 */
const refreshOnReturn = { refetchOnReconnect: true, refetchOnWindowFocus: true } as const;

export function useUpcomingMeetings() {
  return useQuery({
    queryKey: [...meetingsKey, 'upcoming'],
    queryFn: async (): Promise<MeetingListItem[]> => {
      const [running, reserved] = await Promise.all([
        conferenceApi.running(),
        conferenceApi.reservations(),
      ]);
      // A reservation that has started shows up in both lists; the running entry wins.
      const ids = new Set(running.map((item) => item.meetingId));
      return [...running, ...reserved.filter((item) => !ids.has(item.meetingId))];
    },
    ...refreshOnReturn,
  });
}

export function useFinishedMeetings() {
  return useInfiniteQuery({
    queryKey: [...meetingsKey, 'finished'],
    queryFn: ({ pageParam }) => conferenceApi.finished(pageParam),
    initialPageParam: 1,
    // Another page exists when this one is full (SPEC.md section 9).
    getNextPageParam: (last, all) =>
      last.length === FINISHED_PAGE_SIZE ? all.length + 1 : undefined,
    ...refreshOnReturn,
  });
}

export function useRefreshMeetings() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: meetingsKey }), [queryClient]);
}

const TICK_MS = 30_000;

/**
 * Now by the server's clock, re-read every 30 s so "about to begin" and "overdue" badges and the
 * today/tomorrow labels move on while Home stays open.
 */
export function useServerNow(): number {
  const offset = useQuery({
    queryKey: ['clockOffset'],
    queryFn: async () => (await serverTimestamp()) - Date.now(),
    staleTime: Infinity,
    retry: false,
  });
  const [local, setLocal] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setLocal(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return local + (offset.data ?? 0);
}
