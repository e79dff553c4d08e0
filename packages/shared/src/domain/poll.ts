/**
 * Polls as SPEC.md describes them (sections 3–6, 9): the limits, the statuses and the question
 * types that the rest of the poll logic and both apps speak in. The form is in poll-form.ts, who
 * sees what in the dialog in poll-dialog.ts, votes and tallies in poll-results.ts.
 */

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
