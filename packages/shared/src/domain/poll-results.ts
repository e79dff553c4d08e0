/**
 * Votes and results (SPEC.md sections 5–6): the ballot's selections, what a vote sends and the
 * server's check of it, tallies in tenths of a percent, and how percentages and voter names are
 * shown.
 */
import type { ErrorKey } from '../errors/messages.en.js';
import { POLL_VOTER_NAME_KEEP, POLL_VOTER_NAME_MAX, QUESTION_TYPE } from './poll.js';

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
