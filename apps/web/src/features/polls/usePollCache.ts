/**
 * The poll dialog's writes to the polls' TanStack Query cache, bound to one meeting: an
 * action's fresh poll stored in the detail and the list, a poll that is gone dropped from both,
 * a poll that failed to load forgotten, and the refetches that live notices ask for. The keys
 * and the cache shapes are poll-queries.ts's; this is the one place the dialog changes them.
 */
import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PollDetail } from '@meet/shared';
import { dropPoll, pollKey, pollsKey, storePoll } from './poll-queries';

export type PollCache = ReturnType<typeof usePollCache>;

export function usePollCache(conferenceUri: string) {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const refreshList = () =>
      void queryClient.invalidateQueries({ queryKey: pollsKey(conferenceUri) });
    return {
      /** The poll as last loaded, if it is in the cache. */
      cached: (voteId: number) => queryClient.getQueryData<PollDetail>(pollKey(voteId)),
      /** An action's answer: the detail and the list's summary follow it; the list refetches. */
      store(poll: PollDetail) {
        storePoll(queryClient, conferenceUri, poll);
        refreshList();
      },
      /** The poll is gone (deleted, or 4050): out of the list and the detail cache. */
      drop: (voteId: number) => dropPoll(queryClient, conferenceUri, voteId),
      /** A detail that failed to load, so that opening it again loads it afresh. */
      forget: (voteId: number) =>
        queryClient.removeQueries({ queryKey: pollKey(voteId), exact: true }),
      refreshList,
      refreshPoll: (voteId: number) =>
        void queryClient.invalidateQueries({ queryKey: pollKey(voteId) }),
    };
  }, [queryClient, conferenceUri]);
}
