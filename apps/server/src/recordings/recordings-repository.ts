/**
 * The one place that writes the recordings table, through a recording's life: made when it
 * starts, stopped, processed (stage and progress), ready with its files or failed, then renamed,
 * shared, given minutes, deleted. The capture (capture/capture-repository.ts) and the library
 * (library/records-repository.ts) repositories build on it with their own reads and the other
 * recording tables. It also reads what a user's storage holds (the quota both check).
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { ShareScope } from '@meet/shared';
import type { Db } from '../db/database.js';
import { recordings, type RecordingRow } from '../db/schema/index.js';
import { storageUsedBytes } from '../storage/storage-used.js';
import { scopeNarrows } from './library/record-access.js';

export interface NewRecording {
  conferenceId: number;
  ownerId: number;
  name: string;
  recordType: 'audio' | 'video';
  layout: 'speech' | 'grid';
  startedAt: number;
}

/** What composing a recording leaves on its row once its files are stored. */
export type ComposedRecording = Pick<
  RecordingRow,
  'durationMs' | 'sizeBytes' | 'videoKey' | 'audioKey' | 'previewKey' | 'voices'
>;

/** A failure's reason as the owner sees it on the row (not the whole tool output). */
const ERROR_LENGTH = 500;

export class RecordingsRepository {
  constructor(protected readonly db: Db) {}

  /** A recording that starts now: `recording`, with a new public id. */
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

  /** Ends a running recording: it waits for processing. False when it was no longer running. */
  async markStopped(id: number, at: number): Promise<boolean> {
    const stopped = await this.db
      .update(recordings)
      .set({ status: 'processing', stoppedAt: new Date(at), stage: 'queued', progress: 0 })
      .where(and(eq(recordings.id, id), eq(recordings.status, 'recording')))
      .returning({ id: recordings.id });
    return stopped.length > 0;
  }

  /** Composition (re)starts: processing from its first stage, no error. */
  async startProcessing(id: number, stage: string): Promise<void> {
    await this.db
      .update(recordings)
      .set({ status: 'processing', stage, progress: 0, error: '' })
      .where(eq(recordings.id, id));
  }

  /** Where processing is: its stage and 0–100. */
  async setProgress(id: number, values: { stage?: string; progress: number }): Promise<void> {
    await this.db.update(recordings).set(values).where(eq(recordings.id, id));
  }

  async markReady(id: number, composed: ComposedRecording): Promise<void> {
    await this.db
      .update(recordings)
      .set({ ...composed, status: 'ready', stage: '', progress: 100, error: '' })
      .where(eq(recordings.id, id));
  }

  async markFailed(id: number, reason: string): Promise<void> {
    await this.db
      .update(recordings)
      .set({ status: 'failed', error: reason.slice(0, ERROR_LENGTH) })
      .where(eq(recordings.id, id));
  }

  /** Locks the recording's row for the rest of the transaction (its changes one at a time). */
  async lock(tx: Db, id: number): Promise<RecordingRow | undefined> {
    const [row] = await tx.select().from(recordings).where(eq(recordings.id, id)).for('update');
    return row;
  }

  /**
   * Sets the sharing scope. One narrower than the scope it replaces (scopeNarrows) also raises
   * the link version, which revokes the signed links handed out under the wider one; decided on
   * the locked row, so two changes at once cannot both read the old scope.
   */
  async setShareScope(id: number, shareScope: ShareScope): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await this.lock(tx, id);
      if (!row) return;
      await tx
        .update(recordings)
        .set({
          shareScope,
          ...(scopeNarrows(row.shareScope, shareScope) ? { linkVersion: row.linkVersion + 1 } : {}),
        })
        .where(eq(recordings.id, id));
    });
  }

  async update(
    id: number,
    values: Partial<
      Pick<
        RecordingRow,
        'name' | 'shareScope' | 'minutes' | 'chapters' | 'summaryEngine' | 'summaryStatus'
      >
    >,
    tx: Db = this.db,
  ): Promise<void> {
    await tx.update(recordings).set(values).where(eq(recordings.id, id));
  }

  /**
   * Sets the summary status only while it is `from` (a summary finished after the recording's
   * minutes were edited by hand, or deleted, changes nothing); true when it did.
   */
  async moveSummaryStatus(
    id: number,
    from: string,
    values: Partial<Pick<RecordingRow, 'minutes' | 'chapters' | 'summaryEngine' | 'summaryStatus'>>,
  ): Promise<boolean> {
    const rows = await this.db
      .update(recordings)
      .set(values)
      .where(and(eq(recordings.id, id), eq(recordings.summaryStatus, from)))
      .returning({ id: recordings.id });
    return rows.length > 0;
  }

  /** Bytes the user keeps against their storage: their recordings' files and backgrounds. */
  async usedBytes(userId: number): Promise<number> {
    return storageUsedBytes(this.db, userId);
  }

  /** Deletes the row; its streams, timeline, transcript, speakers and requests go with it. */
  async delete(id: number): Promise<void> {
    await this.db.delete(recordings).where(eq(recordings.id, id));
  }
}
