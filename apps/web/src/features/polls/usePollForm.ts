/**
 * The add/edit form's state: the poll being written, how many edits were made since it was
 * loaded (leaving after more than one asks to discard, `shouldConfirmLeave`), and the field a
 * refused save points at. Limits are announced with the catalogue's text and change nothing.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import {
  emptyPollForm,
  shouldConfirmLeave,
  validatePollForm,
  type PollForm,
  type PollFormIssue,
} from '@meet/shared';
import { toast } from '../../ui/toast-store';
import { applyPollEdit, isPollLimit, type PollFormEdit } from './poll-form-edits';

interface FormState {
  form: PollForm;
  edits: number;
  issue: PollFormIssue | null;
}

const fresh = (form: PollForm = emptyPollForm()): FormState => ({ form, edits: 0, issue: null });

export type PollFormHandle = ReturnType<typeof usePollForm>;

export function usePollForm() {
  const { t } = useTranslation();
  const [state, setState] = useState<FormState>(fresh);
  // Handlers read the latest state: React renders between two user events.
  const latest = useRef(state);
  latest.current = state;

  const edit = useCallback(
    (change: PollFormEdit) => {
      const current = latest.current;
      const next = applyPollEdit(current.form, change);
      if (isPollLimit(next)) {
        toast.warning(t(`errors.${next.limit}`));
        return;
      }
      if (next === current.form) return;
      const updated = { form: next, edits: current.edits + 1, issue: null };
      latest.current = updated;
      setState(updated);
    },
    [t],
  );

  /** Starts over with a poll (a new one, or a saved one to edit); not an edit. */
  const load = useCallback((form?: PollForm) => {
    const loaded = fresh(form);
    latest.current = loaded;
    setState(loaded);
  }, []);

  /** The form as it may be saved, or null after showing why not (and marking the field). */
  const check = useCallback((): PollForm | null => {
    const current = latest.current;
    const issue = validatePollForm(current.form);
    if (!issue) return current.form;
    toast.warning(t(`errors.${issue.key}`));
    setState({ ...current, issue });
    return null;
  }, [t]);

  return useMemo(
    () => ({
      form: state.form,
      edits: state.edits,
      issue: state.issue,
      mustConfirmLeave: shouldConfirmLeave(state.edits),
      edit,
      load,
      check,
    }),
    [state, edit, load, check],
  );
}

/** The issue's path points at this field (['questions', 0, 'title'] …). */
export function issueAt(issue: PollFormIssue | null, ...path: (string | number)[]): boolean {
  if (!issue || issue.path.length !== path.length) return false;
  return issue.path.every((part, i) => part === path[i]);
}
