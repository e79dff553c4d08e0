/**
 * What a running recording writes while the meeting goes on: the recording's row, one row per
 * stream piece Janus records, and the timeline events composition follows.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { TimelineType } from '@meet/shared';
import type { Db } from '../../db/database.js';
import {
  recordingEvents,
  recordingStreams,
  recordings,
  type RecordingRow,
} from '../../db/schema/index.js';
import { storageUsedBytes } from '../../repositories/storage-used.js';

export interface NewRecording {
  conferenceId: number;
  ownerId: number;
  name: string;
  recordType: 'audio' | 'video';
  layout: 'speech' | 'grid';
  startedAt: number;
}

export class CaptureRepository {
  constructor(private readonly db: Db) {}

  async create(values: NewRecording): Promise<RecordingRow> {
    const [row] = await this.db
      .insert(recordings)
      .values({
        ...values,
        recordId: randomBytes(9).toString('base64url'),
        status: 'recording',
        startedAt: new Date(values.startedAt),
        createdAt: new Date(values.startedAt),
      })
      .returning();
    return row!;
  }

  /** The meeting's recording that is running now, if any. */
  async running(conferenceRowId: number): Promise<RecordingRow | undefined> {
    const [row] = await this.db
      .select()
      .from(recordings)
      .where(and(eq(recordings.conferenceId, conferenceRowId), eq(recordings.status, 'recording')));
    return row;
  }

  /** Every recording still marked as running (after a restart: their meetings may be over). */
  async allRunning(): Promise<RecordingRow[]> {
    return this.db.select().from(recordings).where(eq(recordings.status, 'recording'));
  }

  /** Ends a running recording: it waits for processing. False when it was no longer running. */
  async stop(id: number, at: number): Promise<boolean> {
    const stopped = await this.db
      .update(recordings)
      .set({ status: 'processing', stoppedAt: new Date(at), stage: 'queued', progress: 0 })
      .where(and(eq(recordings.id, id), eq(recordings.status, 'recording')))
      .returning({ id: recordings.id });
    if (stopped.length === 0) return false;
    await this.db
      .update(recordingStreams)
      .set({ stoppedAt: new Date(at) })
      .where(and(eq(recordingStreams.recordingId, id), isNull(recordingStreams.stoppedAt)));
    return true;
  }

  /** Bytes the user keeps against their storage: their recordings' files and backgrounds. */
  async usedBytes(userId: number): Promise<number> {
    return storageUsedBytes(this.db, userId);
  }

  async addStream(values: {
    recordingId: number;
    userId: number;
    source: 'camera' | 'screen';
    filePrefix: string;
    displayName: string;
    startedAt: number;
  }): Promise<number> {
    const [row] = await this.db
      .insert(recordingStreams)
      .values({ ...values, startedAt: new Date(values.startedAt) })
      .returning({ id: recordingStreams.id });
    return row!.id;
  }

  async streamCount(recordingId: number): Promise<number> {
    const rows = await this.db
      .select({ id: recordingStreams.id })
      .from(recordingStreams)
      .where(eq(recordingStreams.recordingId, recordingId));
    return rows.length;
  }

  async closeStreams(ids: number[], at: number): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(recordingStreams)
      .set({ stoppedAt: new Date(at) })
      .where(and(inArray(recordingStreams.id, ids), isNull(recordingStreams.stoppedAt)));
  }

  async addEvents(
    recordingId: number,
    events: { type: TimelineType; userId: number; name?: string; at: number }[],
  ): Promise<void> {
    if (events.length === 0) return;
    await this.db
      .insert(recordingEvents)
      .values(events.map((e) => ({ recordingId, ...e, name: e.name ?? '' })));
  }
}
