/**
 * The recording's background jobs, worked by nodes with ROLE all or worker:
 * - `compose`: Janus's files → the MP4, the audio file and the preview (compose-recording.ts),
 *   then the transcript pass over each member's own track (decoded from its Opus); the owner gets a `record` message when it is ready,
 *   or when the last try failed (the recording is then `failed` with the reason).
 * - `transcript`: the transcript pass again over a ready recording's stored sound: each member's
 *   own track kept with it, as the first pass heard them (the mix where they are not kept: a
 *   recording made before they were) (`/sm/convertToText`).
 * A transcript that cannot be made never fails the recording: it stays playable without one.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { recordings } from '../../db/schema/index.js';
import type { Engines } from '../../engines/types.js';
import type { JobContext, JobQueue } from '../../jobs/types.js';
import type { MessageCenter } from '../../messages/message-center.js';
import { notifyRecordingProcessed } from '../library/processed-notices.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { transcribeRecording } from '../transcripts/transcribe-recording.js';
import type { VoiceTrack } from '../transcripts/voice-tracks.js';
import { composeRecording } from './compose-recording.js';
import { RecordingsRepository } from '../recordings-repository.js';
import { run } from './media-tools.js';
import type { ComposeJobData } from '../capture/recording-control.js';
import { COMPOSE_JOB, TRANSCRIPT_JOB } from '../recording-names.js';
import { publishOps } from '../../ops/ops-events.js';

export interface RecordingJobDeps {
  db: Db;
  blobs: BlobStore;
  engines: Engines;
  messages: MessageCenter;
  /** Where Janus wrote the recordings' raw files. */
  rawDir: string;
  /** Where a job's temporary files go. */
  workRoot: string;
  log: FastifyBaseLogger;
}

export async function workRecordingJobs(jobs: JobQueue, deps: RecordingJobDeps): Promise<void> {
  await jobs.work<ComposeJobData>(COMPOSE_JOB, (data, context) => compose(deps, data, context));
  await jobs.work<ComposeJobData>(TRANSCRIPT_JOB, (data, context) =>
    transcriptAgain(deps, data, context),
  );
}

async function row(db: Db, id: number) {
  const [found] = await db.select().from(recordings).where(eq(recordings.id, id));
  return found;
}

async function compose(deps: RecordingJobDeps, data: ComposeJobData, context: JobContext) {
  const { db, log } = deps;
  const before = await row(db, data.recordingId);
  // Deleted meanwhile, or already done by an earlier try that lost its claim late.
  if (!before || before.status === 'ready') return;
  let workDir: string | undefined;
  const composing = performance.now();
  try {
    const result = await composeRecording(
      { db, blobs: deps.blobs, rawDir: deps.rawDir, workRoot: deps.workRoot, log },
      data.recordingId,
      context.signal,
    ).catch((error: unknown) => {
      const seconds = (performance.now() - composing) / 1000;
      publishOps('recordingComposed', { seconds, outcome: 'failed' });
      throw error;
    });
    const seconds = (performance.now() - composing) / 1000;
    publishOps('recordingComposed', { seconds, outcome: 'ready' });
    workDir = result.workDir;
    if (result.wavPath && !context.signal.aborted) {
      await transcribeRecording({
        db,
        recordingRowId: data.recordingId,
        audioPath: result.wavPath,
        voices: result.voices,
        workDir: result.workDir,
        engines: deps.engines,
        signal: context.signal,
      }).catch((error: unknown) =>
        log.warn({ err: error, recording: data.recordingId }, 'transcript pass failed'),
      );
    }
  } catch (error) {
    if (!context.signal.aborted && context.attempt > context.retryLimit) {
      await new RecordingsRepository(db).markFailed(
        data.recordingId,
        String((error as Error).message ?? error),
      );
      await notify(deps, data.recordingId);
    }
    throw error;
  } finally {
    if (workDir) await rm(workDir, { recursive: true, force: true });
  }
  // Made and stored: Janus's raw pieces are no longer needed (a failed recording keeps them).
  await rm(path.join(deps.rawDir, before.recordId), { recursive: true, force: true });
  await notify(deps, data.recordingId);
}

async function notify(deps: RecordingJobDeps, id: number): Promise<void> {
  const after = await row(deps.db, id);
  if (after) {
    await notifyRecordingProcessed(deps.messages, after).catch((error: unknown) =>
      deps.log.warn({ err: error }, 'recording notice failed'),
    );
  }
}

/**
 * Runs the transcript pass again over a ready recording's stored sound: the members' own tracks
 * (downloaded into a folder of its own), and the mix for what they cannot give.
 */
async function transcriptAgain(deps: RecordingJobDeps, data: ComposeJobData, context: JobContext) {
  const recording = await row(deps.db, data.recordingId);
  if (!recording || recording.status !== 'ready') return;
  const dir = await mkdtemp(path.join(tmpdir(), 'meet-transcript-'));
  const download = async (key: string, name: string) => {
    const stored = key ? await deps.blobs.get(key) : null;
    if (!stored) return null;
    const file = path.join(dir, name);
    await pipeline(stored.stream, createWriteStream(file));
    return file;
  };
  try {
    let wav: string | null = null;
    const audio = await download(recording.audioKey, 'audio');
    if (audio) {
      wav = path.join(dir, 'audio.wav');
      await run(
        'ffmpeg',
        ['-hide_banner', '-loglevel', 'error', '-y', '-i', audio, '-ac', '1', '-ar', '16000', wav],
        { signal: context.signal },
      );
    }
    const voices: VoiceTrack[] = [];
    for (const [i, voice] of recording.voices.entries()) {
      const file = await download(voice.key, `voice-${i}${path.extname(voice.key)}`);
      // One missing would lose that member's words: then the mix is heard for everyone.
      if (!file) {
        voices.length = 0;
        break;
      }
      voices.push({ userId: voice.userId, path: file, offsetMs: voice.offsetMs });
    }
    await transcribeRecording({
      db: deps.db,
      recordingRowId: recording.id,
      audioPath: wav,
      voices,
      workDir: dir,
      engines: deps.engines,
      signal: context.signal,
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
