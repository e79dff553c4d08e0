/**
 * The transcript pass of one recording, start to end: its sources read from the database, the
 * transcript assembled (captions plus the speech pass where they were off), and its rows
 * replaced. Safe to run again (a retried job, `convertToText`).
 */
import type { Db } from '../db/database.js';
import type { Engines } from '../engines/types.js';
import { assembleTranscript, type AssembleReport } from './assemble.js';
import { loadTranscriptSources, replaceTranscript } from './transcript-store.js';

export async function transcribeRecording(options: {
  db: Db;
  recordingRowId: number;
  /** The recording's mixed audio (16 kHz mono WAV from its start); null when it has none. */
  audioPath: string | null;
  engines: Pick<Engines, 'asr' | 'vad'>;
  /** The meeting's language, used when no caption line tells it. */
  language?: string;
}): Promise<AssembleReport> {
  const { db, recordingRowId, audioPath, engines, language } = options;
  const sources = await loadTranscriptSources(db, recordingRowId);
  const { lines, report } = await assembleTranscript({ ...sources, audioPath, engines, language });
  await replaceTranscript(db, recordingRowId, lines);
  return report;
}
