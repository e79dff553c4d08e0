/**
 * Home › Meetings state: the lists, the zone, which dialog is open, and the actions (start a
 * meeting now, join one, delete a reservation).
 */
import { useCallback, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import { NICKNAME_MAX_MEETING, meetingNickname, type MeetingListItem } from '@meet/shared';
import { conferenceApi } from '../../api/conference-api';
import { userApi } from '../../api/user-api';
import { useAuth } from '../auth/AuthProvider';
import { toast } from '../../ui/toast-store';
import type { ShareTarget } from './invitation';
import {
  useFinishedMeetings,
  useRefreshMeetings,
  useServerNow,
  useUpcomingMeetings,
} from './meeting-queries';
import { meetingsView } from './meetings-load-state';
import { useJoinMeeting } from './useJoinMeeting';
import { useTimezone } from './useTimezone';

export type MeetingsDialog =
  | { kind: 'reserve'; editing: MeetingListItem | null }
  | { kind: 'share'; target: ShareTarget }
  | { kind: 'delete'; item: MeetingListItem }
  | null;

/** An instant meeting has no zone of its own (the server keeps UTC), so it shows in Home's. */
export function shareTargetOf(item: MeetingListItem, homeTimezone: string): ShareTarget {
  return {
    conferenceId: item.meetingId,
    topic: item.meetingTitle,
    timezone: item.endTimeDefaulted ? homeTimezone : item.timezone,
    startTime: item.startTime,
    endTime: item.endTimeDefaulted ? null : item.endTime,
  };
}

export function useMeetingsHome() {
  const { t } = useTranslation();
  const { user, userId, userFailed, isRealLogin, refreshUser } = useAuth();
  const userName = user?.userName ?? '';
  const [timezone, setTimezone] = useTimezone();
  const now = useServerNow();
  const upcoming = useUpcomingMeetings();
  const finished = useFinishedMeetings();
  const refresh = useRefreshMeetings();
  const flow = useJoinMeeting({ onMeetingOver: () => void refresh() });
  const [dialog, setDialog] = useState<MeetingsDialog>(null);
  const [joiningId, setJoiningId] = useState<string | null>(null);
  const [quickJoining, setQuickJoining] = useState(false);

  const join = useCallback(
    async (conferenceId: string) => {
      setJoiningId(conferenceId);
      try {
        // The profile may not have answered yet on a first visit: ask for it rather than join
        // under a stand-in. A profile name may be longer than a meeting name: cut it, and say
        // so, never refuse.
        const profileName =
          userName ||
          (await userApi.getUserInfo().then(
            (info) => info.userName,
            () => '',
          )) ||
          t('common.appName');
        const { name, shortened } = meetingNickname(profileName);
        if (shortened) toast.info(t('join.nameShortened', { max: NICKNAME_MAX_MEETING, name }));
        await flow.join({ conferenceId, userConferenceName: name });
      } finally {
        setJoiningId(null);
      }
    },
    [flow, userName, t],
  );

  // An instant meeting: create it, then the same join the Join page makes, so /meeting can open.
  const create = useMutation({
    mutationFn: () => conferenceApi.create(),
    onSuccess: (info) => join(info.conferenceId),
  });

  const upcomingItems = upcoming.data ?? [];
  const finishedItems = finished.data?.pages.flat() ?? [];
  const view = meetingsView(
    [
      { query: upcoming, items: upcomingItems },
      { query: finished, items: finishedItems },
    ].map(({ query, items }) => ({
      hasData: query.data !== undefined,
      empty: items.length === 0,
      failed: query.isError || query.isPaused,
    })),
    !isRealLogin || userId !== null ? 'known' : userFailed ? 'failed' : 'loading',
  );

  const retry = () => {
    void upcoming.refetch();
    void finished.refetch();
    if (userFailed) void refreshUser();
  };

  const remove = useMutation({
    mutationFn: (item: MeetingListItem) => conferenceApi.deleteReservation(item.meetingId),
    onSuccess: async () => {
      toast.success(t('reservation.deleted'));
      setDialog(null);
      await refresh();
    },
  });

  return {
    userName,
    userId,
    timezone,
    setTimezone,
    now,
    view,
    retry,
    retrying: upcoming.isFetching || finished.isFetching,
    upcoming: upcomingItems,
    finished: finishedItems,
    hasMoreFinished: finished.hasNextPage,
    loadingMore: finished.isFetchingNextPage,
    loadMore: () => void finished.fetchNextPage(),
    flow,
    joiningId,
    starting: create.isPending || (joiningId !== null && create.isSuccess),
    startNow: () => create.mutate(),
    join: (item: MeetingListItem) => void join(item.meetingId),
    /** A meeting ID typed on Home (already in digits). */
    joinById: (conferenceId: string) => {
      setQuickJoining(true);
      void join(conferenceId).finally(() => setQuickJoining(false));
    },
    joiningById: quickJoining,
    dialog,
    schedule: () => setDialog({ kind: 'reserve', editing: null }),
    edit: (item: MeetingListItem) => setDialog({ kind: 'reserve', editing: item }),
    share: (item: MeetingListItem) =>
      setDialog({ kind: 'share', target: shareTargetOf(item, timezone) }),
    askDelete: (item: MeetingListItem) => setDialog({ kind: 'delete', item }),
    deleting: remove.isPending,
    confirmDelete: (item: MeetingListItem) => remove.mutate(item),
    closeDialog: () => setDialog(null),
  };
}
