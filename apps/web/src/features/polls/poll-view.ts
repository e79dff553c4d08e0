/**
 * What the poll dialog shows, derived from the server's poll: the result rows (counts, bar
 * widths, percentages and voter names by the display rules of SPEC.md section 5), the edit
 * form of a saved poll, status labels, and Home's `voteList` read defensively.
 */
import {
  POLL_STATUS,
  QUESTION_TYPE,
  formatPercent,
  voterDisplayName,
  type PollDetail,
  type PollForm,
  type PollSummary,
} from '@meet/shared';

export type PollStatusKey = 'notLaunched' | 'inProgress' | 'ended';

export function statusKey(status: number): PollStatusKey {
  if (status === POLL_STATUS.inProgress) return 'inProgress';
  if (status === POLL_STATUS.ended) return 'ended';
  return 'notLaunched';
}

export interface VoterName {
  /** As shown: over 25 characters cut to 23 plus an ellipsis. */
  shown: string;
  full: string;
}

export interface ResultOptionRow {
  optionId: number;
  optionDesc: string;
  /** The viewer chose it. */
  mine: boolean;
  /** Null when the viewer may not see results. */
  votes: number | null;
  /** "33.3%", "0.50%"; null when hidden. */
  percentText: string | null;
  /** CSS width of the bar, 0–100%. */
  barWidth: string;
  voters: VoterName[];
}

export interface ResultQuestionRow {
  questionId: number;
  title: string;
  multiple: boolean;
  options: ResultOptionRow[];
}

/** Rows of the result view; counts only where the server sent them (host, or published). */
export function resultRows(poll: PollDetail): ResultQuestionRow[] {
  const showCounts = poll.resultVisible && poll.status !== POLL_STATUS.notLaunched;
  return poll.questions.map((q) => ({
    questionId: q.questionId,
    title: q.title,
    multiple: q.type === QUESTION_TYPE.multiple,
    options: q.options.map((o) => {
      const tenths = showCounts ? (o.percent ?? 0) : 0;
      return {
        optionId: o.optionId,
        optionDesc: o.optionDesc,
        mine: q.select.includes(o.optionId),
        votes: showCounts ? (o.votesNumber ?? 0) : null,
        percentText: showCounts ? formatPercent(tenths) : null,
        barWidth: `${Math.min(100, Math.max(0, tenths / 10))}%`,
        voters:
          showCounts && poll.anonymous !== 1
            ? o.members.map((name) => ({ full: name, shown: voterDisplayName(name) }))
            : [],
      };
    }),
  }));
}

/** The edit form of a saved poll, ids as the server numbered them (1..n). */
export function formOfPoll(poll: PollDetail): PollForm {
  return {
    title: poll.title,
    anonymous: poll.anonymous === 1 ? 1 : 0,
    questions: poll.questions.map((q, qi) => ({
      questionId: qi + 1,
      title: q.title,
      type: q.type === QUESTION_TYPE.multiple ? QUESTION_TYPE.multiple : QUESTION_TYPE.single,
      options: q.options.map((o, oi) => ({ optionId: oi + 1, optionDesc: o.optionDesc })),
    })),
  };
}

function isSummary(value: unknown): value is PollSummary {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.voteId === 'number' &&
    typeof v.title === 'string' &&
    typeof v.status === 'number' &&
    typeof v.joined === 'number'
  );
}

/**
 * Home's list item carries the polls as `voteList` (unknown[] in the contract). The summaries in
 * it seed the dialog's list; null when there is nothing usable, so the list is fetched instead.
 */
export function summariesFrom(voteList: readonly unknown[] | undefined): PollSummary[] | null {
  const polls = (voteList ?? []).filter(isSummary);
  return polls.length > 0 ? polls : null;
}
