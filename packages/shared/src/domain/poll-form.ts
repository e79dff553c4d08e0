/**
 * The poll form (SPEC.md section 5) as pure functions the server and the web app share: its
 * shape, its validation with the catalogue's keys, and its edits (ids 1..n, copy, delete, the
 * limits), and when leaving it asks first.
 */
import type { ErrorKey } from '../errors/messages.en.js';
import {
  POLL_OPTIONS_MAX,
  POLL_OPTIONS_MIN,
  POLL_QUESTIONS_MAX,
  POLL_TEXT_MAX,
  QUESTION_TYPE,
  type PollFlag,
  type QuestionType,
} from './poll.js';

export interface PollFormOption {
  optionId: number;
  optionDesc: string;
}

export interface PollFormQuestion {
  questionId: number;
  title: string;
  type: QuestionType;
  options: PollFormOption[];
}

export interface PollForm {
  title: string;
  anonymous: PollFlag;
  questions: PollFormQuestion[];
}

/** What validation needs: ids are the server's business, so a draft may come without them. */
export interface PollDraft {
  title: string;
  questions: readonly { title: string; options: readonly { optionDesc: string }[] }[];
}

export type PollFormErrorKey = Extract<
  ErrorKey,
  'pollIncomplete' | 'pollTextTooLong' | 'pollQuestionsLimit' | 'pollOptionCount'
>;

export interface PollFormIssue {
  key: PollFormErrorKey;
  /** Where in the draft, e.g. ['questions', 0, 'options', 1, 'optionDesc']. */
  path: (string | number)[];
}

function textIssue(text: string, path: (string | number)[]): PollFormIssue | null {
  const trimmed = text.trim();
  if (trimmed.length === 0) return { key: 'pollIncomplete', path };
  if (trimmed.length > POLL_TEXT_MAX) return { key: 'pollTextTooLong', path };
  return null;
}

/**
 * The first problem of a poll form in reading order, or null when it may be saved: blank texts
 * (after trimming) are "incomplete", texts over 200 characters too long, 1–10 questions,
 * 2–10 options each.
 */
export function validatePollForm(draft: PollDraft): PollFormIssue | null {
  const titleIssue = textIssue(draft.title, ['title']);
  if (titleIssue) return titleIssue;
  if (draft.questions.length === 0) return { key: 'pollIncomplete', path: ['questions'] };
  if (draft.questions.length > POLL_QUESTIONS_MAX) {
    return { key: 'pollQuestionsLimit', path: ['questions'] };
  }
  for (const [q, question] of draft.questions.entries()) {
    const issue = textIssue(question.title, ['questions', q, 'title']);
    if (issue) return issue;
    const count = question.options.length;
    if (count < POLL_OPTIONS_MIN || count > POLL_OPTIONS_MAX) {
      return { key: 'pollOptionCount', path: ['questions', q, 'options'] };
    }
    for (const [o, option] of question.options.entries()) {
      const optionIssue = textIssue(option.optionDesc, [
        'questions',
        q,
        'options',
        o,
        'optionDesc',
      ]);
      if (optionIssue) return optionIssue;
    }
  }
  return null;
}

/** A new item's id: the list's length plus 1 (the form keeps ids 1..n, see the removals). */
export function nextId(list: readonly unknown[]): number {
  return list.length + 1;
}

function newOptions(count: number): PollFormOption[] {
  return Array.from({ length: count }, (_, i) => ({ optionId: i + 1, optionDesc: '' }));
}

export function newQuestion(questionId: number): PollFormQuestion {
  return {
    questionId,
    title: '',
    type: QUESTION_TYPE.single,
    options: newOptions(POLL_OPTIONS_MIN),
  };
}

export function emptyPollForm(): PollForm {
  return { title: '', anonymous: 0, questions: [newQuestion(1)] };
}

/** Appends a blank question, or 'limit' at 10 questions. */
export function addQuestion(questions: readonly PollFormQuestion[]): PollFormQuestion[] | 'limit' {
  if (questions.length >= POLL_QUESTIONS_MAX) return 'limit';
  return [...questions, newQuestion(nextId(questions))];
}

/** Appends a copy of a question, or 'limit' at 10 questions (the UI shows the limit text). */
export function copyQuestion(
  questions: readonly PollFormQuestion[],
  questionId: number,
): PollFormQuestion[] | 'limit' {
  if (questions.length >= POLL_QUESTIONS_MAX) return 'limit';
  const source = questions.find((q) => q.questionId === questionId);
  if (!source) return [...questions];
  const copy: PollFormQuestion = {
    ...source,
    questionId: nextId(questions),
    options: source.options.map((o) => ({ ...o })),
  };
  return [...questions, copy];
}

/**
 * Removes a question; ignored when it is the only one. The rest are renumbered 1..n so that
 * "length plus 1" never hands out an id that is still in use.
 */
export function deleteQuestion(
  questions: readonly PollFormQuestion[],
  questionId: number,
): PollFormQuestion[] {
  if (questions.length <= 1) return [...questions];
  return questions
    .filter((q) => q.questionId !== questionId)
    .map((q, i) => ({ ...q, questionId: i + 1 }));
}

/** Appends a blank option, or 'limit' at 10 options. */
export function addOption(question: PollFormQuestion): PollFormQuestion | 'limit' {
  if (question.options.length >= POLL_OPTIONS_MAX) return 'limit';
  return {
    ...question,
    options: [...question.options, { optionId: nextId(question.options), optionDesc: '' }],
  };
}

/** Removes an option; ignored at the minimum of 2. Options are renumbered like questions. */
export function deleteOption(question: PollFormQuestion, optionId: number): PollFormQuestion {
  if (question.options.length <= POLL_OPTIONS_MIN) return question;
  return {
    ...question,
    options: question.options
      .filter((o) => o.optionId !== optionId)
      .map((o, i) => ({ ...o, optionId: i + 1 })),
  };
}

/** Leaving the form after more than one edit asks whether to discard the changes. */
export function shouldConfirmLeave(edits: number): boolean {
  return edits > 1;
}
