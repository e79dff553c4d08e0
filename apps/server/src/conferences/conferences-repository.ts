/**
 * Reads and writes meetings (and, through MembersRepository, their memberships). Join and quit
 * rules live in the routes' service.
 */
import { and, desc, eq, inArray, lt, lte, notExists, or, sql } from 'drizzle-orm';
import { CONFERENCE_STATUS } from '@meet/shared';
import type { Db } from '../db/database.js';
import {
  conferenceBlocklist,
  conferenceEvaluations,
  conferenceMembers,
  conferences,
  recordings,
  users,
  type ConferenceChanges,
  type ConferenceRow,
} from '../db/schema/index.js';
import { randomCode, randomInt } from '../lib/crypto.js';
import { conferenceFields } from './conference-fields.js';
import { MembersRepository } from './members-repository.js';
import { meetingCap } from './meeting-caps.js';
import { insertWithinCap } from '../accounts/account-cap.js';
import { isUniqueViolation } from '../db/db-errors.js';

/** 9 or 10 digits, uniformly over [100000000, 9999999999]: ~10^10 numbers to scan. */
function newConferenceNumber(): string {
  const high = randomInt(1, 100); // 1..99
  const low = randomInt(0, 100_000_000);
  return String(high * 100_000_000 + low);
}

export interface NewConference {
  topic: string;
  creatorId: number;
  reserved: boolean;
  timezone: string;
  startTime: number;
  endTime: number | null;
  asrStatus: number;
}

/** Meetings' rows; their memberships are MembersRepository's, which this extends. */
export class ConferencesRepository extends MembersRepository {
  /**
   * A new meeting, within its creator's cap (meetingCap). Each attempt is a transaction of its
   * own: a clash of numbers aborts the one it happens in.
   */
  async create(input: NewConference): Promise<ConferenceRow> {
    const cap = meetingCap(input.creatorId, input.reserved, this.clock.now());
    for (let attempt = 0; ; attempt++) {
      try {
        return await insertWithinCap(this.db, input.creatorId, cap, async (tx) => {
          const [row] = await tx
            .insert(conferences)
            .values({
              ...input,
              conferenceId: newConferenceNumber(),
              conferenceUri: randomCode(16),
              hostId: input.creatorId,
              status: input.reserved ? CONFERENCE_STATUS.reserved : CONFERENCE_STATUS.running,
              createdAt: new Date(this.clock.now()),
              startedAt: input.reserved ? null : new Date(this.clock.now()),
            })
            .returning(conferenceFields);
          return row!;
        });
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 5) throw error;
      }
    }
  }

  async byNumber(
    conferenceId: string,
    tx: Db = this.db,
    forUpdate = false,
  ): Promise<ConferenceRow | undefined> {
    const query = tx
      .select(conferenceFields)
      .from(conferences)
      .where(eq(conferences.conferenceId, conferenceId));
    const [row] = forUpdate ? await query.for('update') : await query;
    return row;
  }

  async byId(id: number, tx: Db = this.db, forUpdate = false): Promise<ConferenceRow | undefined> {
    const query = tx.select(conferenceFields).from(conferences).where(eq(conferences.id, id));
    const [row] = forUpdate ? await query.for('update') : await query;
    return row;
  }

  /** The meeting an opaque uri names (calls that address a live meeting use the uri). */
  async byUri(conferenceUri: string, tx: Db = this.db): Promise<ConferenceRow | undefined> {
    const [row] = await tx
      .select(conferenceFields)
      .from(conferences)
      .where(eq(conferences.conferenceUri, conferenceUri));
    return row;
  }

  async update(id: number, fields: ConferenceChanges, tx: Db = this.db): Promise<ConferenceRow> {
    const [row] = await tx
      .update(conferences)
      .set(fields)
      .where(eq(conferences.id, id))
      .returning(conferenceFields);
    return row!;
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(conferences).where(eq(conferences.id, id));
  }

  /** Running meetings whose host left others in them at or before `cutoff` (issue 29). */
  async hostlessSince(cutoff: Date, tx: Db = this.db): Promise<number[]> {
    const rows = await tx
      .select({ id: conferences.id })
      .from(conferences)
      .where(
        and(
          eq(conferences.status, CONFERENCE_STATUS.running),
          eq(conferences.hostId, 0),
          lte(conferences.hostLeftAt, cutoff),
        ),
      );
    return rows.map((r) => r.id);
  }

  /** Which of these users are visitors (device-bound accounts, not signed in). */
  async visitorIds(userIds: number[], tx: Db = this.db): Promise<Set<number>> {
    if (userIds.length === 0) return new Set();
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, userIds), eq(users.isVisitor, true)));
    return new Set(rows.map((r) => r.id));
  }

  /**
   * Instant meetings made before `before` that nobody has ever joined, each saying whether it
   * has a recording (removing that meeting would take the recording with it).
   */
  async unjoinedInstantMeetings(
    before: number,
  ): Promise<{ conference: ConferenceRow; recorded: boolean }[]> {
    return this.db
      .select({
        conference: conferenceFields,
        recorded: sql<boolean>`exists (${this.db
          .select({ one: sql`1` })
          .from(recordings)
          .where(eq(recordings.conferenceId, conferences.id))})`,
      })
      .from(conferences)
      .where(
        and(
          eq(conferences.status, CONFERENCE_STATUS.running),
          eq(conferences.reserved, false),
          lt(conferences.createdAt, new Date(before)),
          notExists(
            this.db
              .select({ one: sql`1` })
              .from(conferenceMembers)
              .where(eq(conferenceMembers.conferenceId, conferences.id)),
          ),
        ),
      );
  }

  async isBlocked(conferenceRowId: number, userId: number, tx: Db = this.db): Promise<boolean> {
    const rows = await tx
      .select({ id: conferenceBlocklist.id })
      .from(conferenceBlocklist)
      .where(
        and(
          eq(conferenceBlocklist.conferenceId, conferenceRowId),
          eq(conferenceBlocklist.userId, userId),
        ),
      );
    return rows.length > 0;
  }

  async block(
    conferenceRowId: number,
    userId: number,
    reason: string,
    tx: Db = this.db,
  ): Promise<void> {
    await tx
      .insert(conferenceBlocklist)
      .values({
        conferenceId: conferenceRowId,
        userId,
        reason,
        createdAt: new Date(this.clock.now()),
      })
      .onConflictDoNothing();
  }

  async addEvaluation(
    conferenceRowId: number,
    userId: number,
    score: number,
    comment: string,
  ): Promise<void> {
    await this.db.insert(conferenceEvaluations).values({
      conferenceId: conferenceRowId,
      userId,
      score,
      comment,
      createdAt: new Date(this.clock.now()),
    });
  }

  async userNames(ids: number[]): Promise<Map<number, string>> {
    const unique = [...new Set(ids.filter((id) => id > 0))];
    if (unique.length === 0) return new Map();
    const rows = await this.db
      .select({ id: users.id, userName: users.userName })
      .from(users)
      .where(inArray(users.id, unique));
    return new Map(rows.map((r) => [r.id, r.userName]));
  }

  /** Meetings a user created or took part in, with the given status. */
  async listForUser(
    userId: number,
    status: number,
    options: { onlyCreated?: boolean; limit?: number; offset?: number } = {},
  ): Promise<ConferenceRow[]> {
    const participated = sql`exists (select 1 from ${conferenceMembers} m where m.conference_id = ${conferences.id} and m.user_id = ${userId})`;
    const mine = options.onlyCreated
      ? eq(conferences.creatorId, userId)
      : or(eq(conferences.creatorId, userId), participated);
    const order =
      status === CONFERENCE_STATUS.finished
        ? [desc(conferences.endedAt), desc(conferences.id)]
        : status === CONFERENCE_STATUS.reserved
          ? [conferences.startTime, conferences.id]
          : [desc(conferences.startedAt), desc(conferences.id)];
    let query = this.db
      .select(conferenceFields)
      .from(conferences)
      .where(and(eq(conferences.status, status), mine))
      .orderBy(...order)
      .$dynamic();
    if (options.limit !== undefined) query = query.limit(options.limit);
    if (options.offset !== undefined) query = query.offset(options.offset);
    return query;
  }
}
