/**
 * The polls' server state through TanStack Query: a meeting's list (also behind the more-apps
 * badge) and one poll's detail. Live notices invalidate these keys; a poll that answered 4050
 * is dropped from both at once.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { PollDetail, PollSummary } from '@meet/shared';
import { voteApi } from '../../api/vote-api';

export const pollsKey = (conferenceUri: string) => ['polls', conferenceUri] as const;
export const pollKey = (voteId: number) => ['poll', voteId] as const;

/**
 * A meeting's polls as the viewer may see them. Silent: in the room it runs in the background
 * for the badge, and the dialog shows its own error line.
 */
export function usePollList(conferenceUri: string, enabled = true, initial?: PollSummary[]) {
  return useQuery({
    queryKey: pollsKey(conferenceUri),
    queryFn: () => voteApi.list(conferenceUri, { silent: true }),
    enabled: enabled && conferenceUri !== '',
    ...(initial ? { initialData: initial, initialDataUpdatedAt: 0 } : {}),
  });
}

export function usePollDetail(voteId: number | null) {
  return useQuery({
    queryKey: pollKey(voteId ?? 0),
    queryFn: () => voteApi.result(voteId!, { silent: true }),
    enabled: voteId !== null,
  });
}

/** A fresh detail from an action's answer: the detail cache and the list's summary follow it. */
export function storePoll(client: QueryClient, conferenceUri: string, poll: PollDetail) {
  client.setQueryData(pollKey(poll.voteId), poll);
  client.setQueryData<PollSummary[]>(pollsKey(conferenceUri), (list) => {
    if (!list) return list;
    const summary = summaryOf(poll);
    return list.some((p) => p.voteId === poll.voteId)
      ? list.map((p) => (p.voteId === poll.voteId ? summary : p))
      : [...list, summary];
  });
}

/** The poll is gone (deleted, or 4050): out of the list and the detail cache. */
export function dropPoll(client: QueryClient, conferenceUri: string, voteId: number) {
  client.removeQueries({ queryKey: pollKey(voteId), exact: true });
  client.setQueryData<PollSummary[]>(pollsKey(conferenceUri), (list) =>
    list?.filter((p) => p.voteId !== voteId),
  );
}

function summaryOf(poll: PollDetail): PollSummary {
  return {
    voteId: poll.voteId,
    conferenceId: poll.conferenceId,
    conferenceUri: poll.conferenceUri,
    title: poll.title,
    anonymous: poll.anonymous,
    status: poll.status,
    joined: poll.joined,
    votesNumbers: poll.votesNumbers,
    resultPublished: poll.resultPublished,
    createTime: poll.createTime,
    startTime: poll.startTime,
    endTime: poll.endTime,
    isHost: poll.isHost,
  };
}
