/**
 * The poll form's edits as one pure function over the shared form helpers (ids, copy, delete,
 * limits from packages/shared/src/domain/poll-form.ts). An edit that changes nothing (deleting the
 * only question, the third-to-last option…) answers the same form, so it is not counted as an
 * edit; an edit past a limit answers which limit text to show.
 */
import {
  POLL_TEXT_MAX,
  addOption,
  addQuestion,
  copyQuestion,
  deleteOption,
  deleteQuestion,
  type ErrorKey,
  type PollFlag,
  type PollForm,
  type PollFormQuestion,
  type QuestionType,
} from '@meet/shared';

export type PollFormEdit =
  | { type: 'title'; value: string }
  | { type: 'anonymous'; value: PollFlag }
  | { type: 'questionTitle'; questionId: number; value: string }
  | { type: 'questionType'; questionId: number; value: QuestionType }
  | { type: 'optionDesc'; questionId: number; optionId: number; value: string }
  | { type: 'addOption'; questionId: number }
  | { type: 'deleteOption'; questionId: number; optionId: number }
  | { type: 'addQuestion' }
  | { type: 'copyQuestion'; questionId: number }
  | { type: 'deleteQuestion'; questionId: number };

/** A limit was hit: the key of the text that says so (under `errors.*`). */
export interface PollLimit {
  limit: Extract<ErrorKey, 'pollQuestionsLimit' | 'pollOptionCount'>;
}

/** Texts are cut at 200 characters, as the inputs' maxLength does for typing. */
const clip = (value: string) =>
  Array.from(value).length > POLL_TEXT_MAX
    ? Array.from(value).slice(0, POLL_TEXT_MAX).join('')
    : value;

function mapQuestion(
  form: PollForm,
  questionId: number,
  change: (q: PollFormQuestion) => PollFormQuestion | 'limit',
): PollForm | PollLimit {
  let limit = false;
  let changed = false;
  const questions = form.questions.map((q) => {
    if (q.questionId !== questionId) return q;
    const next = change(q);
    if (next === 'limit') {
      limit = true;
      return q;
    }
    if (next !== q) changed = true;
    return next;
  });
  if (limit) return { limit: 'pollOptionCount' };
  return changed ? { ...form, questions } : form;
}

export function applyPollEdit(form: PollForm, edit: PollFormEdit): PollForm | PollLimit {
  switch (edit.type) {
    case 'title': {
      const title = clip(edit.value);
      return title === form.title ? form : { ...form, title };
    }
    case 'anonymous':
      return edit.value === form.anonymous ? form : { ...form, anonymous: edit.value };
    case 'questionTitle':
      return mapQuestion(form, edit.questionId, (q) => {
        const title = clip(edit.value);
        return title === q.title ? q : { ...q, title };
      });
    case 'questionType':
      return mapQuestion(form, edit.questionId, (q) =>
        q.type === edit.value ? q : { ...q, type: edit.value },
      );
    case 'optionDesc':
      return mapQuestion(form, edit.questionId, (q) => {
        const optionDesc = clip(edit.value);
        const option = q.options.find((o) => o.optionId === edit.optionId);
        if (!option || option.optionDesc === optionDesc) return q;
        return {
          ...q,
          options: q.options.map((o) => (o.optionId === edit.optionId ? { ...o, optionDesc } : o)),
        };
      });
    case 'addOption':
      return mapQuestion(form, edit.questionId, addOption);
    case 'deleteOption':
      return mapQuestion(form, edit.questionId, (q) => deleteOption(q, edit.optionId));
    case 'addQuestion': {
      const questions = addQuestion(form.questions);
      return questions === 'limit' ? { limit: 'pollQuestionsLimit' } : { ...form, questions };
    }
    case 'copyQuestion': {
      const questions = copyQuestion(form.questions, edit.questionId);
      if (questions === 'limit') return { limit: 'pollQuestionsLimit' };
      return questions.length === form.questions.length ? form : { ...form, questions };
    }
    case 'deleteQuestion': {
      const questions = deleteQuestion(form.questions, edit.questionId);
      return questions.length === form.questions.length ? form : { ...form, questions };
    }
  }
}

export function isPollLimit(value: PollForm | PollLimit): value is PollLimit {
  return 'limit' in value;
}
