/**
 * What the poll dialog sends to the server (SPEC.md sections 4–6): saving the add or edit form,
 * the result view's buttons (launch, share results, download; delete and end ask first), the
 * answers to those confirms, and the vote. One call at a time shows as `busy`. A refusal was
 * already shown by the API client; 4050 means the poll is gone (`gone`).
 */
import { useCallback, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import {
  ResultCode,
  firstUnanswered,
  toSubmission,
  type PollButton,
  type PollDetail,
} from '@meet/shared';
import { ApiError } from '../../api/client';
import { voteApi } from '../../api/vote-api';
import { toast } from '../../ui/toast-store';
import type { PollSelections } from './usePollBallot';
import type { PollCache } from './usePollCache';
import type { PollFormHandle } from './usePollForm';
import { LIST_VIEW, type PollNavigation } from './usePollNavigation';

export type PollBusy = PollButton | 'save' | 'submit' | null;

interface PollActionsInput {
  conferenceUri: string;
  inMeeting: boolean;
  /** The name a vote is sent with (the meeting nickname). */
  nickname: string;
  nav: PollNavigation;
  form: PollFormHandle;
  selections: PollSelections;
  cache: PollCache;
  /** The poll is gone: out of the cache, and out of view when it is open. */
  gone: (voteId: number) => void;
}

export function usePollActions({
  conferenceUri: uri,
  inMeeting,
  nickname,
  nav,
  form,
  selections,
  cache,
  gone,
}: PollActionsInput) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<PollBusy>(null);
  const { view, poll, confirm } = nav;

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

  /** An action answered with the poll as it is now. */
  const changed = (fresh: PollDetail | undefined, text?: string) => {
    if (!fresh) return;
    cache.store(fresh);
    if (text) toast.success(text);
  };

  /** Add saves and goes back to the list; edit returns to the result in the meeting. */
  const save = async () => {
    const draft = form.check();
    if (!draft) return;
    if (view.mode === 'add') {
      const created = await act('save', null, () => voteApi.create(uri, draft));
      if (!created) return;
      changed(created, t('polls.toast.created'));
      nav.show(LIST_VIEW);
    } else if (view.mode === 'edit') {
      const id = view.voteId;
      const updated = await act('save', id, () => voteApi.update(uri, id, draft));
      if (!updated) return;
      changed(updated, t('polls.toast.saved'));
      nav.show(inMeeting ? { mode: 'result', voteId: id } : LIST_VIEW);
    }
  };

  const run = async (button: PollButton, target: PollDetail) => {
    const id = target.voteId;
    switch (button) {
      case 'delete':
      case 'end':
        nav.ask({ kind: button === 'delete' ? 'delete' : 'stop', poll: target });
        return;
      case 'edit':
        nav.show({ mode: 'edit', voteId: id });
        return;
      case 'confirm':
        nav.show(LIST_VIEW);
        return;
      case 'launch':
        changed(await act('launch', id, () => voteApi.launch(id)), t('polls.toast.launched'));
        return;
      case 'participate':
        nav.openBallot(id, 'result');
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
      nav.dismissConfirm();
      confirm.then();
      return;
    }
    const id = confirm.poll.voteId;
    if (confirm.kind === 'stop') {
      const stopped = await act('end', id, () => voteApi.stop(id));
      nav.dismissConfirm();
      changed(stopped, t('polls.toast.ended'));
      return;
    }
    const done = await act('delete', id, () => voteApi.delete(id).then(() => true));
    nav.dismissConfirm();
    if (!done) return;
    toast.success(t('polls.toast.deleted'));
    gone(id);
    cache.refreshList();
  };

  /** Every question needs an answer; the vote goes with the meeting nickname. */
  const submit = async () => {
    if (!poll || view.mode !== 'vote') return;
    if (firstUnanswered(poll.questions, selections) !== null) {
      toast.warning(t('errors.pollUnanswered'));
      return;
    }
    const id = poll.voteId;
    const answers = toSubmission(poll.questions, selections);
    const voted = await act('submit', id, () => voteApi.participate(uri, id, nickname, answers));
    if (!voted) {
      // Already voted elsewhere, or the poll ended meanwhile: show what is true now.
      cache.refreshPoll(id);
      return;
    }
    changed(voted, t('polls.toast.voted'));
    nav.show({ mode: 'result', voteId: id });
  };

  return { busy, save, run, confirmYes, submit };
}
