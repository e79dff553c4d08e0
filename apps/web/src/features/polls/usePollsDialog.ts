/**
 * The poll dialog's behaviour (SPEC.md sections 4–6): the list, and one poll in the add, edit,
 * result or vote mode; the buttons of `pollButtons` by role, status and place; the confirms for
 * delete, stop and leaving a form after more than one edit; live notices; and 4050, which sends
 * the dialog back to the list and takes the poll out of it. PollsDialog.tsx is its markup.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  POLLS_PER_MEETING_MAX,
  POLL_STATUS,
  ResultCode,
  firstUnanswered,
  openingPollMode,
  pollButtons,
  toSubmission,
  type PollButton,
  type PollChange,
  type PollDetail,
  type PollSelection,
  type PollStatus,
  type PollSummary,
} from '@meet/shared';
import { ApiError } from '../../api/client';
import { voteApi } from '../../api/vote-api';
import { toast } from '../../ui/toast-store';
import { dropPoll, pollKey, pollsKey, storePoll, usePollDetail, usePollList } from './poll-queries';
import { formOfPoll } from './poll-view';
import { usePollForm } from './usePollForm';

/** Where the dialog is open: in the meeting (room) or outside it (Home). */
export interface PollsPlace {
  conferenceUri: string;
  inMeeting: boolean;
  /** The viewer may create polls here (the host in the meeting, the creator before it). */
  canCreate: boolean;
  /** The name a vote is sent with (the meeting nickname). */
  nickname: string;
  /** Live changes of this meeting's polls: room events in the meeting, the message socket outside. */
  subscribe?: (listener: (voteId: number, change: PollChange) => void) => () => void;
  /** Polls already known (Home's voteList), shown while the list loads. */
  initialList?: PollSummary[];
}

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

export type PollBusy = PollButton | 'save' | 'submit' | null;

const LIST: PollView = { mode: 'list' };

export function usePollsDialog(place: PollsPlace, onClose: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { conferenceUri: uri, inMeeting } = place;
  const [view, setView] = useState<PollView>(LIST);
  const [confirm, setConfirm] = useState<PollConfirm | null>(null);
  const [busy, setBusy] = useState<PollBusy>(null);
  const [selections, setSelections] = useState<Record<number, PollSelection>>({});
  const form = usePollForm();
  const list = usePollList(uri, true, place.initialList);
  const voteId = view.mode === 'list' || view.mode === 'add' ? null : view.voteId;
  const detail = usePollDetail(voteId);
  const poll = detail.data && detail.data.voteId === voteId ? detail.data : undefined;

  const viewRef = useRef(view);
  viewRef.current = view;

  /** The poll answered 4050 (or was deleted): back to the list, without it. */
  const gone = useCallback(
    (id: number) => {
      dropPoll(queryClient, uri, id);
      const current = viewRef.current;
      if (current.mode !== 'list' && current.mode !== 'add' && current.voteId === id) {
        setView(LIST);
        setConfirm(null);
      }
    },
    [queryClient, uri],
  );

  /** Runs one call; a refusal was already shown by the API client. */
  const act = useCallback(
    async <T>(name: PollBusy, id: number | null, call: () => Promise<T>) => {
      setBusy(name);
      try {
        return await call();
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        if (error.code === ResultCode.pollGone && id !== null) gone(id);
        return undefined;
      } finally {
        setBusy(null);
      }
    },
    [gone],
  );

  const refreshList = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: pollsKey(uri) }),
    [queryClient, uri],
  );

  // A poll that cannot be loaded: 4050 drops it; either way the dialog goes back to the list.
  useEffect(() => {
    const error = detail.error;
    if (!error || voteId === null) return;
    toast.error(error.message || t('common.networkError'));
    queryClient.removeQueries({ queryKey: pollKey(voteId), exact: true });
    if (error instanceof ApiError && error.code === ResultCode.pollGone) gone(voteId);
    else setView(LIST);
  }, [detail.error, voteId, gone, queryClient, t]);

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

  // Live notices. In the meeting every change refreshes what is shown. Outside it, SPEC.md
  // section 4: only an attendee with this very poll open reacts, with a notice.
  const handleChange = useCallback(
    (id: number, change: PollChange) => {
      const current = viewRef.current;
      const viewing = current.mode !== 'list' && current.mode !== 'add' && current.voteId === id;
      if (!inMeeting) {
        const shown = queryClient.getQueryData<PollDetail>(pollKey(id));
        if (!viewing || !shown || shown.isHost) return;
        if (change === 'deleted') {
          toast.warning(t('polls.toast.removed'));
          gone(id);
          return;
        }
        if (change === 'resultPublished') toast.info(t('errors.pollResultShared'));
        if (change === 'resultUnpublished') toast.info(t('errors.pollResultHidden'));
        void queryClient.invalidateQueries({ queryKey: pollKey(id) });
        refreshList();
        return;
      }
      refreshList();
      if (change === 'deleted') {
        if (viewing) toast.warning(t('polls.toast.removed'));
        gone(id);
        return;
      }
      if (viewing) void queryClient.invalidateQueries({ queryKey: pollKey(id) });
    },
    [inMeeting, queryClient, gone, refreshList, t],
  );
  const { subscribe } = place;
  useEffect(() => subscribe?.(handleChange), [subscribe, handleChange]);

  // ---- navigation --------------------------------------------------------------------------

  const openPoll = (summary: PollSummary) => {
    const mode = openingPollMode({
      isHost: summary.isHost,
      status: summary.status as PollStatus,
      inMeeting,
      joined: summary.joined === 1,
    });
    setSelections({});
    setView(
      mode === 'vote'
        ? { mode: 'vote', voteId: summary.voteId, back: 'list' }
        : { mode: 'result', voteId: summary.voteId },
    );
  };

  const newPoll = () => {
    if ((list.data?.length ?? 0) >= POLLS_PER_MEETING_MAX) {
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
    leaveForm(() => setView(view.mode === 'edit' ? { mode: 'result', voteId: view.voteId } : LIST));

  /** Close button, Escape, backdrop. A confirm on top answers those keys itself. */
  const requestClose = () => {
    if (confirm) return;
    leaveForm(onClose);
  };

  const back = () => {
    if (view.mode === 'vote' && view.back === 'result')
      setView({ mode: 'result', voteId: view.voteId });
    else setView(LIST);
  };

  // ---- actions -----------------------------------------------------------------------------

  /** Add saves and goes back to the list; edit returns to the result in the meeting. */
  const save = async () => {
    const draft = form.check();
    if (!draft) return;
    if (view.mode === 'add') {
      const created = await act('save', null, () => voteApi.create(uri, draft));
      if (!created) return;
      storePoll(queryClient, uri, created);
      refreshList();
      toast.success(t('polls.toast.created'));
      setView(LIST);
    } else if (view.mode === 'edit') {
      const id = view.voteId;
      const updated = await act('save', id, () => voteApi.update(uri, id, draft));
      if (!updated) return;
      storePoll(queryClient, uri, updated);
      refreshList();
      toast.success(t('polls.toast.saved'));
      setView(inMeeting ? { mode: 'result', voteId: id } : LIST);
    }
  };

  const changed = (fresh: PollDetail | undefined, text?: string) => {
    if (!fresh) return;
    storePoll(queryClient, uri, fresh);
    refreshList();
    if (text) toast.success(text);
  };

  const run = async (button: PollButton, target: PollDetail) => {
    const id = target.voteId;
    switch (button) {
      case 'delete':
      case 'end':
        setConfirm({ kind: button === 'delete' ? 'delete' : 'stop', poll: target });
        return;
      case 'edit':
        setView({ mode: 'edit', voteId: id });
        return;
      case 'confirm':
        setView(LIST);
        return;
      case 'launch':
        changed(await act('launch', id, () => voteApi.launch(id)), t('polls.toast.launched'));
        return;
      case 'participate':
        setSelections({});
        setView({ mode: 'vote', voteId: id, back: 'result' });
        return;
      case 'shareResults': {
        const share = target.resultPublished !== 1;
        const call = share ? voteApi.publishResult : voteApi.unPublishResult;
        changed(
          await act('shareResults', id, () => call(id)),
          t(share ? 'errors.pollResultShared' : 'errors.pollResultHidden'),
        );
        return;
      }
      case 'download': {
        const name = await act('download', id, () => voteApi.export(id));
        if (name) toast.info(t('polls.toast.downloaded', { name }));
        return;
      }
    }
  };

  const confirmYes = async () => {
    if (!confirm) return;
    if (confirm.kind === 'leave') {
      setConfirm(null);
      confirm.then();
      return;
    }
    const id = confirm.poll.voteId;
    if (confirm.kind === 'stop') {
      const stopped = await act('end', id, () => voteApi.stop(id));
      setConfirm(null);
      changed(stopped, t('polls.toast.ended'));
      return;
    }
    const done = await act('delete', id, () => voteApi.delete(id).then(() => true));
    setConfirm(null);
    if (!done) return;
    toast.success(t('polls.toast.deleted'));
    gone(id);
    refreshList();
  };

  const choose = (questionId: number, optionId: number, multiple: boolean, checked: boolean) =>
    setSelections((current) => {
      if (!multiple) return { ...current, [questionId]: optionId };
      const before = current[questionId];
      const list = Array.isArray(before) ? before : [];
      const next = checked
        ? [...list.filter((id) => id !== optionId), optionId]
        : list.filter((id) => id !== optionId);
      return { ...current, [questionId]: next };
    });

  /** Every question needs an answer; the vote goes with the meeting nickname. */
  const submit = async () => {
    if (!poll || view.mode !== 'vote') return;
    if (firstUnanswered(poll.questions, selections) !== null) {
      toast.warning(t('errors.pollUnanswered'));
      return;
    }
    const id = poll.voteId;
    const answers = toSubmission(poll.questions, selections);
    const voted = await act('submit', id, () =>
      voteApi.participate(uri, id, place.nickname, answers),
    );
    if (!voted) {
      // Already voted elsewhere, or the poll ended meanwhile: show what is true now.
      void queryClient.invalidateQueries({ queryKey: pollKey(id) });
      return;
    }
    changed(voted, t('polls.toast.voted'));
    setView({ mode: 'result', voteId: id });
  };

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
    busy,
    confirm,
    form,
    selections,
    canCreate: place.canCreate,
    openPoll,
    newPoll,
    cancelForm,
    requestClose,
    back,
    save,
    run,
    choose,
    submit,
    confirmYes,
    confirmNo: () => setConfirm(null),
  };
}

export type PollsDialogModel = ReturnType<typeof usePollsDialog>;
