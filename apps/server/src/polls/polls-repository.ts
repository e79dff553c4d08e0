/** Reads and writes polls, their questions and options, and ballots. The rules live in PollService. */
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { QuestionAnswer } from '@meet/shared';
import type { Db } from '../db/database.js';
import {
  conferenceMembers,
  conferences,
  pollBallots,
  pollChoices,
  pollOptions,
  pollQuestions,
  polls,
  type ConferenceRow,
  type PollRow,
} from '../db/schema/index.js';
import type { Clock } from '../lib/clock.js';
import { conferenceFields } from '../conferences/conference-fields.js';

export interface PollContentInput {
  title: string;
  anonymous: 0 | 1;
  questions: { title: string; type: number; options: { optionDesc: string }[] }[];
}

export interface StoredOption {
  optionId: number;
  optionDesc: string;
  /** The option's row id, which ballots refer to. */
  rowId: number;
}

export interface StoredQuestion {
  questionId: number;
  title: string;
  type: number;
  options: StoredOption[];
}

export interface StoredBallot {
  userId: number;
  nickname: string;
  answers: QuestionAnswer[];
}

export class PollsRepository {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async conferenceByUri(
    conferenceUri: string,
    tx: Db = this.db,
    forUpdate = false,
  ): Promise<ConferenceRow | undefined> {
    const query = tx
      .select(conferenceFields)
      .from(conferences)
      .where(eq(conferences.conferenceUri, conferenceUri));
    const [row] = forUpdate ? await query.for('update') : await query;
    return row;
  }

  async conferenceById(id: number): Promise<ConferenceRow | undefined> {
    const [row] = await this.db
      .select(conferenceFields)
      .from(conferences)
      .where(eq(conferences.id, id));
    return row;
  }

  async countForConference(conferenceRowId: number, tx: Db = this.db): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(polls)
      .where(eq(polls.conferenceId, conferenceRowId));
    return row?.n ?? 0;
  }

  async create(
    conferenceRowId: number,
    creatorId: number,
    input: PollContentInput,
    tx: Db = this.db,
  ): Promise<PollRow> {
    const now = new Date(this.clock.now());
    const [row] = await tx
      .insert(polls)
      .values({
        conferenceId: conferenceRowId,
        creatorId,
        title: input.title,
        anonymous: input.anonymous === 1,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await this.insertQuestions(row!.id, input.questions, tx);
    return row!;
  }

  /** Replaces title, anonymity and all questions (only before launch, so no ballot refers to them). */
  async replaceContent(
    pollId: number,
    input: PollContentInput,
    tx: Db = this.db,
  ): Promise<PollRow> {
    await tx.delete(pollQuestions).where(eq(pollQuestions.pollId, pollId));
    await this.insertQuestions(pollId, input.questions, tx);
    const [row] = await tx
      .update(polls)
      .set({
        title: input.title,
        anonymous: input.anonymous === 1,
        updatedAt: new Date(this.clock.now()),
      })
      .where(eq(polls.id, pollId))
      .returning();
    return row!;
  }

  private async insertQuestions(
    pollId: number,
    questions: PollContentInput['questions'],
    tx: Db,
  ): Promise<void> {
    if (questions.length === 0) return;
    const rows = await tx
      .insert(pollQuestions)
      .values(
        questions.map((q, i) => ({ pollId, questionNo: i + 1, title: q.title, type: q.type })),
      )
      .returning({ id: pollQuestions.id, questionNo: pollQuestions.questionNo });
    const idOf = new Map(rows.map((r) => [r.questionNo, r.id]));
    const options = questions.flatMap((q, i) =>
      q.options.map((o, j) => ({
        questionId: idOf.get(i + 1)!,
        optionNo: j + 1,
        optionDesc: o.optionDesc,
      })),
    );
    if (options.length) await tx.insert(pollOptions).values(options);
  }

  async byId(pollId: number, tx: Db = this.db, forUpdate = false): Promise<PollRow | undefined> {
    const query = tx.select().from(polls).where(eq(polls.id, pollId));
    const [row] = forUpdate ? await query.for('update') : await query;
    return row;
  }

  async listForConference(conferenceRowId: number): Promise<PollRow[]> {
    return this.db
      .select()
      .from(polls)
      .where(eq(polls.conferenceId, conferenceRowId))
      .orderBy(asc(polls.createdAt), asc(polls.id));
  }

  /** Questions in order, each with its options in order. */
  async questions(pollId: number, tx: Db = this.db): Promise<StoredQuestion[]> {
    const rows = await tx
      .select({
        questionRowId: pollQuestions.id,
        questionNo: pollQuestions.questionNo,
        title: pollQuestions.title,
        type: pollQuestions.type,
        optionRowId: pollOptions.id,
        optionNo: pollOptions.optionNo,
        optionDesc: pollOptions.optionDesc,
      })
      .from(pollQuestions)
      .innerJoin(pollOptions, eq(pollOptions.questionId, pollQuestions.id))
      .where(eq(pollQuestions.pollId, pollId))
      .orderBy(asc(pollQuestions.questionNo), asc(pollOptions.optionNo));
    const out = new Map<number, StoredQuestion>();
    for (const r of rows) {
      let q = out.get(r.questionNo);
      if (!q) {
        q = { questionId: r.questionNo, title: r.title, type: r.type, options: [] };
        out.set(r.questionNo, q);
      }
      q.options.push({ optionId: r.optionNo, optionDesc: r.optionDesc, rowId: r.optionRowId });
    }
    return [...out.values()];
  }

  /** Every ballot of a poll in voting order, with its answers in question order. */
  async ballots(pollId: number): Promise<StoredBallot[]> {
    const heads = await this.db
      .select({ id: pollBallots.id, userId: pollBallots.userId, nickname: pollBallots.nickname })
      .from(pollBallots)
      .where(eq(pollBallots.pollId, pollId))
      .orderBy(asc(pollBallots.createdAt), asc(pollBallots.id));
    if (heads.length === 0) return [];
    const choices = await this.db
      .select({
        ballotId: pollChoices.ballotId,
        questionNo: pollQuestions.questionNo,
        optionNo: pollOptions.optionNo,
      })
      .from(pollChoices)
      .innerJoin(pollOptions, eq(pollOptions.id, pollChoices.optionId))
      .innerJoin(pollQuestions, eq(pollQuestions.id, pollOptions.questionId))
      .where(
        inArray(
          pollChoices.ballotId,
          heads.map((h) => h.id),
        ),
      )
      .orderBy(asc(pollQuestions.questionNo), asc(pollOptions.optionNo));
    return heads.map((h) => {
      const answers = new Map<number, number[]>();
      for (const c of choices) {
        if (c.ballotId !== h.id) continue;
        const list = answers.get(c.questionNo) ?? [];
        list.push(c.optionNo);
        answers.set(c.questionNo, list);
      }
      return {
        userId: h.userId,
        nickname: h.nickname,
        answers: [...answers].map(([questionId, select]) => ({ questionId, select })),
      };
    });
  }

  /** Participants who voted, per poll. */
  async ballotCounts(pollIds: number[]): Promise<Map<number, number>> {
    if (pollIds.length === 0) return new Map();
    const rows = await this.db
      .select({ pollId: pollBallots.pollId, n: count() })
      .from(pollBallots)
      .where(inArray(pollBallots.pollId, pollIds))
      .groupBy(pollBallots.pollId);
    return new Map(rows.map((r) => [r.pollId, r.n]));
  }

  /** Which of these polls the user has voted in. */
  async votedBy(userId: number, pollIds: number[], tx: Db = this.db): Promise<Set<number>> {
    if (pollIds.length === 0) return new Set();
    const rows = await tx
      .select({ pollId: pollBallots.pollId })
      .from(pollBallots)
      .where(and(eq(pollBallots.userId, userId), inArray(pollBallots.pollId, pollIds)));
    return new Set(rows.map((r) => r.pollId));
  }

  /**
   * Changes a poll only if it is still in status `from`, so two hosts acting at once cannot
   * move it twice or backwards. Undefined when it was not (or no longer exists).
   */
  async updateIfStatus(
    pollId: number,
    from: number,
    fields: Partial<Pick<PollRow, 'status' | 'startedAt' | 'endedAt' | 'resultPublished'>>,
  ): Promise<PollRow | undefined> {
    const [row] = await this.db
      .update(polls)
      .set({ ...fields, updatedAt: new Date(this.clock.now()) })
      .where(and(eq(polls.id, pollId), eq(polls.status, from)))
      .returning();
    return row;
  }

  /** Users who ever joined the meeting, on any device. */
  async participantIds(conferenceRowId: number): Promise<number[]> {
    const rows = await this.db
      .selectDistinct({ userId: conferenceMembers.userId })
      .from(conferenceMembers)
      .where(eq(conferenceMembers.conferenceId, conferenceRowId));
    return rows.map((r) => r.userId);
  }

  /** True when a poll was deleted (its questions, options and ballots go with it). */
  async delete(pollId: number): Promise<boolean> {
    const rows = await this.db
      .delete(polls)
      .where(eq(polls.id, pollId))
      .returning({ id: polls.id });
    return rows.length > 0;
  }

  /** Records one ballot; the unique index refuses a second one of the same user. */
  async addBallot(
    pollId: number,
    userId: number,
    nickname: string,
    optionRowIds: number[],
    tx: Db = this.db,
  ): Promise<void> {
    const [ballot] = await tx
      .insert(pollBallots)
      .values({ pollId, userId, nickname, createdAt: new Date(this.clock.now()) })
      .returning({ id: pollBallots.id });
    await tx
      .insert(pollChoices)
      .values(optionRowIds.map((optionId) => ({ ballotId: ballot!.id, optionId })));
  }
}
