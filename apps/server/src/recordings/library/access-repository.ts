/** Reads and writes requests to see a recording (recording_access). The rules live in AccessRequests. */
import { and, asc, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { recordingAccess, users, type RecordingAccessRow } from '../../db/schema/index.js';

const PENDING = 1;
const APPROVED = 2;
const EXPIRED = 4;

export class AccessRepository {
  constructor(private readonly db: Db) {}

  /** The applicant's requests for a recording, newest first. */
  async requestsOf(
    recordingId: number,
    applicantId: number,
    tx: Db = this.db,
  ): Promise<RecordingAccessRow[]> {
    return tx
      .select()
      .from(recordingAccess)
      .where(
        and(
          eq(recordingAccess.recordingId, recordingId),
          eq(recordingAccess.applicantId, applicantId),
        ),
      )
      .orderBy(desc(recordingAccess.createdAt), desc(recordingAccess.id));
  }

  /** A request with its applicant's name and email. */
  async byRequestId(
    requestId: string,
    tx: Db = this.db,
  ): Promise<
    | { request: RecordingAccessRow; applicantName: string; applicantEmail: string | null }
    | undefined
  > {
    const [row] = await tx
      .select({
        request: recordingAccess,
        applicantName: users.userName,
        applicantEmail: users.email,
      })
      .from(recordingAccess)
      .innerJoin(users, eq(users.id, recordingAccess.applicantId))
      .where(eq(recordingAccess.requestId, requestId));
    return row;
  }

  /** Requests of a recording still waiting for the owner (pending, not lapsed), oldest first. */
  async pendingOf(
    recordingId: number,
    now: Date,
  ): Promise<
    { request: RecordingAccessRow; applicantName: string; applicantEmail: string | null }[]
  > {
    return this.db
      .select({
        request: recordingAccess,
        applicantName: users.userName,
        applicantEmail: users.email,
      })
      .from(recordingAccess)
      .innerJoin(users, eq(users.id, recordingAccess.applicantId))
      .where(
        and(
          eq(recordingAccess.recordingId, recordingId),
          eq(recordingAccess.status, PENDING),
          gt(recordingAccess.expiresAt, now),
        ),
      )
      .orderBy(asc(recordingAccess.createdAt), asc(recordingAccess.id));
  }

  async create(
    values: Pick<
      RecordingAccessRow,
      'requestId' | 'recordingId' | 'applicantId' | 'reason' | 'createdAt' | 'expiresAt'
    >,
    tx: Db = this.db,
  ): Promise<RecordingAccessRow> {
    const [row] = await tx
      .insert(recordingAccess)
      .values({ ...values, status: PENDING })
      .returning();
    return row!;
  }

  /** Answers a pending request (2 or 3); false when it was no longer pending. */
  async decide(id: number, status: number, at: Date, tx: Db = this.db): Promise<boolean> {
    const rows = await tx
      .update(recordingAccess)
      .set({ status, decidedAt: at })
      .where(and(eq(recordingAccess.id, id), eq(recordingAccess.status, PENDING)))
      .returning({ id: recordingAccess.id });
    return rows.length > 0;
  }

  /** Writes down that a pending request lapsed (it already reads as 4 from its expiry). */
  async markExpired(id: number, tx: Db = this.db): Promise<void> {
    await tx
      .update(recordingAccess)
      .set({ status: EXPIRED })
      .where(and(eq(recordingAccess.id, id), eq(recordingAccess.status, PENDING)));
  }

  /** Takes a shared recording off the applicant's list; false when nothing was shared with them. */
  async hide(recordingId: number, applicantId: number, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(recordingAccess)
      .set({ hiddenAt: at })
      .where(
        and(
          eq(recordingAccess.recordingId, recordingId),
          eq(recordingAccess.applicantId, applicantId),
          eq(recordingAccess.status, APPROVED),
          isNull(recordingAccess.hiddenAt),
        ),
      )
      .returning({ id: recordingAccess.id });
    return rows.length > 0;
  }
}
