/**
 * Composing one cloud recording after it stopped (ARCHITECTURE.md "Cloud recording"): the .mjr
 * files of its streams remuxed (remux-streams.ts), its layout timeline built from its events and
 * stream rows (recording-timeline.ts), the ffmpeg runs composing the MP4, the audio file and the
 * transcript's WAV (compose-files.ts), then the files stored and the row made ready.
 *
 * The row shows the owner where it is: status `processing`, stage `remux` → `compose` → `store`,
 * progress 0–100 (the ffmpeg run's output time against the recording's length), then `ready`.
 *
 * - Idempotent: a retried job removes the previous try's work folder and starts over; stored
 *   files are overwritten under the same keys.
 * - No usable media at all (nobody's stream sent a packet) is not a failure: the recording is
 *   still made, as long as the recording was (stoppedAt - startedAt) — silence, and in a video
 *   recording the members' name tiles from the timeline — and it has no transcript WAV.
 * - It throws on failure and on `signal` (which kills the tool running); marking the row failed
 *   after the last try is the job's part.
 * - The WAV (16 kHz mono from the recording's start) and each member's remuxed Opus (for
 *   transcribeRecording, which hears the members' own tracks) stay in the work folder; the
 *   caller removes the folder when done with it. The members' Opus files are also stored with
 *   the recording (row `voices`), for the transcript pass run again later (`convertToText`).
 */
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { RecordingLayoutKind } from '@meet/shared';
import type { Db } from '../../db/database.js';
import {
  recordingEvents,
  recordingStreams,
  recordings,
  type RecordingRow,
} from '../../db/schema/index.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { RecordingsRepository } from '../recordings-repository.js';
import { composeFiles, type ComposedFiles } from './compose-files.js';
import { recordingTimeline } from './recording-timeline.js';
import { remuxStreams, type StreamPiece } from './remux-streams.js';
import type { RecordingSettings } from './settings.js';
import type { VoiceTrack } from '../transcripts/voice-tracks.js';

export interface ComposeDeps {
  db: Db;
  blobs: BlobStore;
  /** Where Janus writes the .mjr files (`<dataDir>/recordings/raw`); stream prefixes are under it. */
  rawDir: string;
  /** Work folders are made under it, one a recording (`<workRoot>/<recordId>`). */
  workRoot: string;
  settings?: RecordingSettings;
  log: FastifyBaseLogger;
}

export interface ComposeResult {
  /** The transcript's audio (in workDir), or null when nobody was heard. */
  wavPath: string | null;
  /** Each member's own sound files (in workDir), for the transcript to hear one by one. */
  voices: VoiceTrack[];
  /** For the caller to remove when it no longer needs the WAV. */
  workDir: string;
}

/** Progress given to each stage (the compose run is most of the time). */
const REMUX_END = 15;
const COMPOSE_END = 92;

type Stage = 'remux' | 'compose' | 'store';

/** Writes stage and progress to the row, at most once a second and never two at once. */
function progressWriter(rows: RecordingsRepository, id: number, log: FastifyBaseLogger) {
  let chain: Promise<void> = Promise.resolve();
  let written = -1;
  let lastAt = 0;
  const write = (values: { stage?: Stage; progress: number }) => {
    chain = chain
      .then(() => rows.setProgress(id, values))
      .catch((error: unknown) => log.warn({ err: error, recordingId: id }, 'progress not saved'));
  };
  return {
    stage(stage: Stage, progress: number) {
      written = progress;
      lastAt = Date.now();
      write({ stage, progress });
      return chain;
    },
    progress(value: number) {
      const progress = Math.floor(value);
      if (progress <= written || Date.now() - lastAt < 1000) return;
      written = progress;
      lastAt = Date.now();
      write({ progress });
    },
    settled: () => chain,
  };
}

export async function composeRecording(
  deps: ComposeDeps,
  recordingRowId: number,
  signal?: AbortSignal,
): Promise<ComposeResult> {
  const { db, log } = deps;
  const [row] = await db.select().from(recordings).where(eq(recordings.id, recordingRowId));
  if (!row) throw new Error(`no recording ${recordingRowId}`);
  if (!row.stoppedAt) throw new Error(`recording ${recordingRowId} has not stopped`);
  const startedAt = row.startedAt.getTime();
  const durationMs = Math.max(1000, row.stoppedAt.getTime() - startedAt);
  const recordType = row.recordType === 'audio' ? 'audio' : 'video';
  const layout: RecordingLayoutKind = row.layout === 'grid' ? 'grid' : 'speech';

  const workDir = path.join(deps.workRoot, row.recordId);
  await rm(workDir, { recursive: true, force: true });
  await mkdir(workDir, { recursive: true });
  const rows = new RecordingsRepository(db);
  await rows.startProcessing(row.id, 'remux');
  const progress = progressWriter(rows, row.id, log);

  const [streams, events] = await Promise.all([
    db
      .select()
      .from(recordingStreams)
      .where(eq(recordingStreams.recordingId, row.id))
      .orderBy(asc(recordingStreams.startedAt), asc(recordingStreams.id)),
    db
      .select()
      .from(recordingEvents)
      .where(eq(recordingEvents.recordingId, row.id))
      .orderBy(asc(recordingEvents.at), asc(recordingEvents.id)),
  ]);
  const pieces: StreamPiece[] = streams.map((s) => ({
    userId: s.userId,
    source: s.source === 'screen' ? 'screen' : 'camera',
    filePrefix: s.filePrefix,
    startMs: s.startedAt.getTime() - startedAt,
  }));
  const media = await remuxStreams({
    rawDir: deps.rawDir,
    outDir: path.join(workDir, 'media'),
    pieces,
    withVideo: recordType === 'video',
    signal,
    onProgress: (done, total) => progress.progress((done / total) * REMUX_END),
  });
  if (media.skipped.length) {
    log.info({ recordingId: row.id, skipped: media.skipped }, 'recording files without media');
  }

  const timeline = recordingTimeline({
    startedAt,
    events,
    streams: streams.map((s) => ({
      userId: s.userId,
      source: s.source,
      displayName: s.displayName,
      startedAt: s.startedAt.getTime(),
      stoppedAt: s.stoppedAt?.getTime() ?? null,
    })),
  });
  signal?.throwIfAborted();
  await progress.stage('compose', REMUX_END);
  const files = await composeFiles({
    recordType,
    layout,
    durationMs,
    timeline,
    pictures: media.pictures,
    sounds: media.sounds,
    workDir,
    settings: deps.settings,
    signal,
    onProgress: (f) => progress.progress(REMUX_END + f * (COMPOSE_END - REMUX_END)),
  });

  signal?.throwIfAborted();
  await progress.stage('store', COMPOSE_END);
  const voices = media.sounds.flatMap((s) =>
    s.userId === undefined ? [] : [{ userId: s.userId, path: s.path, offsetMs: s.offsetMs }],
  );
  const stored = await storeFiles(deps.blobs, row.recordId, files, voices);
  signal?.throwIfAborted();
  await progress.settled();
  await rows.markReady(row.id, {
    durationMs: files.durationMs,
    sizeBytes: stored.sizeBytes,
    videoKey: stored.videoKey,
    audioKey: stored.audioKey,
    previewKey: stored.previewKey,
    voices: stored.voices,
  });
  log.info(
    { recordingId: row.id, durationMs: files.durationMs, sizeBytes: stored.sizeBytes },
    'recording composed',
  );
  return { wavPath: files.wav, voices, workDir };
}

/**
 * Puts the results in the blob store under `recordings/<recordId>/`, and each member's own sound
 * under `voices/`; their keys and bytes.
 */
async function storeFiles(
  blobs: BlobStore,
  recordId: string,
  files: ComposedFiles,
  voices: readonly VoiceTrack[],
) {
  let sizeBytes = 0;
  const put = async (file: string | null, name: string, type: string) => {
    if (!file) return '';
    const key = `recordings/${recordId}/${name}`;
    sizeBytes += (await stat(file)).size;
    await blobs.putFile(key, file, type);
    return key;
  };
  const videoKey = await put(files.video, 'video.mp4', 'video/mp4');
  const audioKey = await put(files.audio, 'audio.m4a', 'audio/mp4');
  const previewKey = await put(files.preview, 'preview.jpg', 'image/jpeg');
  const stored: RecordingRow['voices'] = [];
  for (const [i, voice] of voices.entries()) {
    const name = `voices/${i}-${voice.userId}${path.extname(voice.path)}`;
    const key = await put(voice.path, name, 'application/octet-stream');
    stored.push({ key, userId: voice.userId, offsetMs: voice.offsetMs });
  }
  return { videoKey, audioKey, previewKey, voices: stored, sizeBytes };
}
