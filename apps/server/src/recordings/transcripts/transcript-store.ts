/**
 * What the transcript pass reads from the database — the recording's span, the meeting's caption
 * lines in it, the recording's talking timeline — and how it writes the result: the recording's
 * transcript rows replaced in one transaction (so running the pass again is safe).
 */
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import {
  captionLines,
  recordingEvents,
  recordings,
  recordingTranscript,
} from '../../db/schema/index.js';
import type { TimelineEvent } from './talk-timeline.js';

/** A caption line of the meeting (caption_lines), times in server ms. */
export interface CaptionSource {
  speakerId: number;
  text: string;
  language: string;
  startTime: number;
  endTime: number;
}

/** A row of recording_transcript (without its recording). */
export interface TranscriptLine {
  /** A user id, or 0 when the speech pass could not tell who spoke. */
  speakerId: number;
  text: string;
  language: string;
  /** Milliseconds from the recording's start. */
  startTime: number;
  endTime: number;
  /** `unrecognized`: speech the engine could not make out (text ''). */
  origin: 'captions' | 'speech' | 'unrecognized';
}

export interface TranscriptSources {
  /** Server ms. */
  startedAt: number;
  stoppedAt: number;
  captions: CaptionSource[];
  events: TimelineEvent[];
}

/** Rows inserted per statement (a long meeting stays within the parameter limit). */
const INSERT_BATCH = 500;

/**
 * The recording's span, the caption lines of its meeting that overlap it, and its talking
 * events. A recording that has not stopped (and has no duration) is an Error: its transcript
 * cannot be made yet.
 */
export async function loadTranscriptSources(
  db: Db,
  recordingRowId: number,
): Promise<TranscriptSources> {
  const [recording] = await db
    .select({
      conferenceId: recordings.conferenceId,
      startedAt: recordings.startedAt,
      stoppedAt: recordings.stoppedAt,
      durationMs: recordings.durationMs,
    })
    .from(recordings)
    .where(eq(recordings.id, recordingRowId));
  if (!recording) throw new Error(`no recording ${recordingRowId}`);
  const startedAt = recording.startedAt.getTime();
  const stoppedAt =
    recording.stoppedAt?.getTime() ??
    (recording.durationMs > 0 ? startedAt + recording.durationMs : undefined);
  if (stoppedAt === undefined) throw new Error(`recording ${recordingRowId} has not stopped`);

  const [captions, events] = await Promise.all([
    db
      .select({
        speakerId: captionLines.speakerId,
        text: captionLines.text,
        language: captionLines.language,
        startTime: captionLines.startTime,
        endTime: captionLines.endTime,
      })
      .from(captionLines)
      .where(
        and(
          eq(captionLines.conferenceId, recording.conferenceId),
          lte(captionLines.startTime, stoppedAt),
          gte(captionLines.endTime, startedAt),
        ),
      )
      .orderBy(asc(captionLines.startTime), asc(captionLines.id)),
    db
      .select({
        type: recordingEvents.type,
        userId: recordingEvents.userId,
        at: recordingEvents.at,
      })
      .from(recordingEvents)
      .where(
        and(
          eq(recordingEvents.recordingId, recordingRowId),
          inArray(recordingEvents.type, ['talk_start', 'talk_stop']),
        ),
      )
      .orderBy(asc(recordingEvents.at), asc(recordingEvents.id)),
  ]);
  return { startedAt, stoppedAt, captions, events };
}

/** The recording's transcript becomes `lines`: its rows deleted, then these inserted, at once. */
export async function replaceTranscript(
  db: Db,
  recordingRowId: number,
  lines: readonly TranscriptLine[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(recordingTranscript).where(eq(recordingTranscript.recordingId, recordingRowId));
    for (let i = 0; i < lines.length; i += INSERT_BATCH) {
      await tx.insert(recordingTranscript).values(
        lines.slice(i, i + INSERT_BATCH).map((line) => ({
          recordingId: recordingRowId,
          speakerId: line.speakerId,
          text: line.text,
          language: line.language,
          startTime: line.startTime,
          endTime: line.endTime,
          origin: line.origin,
        })),
      );
    }
  });
}
