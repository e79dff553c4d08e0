/**
 * What a running recording writes while the meeting goes on: the recording's row (through
 * RecordingsRepository), one row per stream piece Janus records, and the timeline events
 * composition follows.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { TimelineType } from '@meet/shared';
import {
  recordingEvents,
  recordingStreams,
  recordings,
  type RecordingRow,
} from '../../db/schema/index.js';
import { RecordingsRepository } from '../recordings-repository.js';

export class CaptureRepository extends RecordingsRepository {
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

  /**
   * Ends a running recording and the stream pieces still open: it waits for processing. False
   * when it was no longer running.
   */
  async stop(id: number, at: number): Promise<boolean> {
    if (!(await this.markStopped(id, at))) return false;
    await this.db
      .update(recordingStreams)
      .set({ stoppedAt: new Date(at) })
      .where(and(eq(recordingStreams.recordingId, id), isNull(recordingStreams.stoppedAt)));
    return true;
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
