/**
 * Names the recordings feature shares between its parts: its jobs on the queue, and the folders
 * under DATA_DIR where Janus writes and where composition works.
 */
import path from 'node:path';

/** Composing a stopped recording's files (then its transcript pass). */
export const COMPOSE_JOB = 'compose';
/** The transcript pass run again over a ready recording (`/sm/convertToText`). */
export const TRANSCRIPT_JOB = 'transcript';
/** AI minutes of a recording's transcript. */
export const SUMMARY_JOB = 'summary';

/** Where Janus writes the recordings' .mjr files, a folder a recording. */
export const rawRecordingsDir = (dataDir: string): string =>
  path.join(dataDir, 'recordings', 'raw');

/** Where composition makes a work folder a recording, removed when done. */
export const recordingsWorkDir = (dataDir: string): string =>
  path.join(dataDir, 'recordings', 'work');
