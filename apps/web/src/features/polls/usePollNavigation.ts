/**
 * Where the poll dialog is (SPEC.md section 4): the list, or one poll in the add, edit, result
 * or vote mode with its loaded detail, and the confirm shown on top. The moves between them:
 * opening a poll by role, status and place; New (up to the meeting's limit); Back; Cancel and
 * Close, which ask before leaving a form after more than one edit. The view follows the open
 * poll: the edit form starts from the saved poll, and a ballot that can no longer be cast turns
 * into the result.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import {
  POLLS_PER_MEETING_MAX,
  POLL_STATUS,
  openingPollMode,
  type PollDetail,
  type PollStatus,
  type PollSummary,
} from '@meet/shared';
import { toast } from '../../ui/toast-store';
import { usePollDetail } from './poll-queries';
import { formOfPoll } from './poll-view';
import type { PollFormHandle } from './usePollForm';

export type PollView =
  | { mode: 'list' }
  | { mode: 'add' }
  | { mode: 'edit'; voteId: number }
  | { mode: 'result'; voteId: number }
  /** `back`: where Back leads (a member opened the poll from the list, a host from its result). */
  | { mode: 'vote'; voteId: number; back: 'list' | 'result' };

export type PollConfirm =
  | { kind: 'delete'; poll: PollDetail }
  | { kind: 'stop'; poll: PollDetail }
  | { kind: 'leave'; mode: 'add' | 'edit'; then: () => void };

export const LIST_VIEW: PollView = { mode: 'list' };

interface PollNavigationInput {
  inMeeting: boolean;
  form: PollFormHandle;
  /** How many polls the meeting has now, for the limit on New. */
  pollCount: number;
  /** Entering the vote view starts from an empty ballot. */
  clearBallot: () => void;
  onClose: () => void;
}

export type PollNavigation = ReturnType<typeof usePollNavigation>;

export function usePollNavigation({
  inMeeting,
  form,
  pollCount,
  clearBallot,
  onClose,
}: PollNavigationInput) {
  const { t } = useTranslation();
  const [view, setView] = useState<PollView>(LIST_VIEW);
  const [confirm, setConfirm] = useState<PollConfirm | null>(null);
  const voteId = view.mode === 'list' || view.mode === 'add' ? null : view.voteId;
  const detail = usePollDetail(voteId);
  const poll = detail.data && detail.data.voteId === voteId ? detail.data : undefined;

  // Answers and live notices arrive after renders; they ask about the view as it is then.
  const viewRef = useRef(view);
  viewRef.current = view;

  /** This poll is open in the dialog (in any mode but the list and add). */
  const isShowing = useCallback((id: number) => {
    const current = viewRef.current;
    return current.mode !== 'list' && current.mode !== 'add' && current.voteId === id;
  }, []);

  /** The poll is gone: when it is open, back to the list, and no confirm about it. */
  const leavePoll = useCallback(
    (id: number) => {
      if (!isShowing(id)) return;
      setView(LIST_VIEW);
      setConfirm(null);
    },
    [isShowing],
  );

  // The edit form starts from the saved poll once it has loaded.
  const loadedFor = useRef<number | null>(null);
  const loadForm = form.load;
  useEffect(() => {
    if (view.mode !== 'edit') {
      loadedFor.current = null;
      return;
    }
    if (poll && loadedFor.current !== view.voteId) {
      loadedFor.current = view.voteId;
      loadForm(formOfPoll(poll));
    }
  }, [view, poll, loadForm]);

  // Voting is over for this viewer (voted here or elsewhere, or the poll ended): show the result.
  useEffect(() => {
    if (view.mode !== 'vote' || !poll) return;
    if (poll.status !== POLL_STATUS.inProgress || poll.joined === 1) {
      setView({ mode: 'result', voteId: view.voteId });
    }
  }, [view, poll]);

  /** The vote view of a poll, on an empty ballot. */
  const openBallot = (id: number, back: 'list' | 'result') => {
    clearBallot();
    setView({ mode: 'vote', voteId: id, back });
  };

  const openPoll = (summary: PollSummary) => {
    const mode = openingPollMode({
      isHost: summary.isHost,
      status: summary.status as PollStatus,
      inMeeting,
      joined: summary.joined === 1,
    });
    clearBallot();
    setView(
      mode === 'vote'
        ? { mode: 'vote', voteId: summary.voteId, back: 'list' }
        : { mode: 'result', voteId: summary.voteId },
    );
  };

  const newPoll = () => {
    if (pollCount >= POLLS_PER_MEETING_MAX) {
      toast.warning(t('errors.pollsLimit'));
      return;
    }
    form.load();
    setView({ mode: 'add' });
  };

  /** Leaving a form after more than one edit asks first. */
  const leaveForm = (then: () => void) => {
    if ((view.mode === 'add' || view.mode === 'edit') && form.mustConfirmLeave) {
      setConfirm({ kind: 'leave', mode: view.mode, then });
      return;
    }
    then();
  };

  const cancelForm = () =>
    leaveForm(() =>
      setView(view.mode === 'edit' ? { mode: 'result', voteId: view.voteId } : LIST_VIEW),
    );

  /** Close button, Escape, backdrop. A confirm on top answers those keys itself. */
  const requestClose = () => {
    if (confirm) return;
    leaveForm(onClose);
  };

  const back = () => {
    if (view.mode === 'vote' && view.back === 'result')
      setView({ mode: 'result', voteId: view.voteId });
    else setView(LIST_VIEW);
  };

  return {
    view,
    voteId,
    poll,
    /** Why the open poll could not be loaded, if it could not. */
    loadError: detail.error,
    confirm,
    isShowing,
    leavePoll,
    show: setView,
    openBallot,
    openPoll,
    newPoll,
    cancelForm,
    requestClose,
    back,
    ask: (next: PollConfirm) => setConfirm(next),
    dismissConfirm: () => setConfirm(null),
  };
}
