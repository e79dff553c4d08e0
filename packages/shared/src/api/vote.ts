/**
 * Requests and replies of the poll calls under /api/vote (SPEC.md section 7, "Votes"). Forms
 * send `voteList` and `questions` as JSON strings; JSON bodies may send them as values. The
 * poll form's rules (SPEC.md section 5) run here through `validatePollForm`, so a refused form
 * answers with the catalogue's text ("Please fill in the poll completely", …).
 */
import { z } from 'zod';
import { NICKNAME_MAX_MEETING } from '../constants.js';
import { validatePollForm } from '../domain/poll-form.js';
import { conferenceUriField } from './fields.js';

/** A JSON string (form bodies) or the value itself (JSON bodies). */
const jsonValue = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value; // the schema refuses it with "<field> is not valid"
    }
  }, schema);

/**
 * Fields inside the JSON strings need their own messages: the server's error handler cannot look
 * into a string to tell a missing value from a wrong one.
 */
const why = (issue: z.core.$ZodRawIssue) =>
  issue.input === undefined ? 'fieldRequired' : 'fieldInvalid';

/** An integer sent as a number or a digit string. */
const integerField = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d+$/),
    ],
    { error: why },
  )
  .transform(Number)
  .pipe(z.number().int({ error: why }));

/** 0 or 1; also true/false and their string forms. */
const flagField = z
  .union([z.boolean().transform((b) => (b ? 1 : 0)), integerField], { error: why })
  .pipe(z.union([z.literal(0), z.literal(1)], { error: why }));

const idField = integerField.pipe(
  z.number().int().positive({ error: why }).max(2_147_483_647, { error: why }),
);

/**
 * Texts are bounded only loosely here; the spec's limits (200 characters, counts) are checked
 * by `validatePollForm` so that the answer is the spec's text, not a generic one. A missing text
 * is an empty one: "Please fill in the poll completely".
 */
const looseText = z
  .string({ error: why })
  .max(5000, { error: 'pollTextTooLong' })
  .optional()
  .default('');

const pollOptionInput = z.object(
  {
    /** Ignored: the server numbers options 1..n. */
    optionId: z.unknown().optional(),
    optionDesc: looseText,
  },
  { error: why },
);

const pollQuestionInput = z.object(
  {
    /** Ignored: the server numbers questions 1..n. */
    questionId: z.unknown().optional(),
    title: looseText,
    /** 0 single choice, 1 multiple choice. */
    type: flagField,
    options: z
      .array(pollOptionInput, { error: why })
      .max(100, { error: 'pollOptionCount' })
      .optional()
      .default([]),
  },
  { error: why },
);

/** One poll as the form sends it, trimmed. */
export const pollInput = z
  .object(
    {
      voteId: idField.optional(),
      title: looseText,
      anonymous: flagField.optional().default(0),
      questions: z
        .array(pollQuestionInput, { error: why })
        .max(100, { error: 'pollQuestionsLimit' })
        .optional()
        .default([]),
    },
    { error: why },
  )
  .superRefine((poll, ctx) => {
    const issue = validatePollForm(poll);
    if (issue) ctx.addIssue({ code: 'custom', message: issue.key, path: issue.path });
  })
  .transform((poll) => ({
    voteId: poll.voteId,
    title: poll.title.trim(),
    anonymous: poll.anonymous,
    questions: poll.questions.map((q) => ({
      title: q.title.trim(),
      type: q.type,
      options: q.options.map((o) => ({ optionDesc: o.optionDesc.trim() })),
    })),
  }));
export type PollInput = z.output<typeof pollInput>;
/** What the form may send as `voteList` (before parsing). */
export type PollInputRequest = z.input<typeof pollInput>;

export const createVoteBody = z.object({
  conferenceUri: conferenceUriField,
  voteList: jsonValue(pollInput),
});

/** The poll to change is `voteId`, given beside `voteList` or inside it. */
export const updateVoteBody = z
  .object({
    conferenceUri: conferenceUriField,
    voteId: idField.optional(),
    voteList: jsonValue(pollInput),
  })
  .transform((body, ctx) => {
    const voteId = body.voteId ?? body.voteList.voteId;
    if (voteId === undefined) {
      ctx.addIssue({ code: 'custom', message: 'fieldRequired', path: ['voteId'] });
      return z.NEVER;
    }
    return { conferenceUri: body.conferenceUri, voteId, voteList: body.voteList };
  });

export type CreateVoteRequest = { conferenceUri: string; voteList: string | PollInputRequest };
export type UpdateVoteRequest = CreateVoteRequest & { voteId?: number };

export const voteListBody = z.object({ conferenceUri: conferenceUriField });

export const voteIdBody = z.object({ voteId: idField });

const answerInput = z.object(
  {
    questionId: idField,
    /** A list of option ids; a bare id is taken as a one-element list. */
    select: z
      .union([idField, z.array(idField).max(100)], { error: why })
      .transform((s) => (Array.isArray(s) ? s : [s])),
  },
  { error: why },
);

export const participateBody = z.object({
  conferenceUri: conferenceUriField,
  voteId: idField,
  /** The voter's meeting nickname; the server prefers the name it knows for the member. */
  nickname: z.string().trim().max(NICKNAME_MAX_MEETING).optional().default(''),
  questions: jsonValue(z.array(answerInput, { error: why }).max(100, { error: why })),
});

export type ParticipateRequest = {
  conferenceUri: string;
  voteId: number;
  nickname: string;
  /** JSON string (forms) or the list itself. */
  questions: string | { questionId: number; select: number[] }[];
};

// Replies

/** SPEC.md's Option; counts are null when the viewer may not see results. */
export const pollOption = z.object({
  optionId: z.number(),
  optionDesc: z.string(),
  votesNumber: z.number().nullable(),
  /** Tenths of a percent of the participants who voted. */
  percent: z.number().nullable(),
  /** Voter names; empty for anonymous polls and when results are hidden. */
  members: z.array(z.string()),
});
export type PollOption = z.infer<typeof pollOption>;

export const pollAnswer = z.object({ questionId: z.number(), select: z.array(z.number()) });

export const pollQuestion = z.object({
  questionId: z.number(),
  title: z.string(),
  /** 0 single, 1 multiple. */
  type: z.number(),
  options: z.array(pollOption),
  /** The viewer's own choice, always a list (empty before voting). */
  select: z.array(z.number()),
});
export type PollQuestion = z.infer<typeof pollQuestion>;

/** A poll in a meeting's list, as the viewer sees it. */
export const pollSummary = z.object({
  voteId: z.number(),
  conferenceId: z.string(),
  conferenceUri: z.string(),
  title: z.string(),
  anonymous: z.number(),
  /** 0 not launched, 1 in progress, 2 ended. */
  status: z.number(),
  /** 1 when the viewer has voted. */
  joined: z.number(),
  /** Participants who voted. */
  votesNumbers: z.number(),
  resultPublished: z.number(),
  createTime: z.number(),
  startTime: z.number().nullable(),
  endTime: z.number().nullable(),
  /** The viewer manages this poll (edit, launch, stop, delete, share, download). */
  isHost: z.boolean(),
});
export type PollSummary = z.infer<typeof pollSummary>;

export const pollOptionInfo = z.object({
  optionId: z.number(),
  votesNumber: z.number(),
  percent: z.number(),
});

/** The whole poll: get, result, and the answer of every call that changes one. */
export const pollDetail = pollSummary.extend({
  /** Counts, percentages and names are included (host, or results published). */
  resultVisible: z.boolean(),
  questions: z.array(pollQuestion),
  mySelect: z.array(pollAnswer),
  /** Per question, counts per option; empty when results are hidden. */
  summary: z.array(z.object({ questionId: z.number(), optionInfo: z.array(pollOptionInfo) })),
});
export type PollDetail = z.infer<typeof pollDetail>;

export const pollList = z.array(pollSummary);

/** The xlsx download's media type. */
export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
