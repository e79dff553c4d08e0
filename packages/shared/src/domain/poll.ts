/**
 * Polls as SPEC.md describes them (sections 3–6, 9), as pure functions the server and the web
 * app share: the limits, the form's validation with the catalogue's keys, the form edits (ids,
 * copy, delete), who manages a poll, the dialog's buttons by role, status and place, tallies in
 * tenths of a percent, and how percentages and voter names are shown.
 */
import { CONFERENCE_STATUS } from '../constants.js';
import type { ErrorKey } from '../errors/messages.en.js';

export const POLLS_PER_MEETING_MAX = 10;
export const POLL_QUESTIONS_MAX = 10;
export const POLL_OPTIONS_MIN = 2;
export const POLL_OPTIONS_MAX = 10;
/** Topic, each question title and each option text. */
export const POLL_TEXT_MAX = 200;
export const POLL_TITLE_ROWS_MIN = 1;
export const POLL_TITLE_ROWS_MAX = 5;
/** Voter names longer than this are shown cut to POLL_VOTER_NAME_KEEP plus an ellipsis. */
export const POLL_VOTER_NAME_MAX = 25;
export const POLL_VOTER_NAME_KEEP = 23;

export const POLL_STATUS = { notLaunched: 0, inProgress: 1, ended: 2 } as const;
export type PollStatus = (typeof POLL_STATUS)[keyof typeof POLL_STATUS];

export const QUESTION_TYPE = { single: 0, multiple: 1 } as const;
export type QuestionType = (typeof QUESTION_TYPE)[keyof typeof QUESTION_TYPE];

export type PollFlag = 0 | 1;

// The form

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

// Roles and the dialog

export interface PollMeeting {
  hostId: number;
  creatorId: number;
  /** CONFERENCE_STATUS: 1 reserved, 2 running, 3 finished. */
  status: number;
}

/**
 * Who manages a meeting's polls: its host; and its creator whenever nobody holds the host role
 * live — before the meeting, after it, or while the role is empty — so polls can be prepared
 * and ended polls downloaded from Home.
 */
export function isPollHost(userId: number, meeting: PollMeeting): boolean {
  if (userId <= 0) return false;
  if (userId === meeting.hostId) return true;
  const live = meeting.status === CONFERENCE_STATUS.running && meeting.hostId !== 0;
  return userId === meeting.creatorId && !live;
}

export type PollButton =
  'delete' | 'edit' | 'confirm' | 'launch' | 'participate' | 'end' | 'shareResults' | 'download';

export interface PollButtonContext {
  isHost: boolean;
  status: PollStatus;
  /** The dialog is open inside the meeting (not from Home). */
  inMeeting: boolean;
  /** The viewer has voted. */
  joined: boolean;
}

/** The dialog's buttons, exactly SPEC.md section 4's table. `shareResults` is a checkbox. */
export function pollButtons(ctx: PollButtonContext): PollButton[] {
  if (!ctx.isHost) return ['confirm'];
  switch (ctx.status) {
    case POLL_STATUS.notLaunched:
      return ctx.inMeeting ? ['delete', 'edit', 'launch'] : ['delete', 'edit', 'confirm'];
    case POLL_STATUS.inProgress:
      if (!ctx.inMeeting) return ['delete'];
      return ctx.joined ? ['delete', 'end'] : ['delete', 'participate', 'end'];
    case POLL_STATUS.ended:
      return ctx.inMeeting ? ['delete', 'shareResults'] : ['delete', 'shareResults', 'download'];
  }
}

export type PollDialogMode = 'add' | 'edit' | 'result' | 'vote';

/** Opening an existing poll: a member who can still vote votes; everyone else sees the result view. */
export function openingPollMode(ctx: PollButtonContext): Exclude<PollDialogMode, 'add' | 'edit'> {
  const canVote = ctx.inMeeting && ctx.status === POLL_STATUS.inProgress && !ctx.joined;
  return canVote && !ctx.isHost ? 'vote' : 'result';
}

/** Voters see counts and percentages only when they are host or the results are published. */
export function canSeeResults(isHost: boolean, resultPublished: number | boolean): boolean {
  return isHost || resultPublished === 1 || resultPublished === true;
}

/** The more-apps badge: a launched poll this member has not answered. */
export function hasUnansweredPoll(polls: readonly { status: number; joined: number }[]): boolean {
  return polls.some((p) => p.status === POLL_STATUS.inProgress && p.joined === 0);
}

// Voting

/** The form's state of one question: an option id (single), a list (multiple), or nothing. */
export type PollSelection = number | readonly number[] | null | undefined;

export interface QuestionAnswer {
  questionId: number;
  select: number[];
}

function asList(selection: PollSelection): number[] {
  if (selection === null || selection === undefined) return [];
  return typeof selection === 'number' ? [selection] : [...selection];
}

/** The first question without a selection ("You still have unanswered questions"), or null. */
export function firstUnanswered(
  questions: readonly { questionId: number }[],
  selections: Readonly<Record<number, PollSelection>>,
): number | null {
  const missing = questions.find((q) => asList(selections[q.questionId]).length === 0);
  return missing ? missing.questionId : null;
}

/** What participate sends: a list of ids per question, a single choice wrapped in a list. */
export function toSubmission(
  questions: readonly { questionId: number }[],
  selections: Readonly<Record<number, PollSelection>>,
): QuestionAnswer[] {
  return questions.map((q) => ({
    questionId: q.questionId,
    select: asList(selections[q.questionId]),
  }));
}

export interface BallotQuestion {
  questionId: number;
  type: number;
  options: readonly { optionId: number }[];
}

export type SubmissionCheck =
  | { ok: true; answers: QuestionAnswer[] }
  | { ok: false; key: Extract<ErrorKey, 'pollUnanswered' | 'pollInvalidChoice'> };

/**
 * The server's check of a vote: every question answered, one option for a single choice, only
 * the question's options, no repeats, no unknown questions. Answers come back in question order.
 */
export function checkSubmission(
  questions: readonly BallotQuestion[],
  submission: readonly QuestionAnswer[],
): SubmissionCheck {
  const byId = new Map<number, number[]>();
  for (const answer of submission) {
    if (byId.has(answer.questionId)) return { ok: false, key: 'pollInvalidChoice' };
    byId.set(answer.questionId, answer.select);
  }
  if (questions.some((q) => (byId.get(q.questionId) ?? []).length === 0)) {
    return { ok: false, key: 'pollUnanswered' };
  }
  if (byId.size !== questions.length) return { ok: false, key: 'pollInvalidChoice' };
  const answers: QuestionAnswer[] = [];
  for (const q of questions) {
    const select = byId.get(q.questionId)!;
    const known = new Set(q.options.map((o) => o.optionId));
    const valid =
      new Set(select).size === select.length &&
      select.every((id) => known.has(id)) &&
      (q.type === QUESTION_TYPE.multiple || select.length === 1);
    if (!valid) return { ok: false, key: 'pollInvalidChoice' };
    answers.push({ questionId: q.questionId, select: [...select] });
  }
  return { ok: true, answers };
}

// Tallies and display

export interface PollBallot {
  /** Empty for anonymous polls. */
  nickname: string;
  answers: readonly QuestionAnswer[];
}

export interface OptionTally {
  optionId: number;
  votesNumber: number;
  /** Tenths of a percent of the participants who voted. */
  percent: number;
  /** Voter names in voting order; always empty for anonymous polls. */
  members: string[];
}

export interface QuestionTally {
  questionId: number;
  optionInfo: OptionTally[];
}

/** Share of `voters` in tenths of a percent, rounded: 1 of 3 is 333 (33.3%). */
export function percentTenths(votes: number, voters: number): number {
  if (voters <= 0) return 0;
  return Math.round((votes * 1000) / voters);
}

/**
 * Counts per option over the ballots. Percentages are of the participants who voted, so a
 * multiple-choice question can add up to more than 100%.
 */
export function tallyPoll(
  questions: readonly BallotQuestion[],
  ballots: readonly PollBallot[],
  anonymous: boolean,
): { votesNumbers: number; summary: QuestionTally[] } {
  const voters = ballots.length;
  const summary = questions.map((q) => ({
    questionId: q.questionId,
    optionInfo: q.options.map((o) => {
      const chose = ballots.filter((b) =>
        b.answers.some((a) => a.questionId === q.questionId && a.select.includes(o.optionId)),
      );
      return {
        optionId: o.optionId,
        votesNumber: chose.length,
        percent: percentTenths(chose.length, voters),
        members: anonymous ? [] : chose.map((b) => b.nickname),
      };
    }),
  }));
  return { votesNumbers: voters, summary };
}

/** "33.3%" from 333 tenths; below 1% two decimals: "0.50%". */
export function formatPercent(tenths: number): string {
  const value = tenths / 10;
  return `${value < 1 ? value.toFixed(2) : value.toFixed(1)}%`;
}

/** Voter names over 25 characters are shown as their first 23 plus an ellipsis. */
export function voterDisplayName(name: string): string {
  const chars = Array.from(name);
  return chars.length > POLL_VOTER_NAME_MAX
    ? `${chars.slice(0, POLL_VOTER_NAME_KEEP).join('')}...`
    : name;
}
