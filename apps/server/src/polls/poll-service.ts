/**
 * The rules of polls (SPEC.md sections 4–6 and 9): who manages, sees and votes, the status that
 * only moves forward (0 → 1 → 2), the limits, one vote per member, results hidden from voters
 * until published. Routes call it; it announces every change as a typed event so the sockets can
 * refresh open dialogs without this module knowing about them.
 */
import { EventEmitter } from 'node:events';
import {
  CONFERENCE_STATUS,
  POLLS_PER_MEETING_MAX,
  POLL_STATUS,
  checkSubmission,
  isPollHost,
  type ErrorKey,
  type Language,
  type PollDetail,
  type PollSummary,
  type QuestionAnswer,
} from '@meet/shared';
import type { Database } from '../db/database.js';
import type { ConferenceMemberRow, ConferenceRow, PollRow, UserRow } from '../db/schema/index.js';
import { AppError } from '../lib/app-error.js';
import { meetingAccess } from '../conferences/meeting-access.js';
import type { Clock } from '../lib/clock.js';
import type { ConferencesRepository } from '../conferences/conferences-repository.js';
import type { PollContentInput, PollsRepository } from './polls-repository.js';
import { isUniqueViolation } from '../db/db-errors.js';
import { exportFileName, pollWorkbook } from './export.js';
import { pollDetailOf, pollSummaryOf } from './present.js';

/** Every event carries the meeting's row, so a listener can address its room and members. */
export interface PollEvents {
  created: [conference: ConferenceRow, voteId: number];
  updated: [conference: ConferenceRow, voteId: number];
  launched: [conference: ConferenceRow, voteId: number];
  stopped: [conference: ConferenceRow, voteId: number];
  resultPublished: [conference: ConferenceRow, voteId: number];
  resultUnpublished: [conference: ConferenceRow, voteId: number];
  deleted: [conference: ConferenceRow, voteId: number];
  voted: [conference: ConferenceRow, voteId: number, userId: number];
}

interface Access {
  isHost: boolean;
  /** The caller's live membership (the newest device), when in the meeting now. */
  member: ConferenceMemberRow | undefined;
  /** May list and open the polls: see meetingAccess (never someone the host removed). */
  mayRead: boolean;
}

export interface ParticipateInput {
  conferenceUri: string;
  voteId: number;
  nickname: string;
  questions: QuestionAnswer[];
}

export class PollService extends EventEmitter<PollEvents> {
  constructor(
    private readonly database: Database,
    private readonly polls: PollsRepository,
    private readonly conferences: ConferencesRepository,
    private readonly clock: Clock,
  ) {
    super();
  }

  async list(user: UserRow, conferenceUri: string): Promise<PollSummary[]> {
    const conf = await this.meeting(conferenceUri);
    const access = await this.access(user, conf);
    if (!access.mayRead) throw AppError.forbidden('notInMeeting');
    return this.summaries(user, conf, access.isHost);
  }

  /** For meeting lists (Home's `voteList`): the polls this user may see there, else none. */
  async listFor(user: UserRow, conf: ConferenceRow): Promise<PollSummary[]> {
    const access = await this.access(user, conf);
    return access.mayRead ? this.summaries(user, conf, access.isHost) : [];
  }

  /**
   * Everyone a poll notice outside the room may concern: whoever took part in the meeting, its
   * creator and its host. The message socket sends them publish / unpublish / delete notices.
   */
  async audience(conf: ConferenceRow): Promise<number[]> {
    const ids = await this.polls.participantIds(conf.id);
    return [...new Set([...ids, conf.creatorId, conf.hostId])].filter((id) => id > 0);
  }

  private async summaries(
    user: UserRow,
    conf: ConferenceRow,
    isHost: boolean,
  ): Promise<PollSummary[]> {
    // Polls not launched yet are the hosts' drafts: members see a poll once it is launched.
    const all = await this.polls.listForConference(conf.id);
    const shown = all.filter((row) => isHost || row.status !== POLL_STATUS.notLaunched);
    const rows = await Promise.all(shown.map((row) => this.settle(row, conf)));
    const ids = rows.map((r) => r.id);
    const counts = await this.polls.ballotCounts(ids);
    const voted = await this.polls.votedBy(user.id, ids);
    return rows.map((row) =>
      pollSummaryOf(
        row,
        conf,
        { userId: user.id, isHost },
        { joined: voted.has(row.id), votesNumbers: counts.get(row.id) ?? 0 },
      ),
    );
  }

  async detail(user: UserRow, voteId: number): Promise<PollDetail> {
    const { poll, conf } = await this.load(voteId);
    const access = await this.access(user, conf);
    if (!access.mayRead) throw AppError.forbidden('notInMeeting');
    if (!access.isHost && poll.status === POLL_STATUS.notLaunched) throw AppError.pollGone();
    return this.present(poll, conf, user.id, access.isHost);
  }

  async create(user: UserRow, conferenceUri: string, input: PollContentInput): Promise<PollDetail> {
    const conf = await this.meeting(conferenceUri);
    if (!isPollHost(user.id, conf)) throw AppError.forbidden('hostOnly');
    if (conf.status === CONFERENCE_STATUS.finished) throw AppError.meetingOver();
    const poll = await this.database.db.transaction(async (tx) => {
      // Holding the meeting row: two hosts saving at once cannot both add the 11th poll.
      await this.polls.conferenceByUri(conferenceUri, tx, true);
      const existing = await this.polls.countForConference(conf.id, tx);
      if (existing >= POLLS_PER_MEETING_MAX) throw AppError.badRequest('pollsLimit');
      return this.polls.create(conf.id, user.id, input, tx);
    });
    this.emit('created', conf, poll.id);
    return this.present(poll, conf, user.id, true);
  }

  /** Edits a poll that has not been launched yet. */
  async update(
    user: UserRow,
    conferenceUri: string,
    voteId: number,
    input: PollContentInput,
  ): Promise<PollDetail> {
    const conf = await this.meeting(conferenceUri);
    const { poll } = await this.load(voteId);
    if (poll.conferenceId !== conf.id) throw AppError.pollGone();
    if (!isPollHost(user.id, conf)) throw AppError.forbidden('hostOnly');
    const updated = await this.database.db.transaction(async (tx) => {
      const locked = await this.polls.byId(voteId, tx, true);
      if (!locked) throw AppError.pollGone();
      if (locked.status !== POLL_STATUS.notLaunched) throw AppError.conflict('pollNotEditable');
      return this.polls.replaceContent(voteId, input, tx);
    });
    this.emit('updated', conf, voteId);
    return this.present(updated, conf, user.id, true);
  }

  async launch(user: UserRow, voteId: number): Promise<PollDetail> {
    const { poll, conf } = await this.manage(user, voteId);
    if (conf.status !== CONFERENCE_STATUS.running) throw AppError.badRequest('pollLaunchInMeeting');
    const launched = await this.transition(
      poll.id,
      POLL_STATUS.notLaunched,
      { status: POLL_STATUS.inProgress, startedAt: this.now() },
      'pollAlreadyLaunched',
    );
    this.emit('launched', conf, poll.id);
    return this.present(launched, conf, user.id, true);
  }

  async stop(user: UserRow, voteId: number): Promise<PollDetail> {
    const { poll, conf } = await this.manage(user, voteId);
    const stopped = await this.transition(
      poll.id,
      POLL_STATUS.inProgress,
      { status: POLL_STATUS.ended, endedAt: this.now() },
      'pollNotInProgress',
    );
    this.emit('stopped', conf, poll.id);
    return this.present(stopped, conf, user.id, true);
  }

  /** Shares or hides the results of an ended poll; repeating either is harmless. */
  async setResultPublished(user: UserRow, voteId: number, published: boolean): Promise<PollDetail> {
    const { poll, conf } = await this.manage(user, voteId);
    const updated = await this.transition(
      poll.id,
      POLL_STATUS.ended,
      { resultPublished: published },
      'pollNotEnded',
    );
    if (poll.resultPublished !== published) {
      this.emit(published ? 'resultPublished' : 'resultUnpublished', conf, poll.id);
    }
    return this.present(updated, conf, user.id, true);
  }

  /** Deletes a poll in any status, ballots included. */
  async delete(user: UserRow, voteId: number): Promise<void> {
    const { poll, conf } = await this.manage(user, voteId);
    if (!(await this.polls.delete(poll.id))) throw AppError.pollGone();
    this.emit('deleted', conf, poll.id);
  }

  /** One vote per member of the meeting, every question answered, while the poll runs. */
  async participate(user: UserRow, input: ParticipateInput): Promise<PollDetail> {
    const conf = await this.meeting(input.conferenceUri);
    const { poll } = await this.load(input.voteId);
    if (poll.conferenceId !== conf.id) throw AppError.pollGone();
    const access = await this.access(user, conf);
    const member = access.member;
    if (!member) throw AppError.forbidden('notInMeeting');
    await this.database.db.transaction(async (tx) => {
      // Holding the poll row: a stop or delete waits for this vote, and one user's two devices
      // voting at once are taken one after the other.
      const locked = await this.polls.byId(poll.id, tx, true);
      if (!locked) throw AppError.pollGone();
      if (locked.status !== POLL_STATUS.inProgress) throw AppError.conflict('pollNotInProgress');
      if ((await this.polls.votedBy(user.id, [poll.id], tx)).size > 0) {
        throw AppError.conflict('pollAlreadyVoted');
      }
      const questions = await this.polls.questions(poll.id, tx);
      const check = checkSubmission(questions, input.questions);
      if (!check.ok) throw AppError.badRequest(check.key);
      const rowIds = check.answers.flatMap((answer) => {
        const question = questions.find((q) => q.questionId === answer.questionId)!;
        return answer.select.map((id) => question.options.find((o) => o.optionId === id)!.rowId);
      });
      // Anonymous ballots keep no name at all; others keep the name the meeting knows, which
      // a client cannot forge.
      const nickname = locked.anonymous
        ? ''
        : member.userConferenceName || input.nickname || user.userName;
      try {
        await this.polls.addBallot(poll.id, user.id, nickname, rowIds, tx);
      } catch (error) {
        if (isUniqueViolation(error)) throw AppError.conflict('pollAlreadyVoted');
        throw error;
      }
    });
    this.emit('voted', conf, poll.id, user.id);
    const fresh = (await this.polls.byId(poll.id)) ?? poll;
    return this.present(fresh, conf, user.id, access.isHost);
  }

  /** The host's xlsx of a poll: one sheet per question. */
  async exportWorkbook(
    user: UserRow,
    voteId: number,
    language: Language,
  ): Promise<{ filename: string; content: Buffer }> {
    const { poll, conf } = await this.manage(user, voteId);
    const detail = await this.present(poll, conf, user.id, true);
    return { filename: exportFileName(poll.title), content: await pollWorkbook(detail, language) };
  }

  // -------------------------------------------------------------------------------------------

  private now(): Date {
    return new Date(this.clock.now());
  }

  private async meeting(conferenceUri: string): Promise<ConferenceRow> {
    const conf = await this.polls.conferenceByUri(conferenceUri);
    if (!conf) throw AppError.meetingNoExist();
    return conf;
  }

  /** The meeting's one read rule (meetingAccess), with who manages its polls. */
  private async access(user: UserRow, conf: ConferenceRow): Promise<Access> {
    const { member, mayRead } = await meetingAccess(this.conferences, conf, user.id);
    return { isHost: isPollHost(user.id, conf), member, mayRead };
  }

  private async load(voteId: number): Promise<{ poll: PollRow; conf: ConferenceRow }> {
    const poll = await this.polls.byId(voteId);
    if (!poll) throw AppError.pollGone();
    const conf = await this.polls.conferenceById(poll.conferenceId);
    if (!conf) throw AppError.pollGone();
    return { poll: await this.settle(poll, conf), conf };
  }

  private async manage(user: UserRow, voteId: number) {
    const loaded = await this.load(voteId);
    if (!isPollHost(user.id, loaded.conf)) throw AppError.forbidden('hostOnly');
    return loaded;
  }

  /**
   * A poll still running when its meeting ended is over too: without this it would stay "in
   * progress" for good, and Home (where the host may only delete running polls) could neither
   * stop nor download it.
   */
  private async settle(poll: PollRow, conf: ConferenceRow): Promise<PollRow> {
    if (conf.status !== CONFERENCE_STATUS.finished || poll.status !== POLL_STATUS.inProgress) {
      return poll;
    }
    const ended = await this.polls.updateIfStatus(poll.id, POLL_STATUS.inProgress, {
      status: POLL_STATUS.ended,
      endedAt: conf.endedAt ?? this.now(),
    });
    return ended ?? (await this.polls.byId(poll.id)) ?? poll;
  }

  private async transition(
    pollId: number,
    from: number,
    fields: Parameters<PollsRepository['updateIfStatus']>[2],
    wrongStatus: ErrorKey,
  ): Promise<PollRow> {
    const row = await this.polls.updateIfStatus(pollId, from, fields);
    if (row) return row;
    if (!(await this.polls.byId(pollId))) throw AppError.pollGone();
    throw AppError.conflict(wrongStatus);
  }

  private async present(
    poll: PollRow,
    conf: ConferenceRow,
    userId: number,
    isHost: boolean,
  ): Promise<PollDetail> {
    const [questions, ballots] = await Promise.all([
      this.polls.questions(poll.id),
      this.polls.ballots(poll.id),
    ]);
    return pollDetailOf(poll, conf, questions, ballots, { userId, isHost });
  }
}
