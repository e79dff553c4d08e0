/**
 * Reads recordings for the records API: a recording with its owner's name and its meeting, the
 * lists of what a user owns or was let into, storage used, and the transcript and speakers'
 * names; its writes to the recordings row are RecordingsRepository's. The rules live in
 * RecordsService and its siblings.
 */
import { and, asc, count, desc, eq, exists, gte, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import {
  conferences,
  recordingAccess,
  recordingEvents,
  recordingSpeakers,
  recordingStreams,
  recordingTranscript,
  recordings,
  users,
  type RecordingRow,
  type RecordingTranscriptRow,
} from '../../db/schema/index.js';
import { RecordingsRepository } from '../recordings-repository.js';

/** A recording as the records API shows it: the row, its owner's name and its meeting. */
export interface RecordingView {
  row: RecordingRow;
  ownerName: string;
  /** The meeting's public number and topic. */
  conferenceId: string;
  conferenceName: string;
}

export interface TranscriptLineInput {
  speakerId: number;
  text: string;
  language: string;
  startTime: number;
  endTime: number;
  origin: string;
}

const APPROVED = 2;

export class RecordsRepository extends RecordingsRepository {
  private views(db: Db = this.db) {
    return db
      .select({
        row: recordings,
        ownerName: users.userName,
        conferenceId: conferences.conferenceId,
        conferenceName: conferences.topic,
      })
      .from(recordings)
      .innerJoin(users, eq(users.id, recordings.ownerId))
      .innerJoin(conferences, eq(conferences.id, recordings.conferenceId));
  }

  async byRecordId(recordId: string): Promise<RecordingView | undefined> {
    const [view] = await this.views().where(eq(recordings.recordId, recordId));
    return view;
  }

  async byId(id: number): Promise<RecordingView | undefined> {
    const [view] = await this.views().where(eq(recordings.id, id));
    return view;
  }

  /**
   * The user's own recordings and those shared with them (an approved request they did not hide,
   * on a recording whose scope still lets applicants in), newest first.
   */
  async listFor(userId: number, offset: number, limit: number): Promise<RecordingView[]> {
    const sharedWithMe = exists(
      this.db
        .select({ one: sql`1` })
        .from(recordingAccess)
        .where(
          and(
            eq(recordingAccess.recordingId, recordings.id),
            eq(recordingAccess.applicantId, userId),
            eq(recordingAccess.status, APPROVED),
            isNull(recordingAccess.hiddenAt),
          ),
        ),
    );
    return this.views()
      .where(
        or(
          eq(recordings.ownerId, userId),
          and(inArray(recordings.shareScope, ['applicants', 'link']), sharedWithMe),
        ),
      )
      .orderBy(desc(recordings.createdAt), desc(recordings.id))
      .offset(offset)
      .limit(limit);
  }

  /**
   * How many of the user's recordings had AI minutes asked for, among those recorded since
   * `since` (ms): the monthly allowance of basic users counts these.
   */
  async summariesSince(userId: number, since: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(recordings)
      .where(
        and(
          eq(recordings.ownerId, userId),
          ne(recordings.summaryStatus, 'none'),
          gte(recordings.startedAt, new Date(since)),
        ),
      );
    return row?.n ?? 0;
  }

  // Transcript and speakers ---------------------------------------------------------------

  async transcript(recordingId: number): Promise<RecordingTranscriptRow[]> {
    return this.db
      .select()
      .from(recordingTranscript)
      .where(eq(recordingTranscript.recordingId, recordingId))
      .orderBy(asc(recordingTranscript.startTime), asc(recordingTranscript.id));
  }

  async hasTranscript(recordingId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: recordingTranscript.id })
      .from(recordingTranscript)
      .where(eq(recordingTranscript.recordingId, recordingId))
      .limit(1);
    return row !== undefined;
  }

  /** Replaces the whole transcript (an edited file). */
  async replaceTranscript(
    recordingId: number,
    lines: readonly TranscriptLineInput[],
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(recordingTranscript).where(eq(recordingTranscript.recordingId, recordingId));
      // In slices, so a long meeting's transcript stays within a statement's parameter limit.
      for (let i = 0; i < lines.length; i += 500) {
        await tx
          .insert(recordingTranscript)
          .values(lines.slice(i, i + 500).map((line) => ({ recordingId, ...line })));
      }
    });
  }

  /** The names given to speakers: speakerId → name. */
  async speakerNames(recordingId: number): Promise<Map<number, string>> {
    const rows = await this.db
      .select({ speakerId: recordingSpeakers.speakerId, name: recordingSpeakers.name })
      .from(recordingSpeakers)
      .where(eq(recordingSpeakers.recordingId, recordingId));
    return new Map(rows.map((r) => [r.speakerId, r.name]));
  }

  async setSpeakerNames(
    recordingId: number,
    names: readonly { speakerId: number; name: string }[],
  ): Promise<void> {
    if (names.length === 0) return;
    await this.db
      .insert(recordingSpeakers)
      .values(names.map((n) => ({ recordingId, speakerId: n.speakerId, name: n.name })))
      .onConflictDoUpdate({
        target: [recordingSpeakers.recordingId, recordingSpeakers.speakerId],
        set: { name: sql`excluded.name` },
      });
  }

  /**
   * The names members went by during the recording, in time order: their streams' display names
   * and the timeline's joins and renames (`at` in ms, server time).
   */
  async memberNames(recordingId: number): Promise<{ userId: number; name: string; at: number }[]> {
    const [streams, events] = await Promise.all([
      this.db
        .select({
          userId: recordingStreams.userId,
          name: recordingStreams.displayName,
          startedAt: recordingStreams.startedAt,
        })
        .from(recordingStreams)
        .where(eq(recordingStreams.recordingId, recordingId)),
      this.db
        .select({
          userId: recordingEvents.userId,
          name: recordingEvents.name,
          at: recordingEvents.at,
        })
        .from(recordingEvents)
        .where(
          and(
            eq(recordingEvents.recordingId, recordingId),
            inArray(recordingEvents.type, ['join', 'rename']),
          ),
        ),
    ]);
    return [
      ...streams.map((s) => ({ userId: s.userId, name: s.name, at: s.startedAt.getTime() })),
      ...events,
    ]
      .filter((n) => n.name.trim() !== '')
      .sort((a, b) => a.at - b.at);
  }
}
