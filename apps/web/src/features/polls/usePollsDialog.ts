/**
 * The poll dialog's behaviour (SPEC.md sections 4–6), composed of its parts: where the dialog is
 * (usePollNavigation), the ballot (usePollBallot), the calls to the server (usePollActions), the
 * cache they update (usePollCache) and the live notices (usePollLiveEvents). Here: the buttons of
 * `pollButtons` by role, status and place, what "gone" means (4050 or deleted: out of the cache,
 * and back to the list when the poll is open), and a poll that cannot be loaded. PollsDialog.tsx
 * is its markup.
 */
import { useCallback, useEffect } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import {
  ResultCode,
  pollButtons,
  type PollButton,
  type PollStatus,
  type PollSummary,
} from '@meet/shared';
import { ApiError } from '../../api/client';
import { toast } from '../../ui/toast-store';
import { usePollList } from './poll-queries';
import { usePollActions } from './usePollActions';
import { usePollBallot } from './usePollBallot';
import { usePollCache } from './usePollCache';
import { usePollForm } from './usePollForm';
import { usePollLiveEvents, type PollChangeListener } from './usePollLiveEvents';
import { LIST_VIEW, usePollNavigation } from './usePollNavigation';

export type { PollConfirm } from './usePollNavigation';

/** Where the dialog is open: in the meeting (room) or outside it (Home). */
export interface PollsPlace {
  conferenceUri: string;
  inMeeting: boolean;
  /** The viewer may create polls here (the host in the meeting, the creator before it). */
  canCreate: boolean;
  /** The name a vote is sent with (the meeting nickname). */
  nickname: string;
  /** Live changes of this meeting's polls: room events in the meeting, the message socket outside. */
  subscribe?: (listener: PollChangeListener) => () => void;
  /** Polls already known (Home's voteList), shown while the list loads. */
  initialList?: PollSummary[];
}

export function usePollsDialog(place: PollsPlace, onClose: () => void) {
  const { t } = useTranslation();
  const { conferenceUri, inMeeting } = place;
  const form = usePollForm();
  const list = usePollList(conferenceUri, true, place.initialList);
  const cache = usePollCache(conferenceUri);
  const ballot = usePollBallot();
  const nav = usePollNavigation({
    inMeeting,
    form,
    pollCount: list.data?.length ?? 0,
    clearBallot: ballot.clear,
    onClose,
  });
  const { view, voteId, poll, loadError, leavePoll, show } = nav;

  /** The poll answered 4050 (or was deleted): back to the list, without it. */
  const gone = useCallback(
    (id: number) => {
      cache.drop(id);
      leavePoll(id);
    },
    [cache, leavePoll],
  );

  // A poll that cannot be loaded: 4050 drops it; either way the dialog goes back to the list.
  useEffect(() => {
    if (!loadError || voteId === null) return;
    toast.error(loadError.message || t('common.networkError'));
    cache.forget(voteId);
    if (loadError instanceof ApiError && loadError.code === ResultCode.pollGone) gone(voteId);
    else show(LIST_VIEW);
  }, [loadError, voteId, gone, cache, show, t]);

  usePollLiveEvents({
    subscribe: place.subscribe,
    inMeeting,
    isShowing: nav.isShowing,
    cache,
    gone,
  });

  const actions = usePollActions({
    conferenceUri,
    inMeeting,
    nickname: place.nickname,
    nav,
    form,
    selections: ballot.selections,
    cache,
    gone,
  });

  const buttons: PollButton[] = poll
    ? pollButtons({
        isHost: poll.isHost,
        status: poll.status as PollStatus,
        inMeeting,
        joined: poll.joined === 1,
      })
    : [];

  return {
    view,
    list,
    poll,
    loading: voteId !== null && !poll,
    buttons,
    busy: actions.busy,
    confirm: nav.confirm,
    form,
    selections: ballot.selections,
    canCreate: place.canCreate,
    openPoll: nav.openPoll,
    newPoll: nav.newPoll,
    cancelForm: nav.cancelForm,
    requestClose: nav.requestClose,
    back: nav.back,
    save: actions.save,
    run: actions.run,
    choose: ballot.choose,
    submit: actions.submit,
    confirmYes: actions.confirmYes,
    confirmNo: nav.dismissConfirm,
  };
}

export type PollsDialogModel = ReturnType<typeof usePollsDialog>;
