/**
 * The transcript pass of one recording, start to end: its sources read from the database, each
 * member's own track decoded for the speech pass when the caller has them (voice-tracks.ts), the
 * transcript assembled (caption lines, plus the speech pass where no caption line holds the
 * speech), and its rows replaced. Safe to run again (a retried job, `convertToText`).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/database.js';
import type { Engines } from '../../engines/types.js';
import { assembleTranscript, type AssembleReport } from './assemble.js';
import { loadTranscriptSources, replaceTranscript } from './transcript-store.js';
import { decodeVoices, type VoiceTrack } from './voice-tracks.js';

export async function transcribeRecording(options: {
  db: Db;
  recordingRowId: number;
  /** The recording's mixed audio (16 kHz mono WAV from its start); null when it has none. */
  audioPath: string | null;
  /**
   * The members' own sound files (janus-pp-rec's Opus) placed on the recording: heard instead of
   * the mix. Decoded into a folder made under `workDir` and removed after.
   */
  voices?: readonly VoiceTrack[];
  workDir?: string;
  engines: Pick<Engines, 'asr' | 'vad'>;
  /** The meeting's language, used when no caption line tells it. */
  language?: string;
  signal?: AbortSignal;
}): Promise<AssembleReport> {
  const { db, recordingRowId, audioPath, engines, language } = options;
  const sources = await loadTranscriptSources(db, recordingRowId);
  const tracks = options.voices ?? [];
  const dir =
    tracks.length > 0 && options.workDir
      ? await mkdtemp(path.join(options.workDir, 'voices-'))
      : undefined;
  try {
    const decoded = dir ? await decodeVoices(tracks, dir, options.signal) : undefined;
    // A track that cannot be decoded would lose that member's words: the mix has them all.
    const voices = decoded && decoded.failed.length === 0 ? decoded.voices : [];
    const { lines, report } = await assembleTranscript({
      ...sources,
      audioPath,
      voices,
      engines,
      language,
    });
    await replaceTranscript(db, recordingRowId, lines);
    return report;
  } finally {
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}
