/**
 * Local recording (SPEC.md sections 3 and 9): the meeting as one member sees it, recorded in the
 * browser into files of its own — a 1280x720 canvas redrawn every 70 ms, everyone's audio
 * mixed, WebM VP9 in 1 s chunks (or the nearest format a browser without it records), a new
 * file past 1 GiB. Files are named by the meeting id and
 * a two-digit number, with a temporary suffix until finished, in a folder named by the start
 * time, the meeting's theme and its id.
 */

export const LOCAL_RECORDING_REDRAW_MS = 70;
export const LOCAL_RECORDING_CHUNK_MS = 1000;
/** A file that grows past this is finished and the next one started. */
export const LOCAL_RECORDING_SPLIT_BYTES = 1_073_741_824;
/** Finishing waits this long for the last data before stopping the recorder. */
export const LOCAL_RECORDING_FINISH_WAIT_MS = 1000;
export const LOCAL_RECORDING_MIME = 'video/webm;codecs=vp9,opus';

/** What the browser records into: the recorder's MIME type and the files' extension. */
export interface LocalRecordingFormat {
  mime: string;
  extension: 'webm' | 'mp4';
}

/**
 * SPEC.md's WebM VP9 first; a browser that cannot record it (issue 28) uses the next it can:
 * Firefox records WebM with VP8, Safari MP4 with H.264.
 */
export const LOCAL_RECORDING_FORMATS: readonly LocalRecordingFormat[] = [
  { mime: LOCAL_RECORDING_MIME, extension: 'webm' },
  { mime: 'video/webm;codecs=vp8,opus', extension: 'webm' },
  { mime: 'video/mp4;codecs=avc1,mp4a.40.2', extension: 'mp4' },
  { mime: 'video/mp4', extension: 'mp4' },
];

/** The first format the browser's recorder takes (`MediaRecorder.isTypeSupported`), or null. */
export function localRecordingFormat(
  isTypeSupported: (mime: string) => boolean,
): LocalRecordingFormat | null {
  return LOCAL_RECORDING_FORMATS.find((f) => isTypeSupported(f.mime)) ?? null;
}
export const LOCAL_RECORDING_TEMP_SUFFIX = '.part';

export type LocalRecordingState = 'idle' | 'recording' | 'stopping';

/** Characters no file system takes in a name, and control characters, become "_". */
function safeName(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f<>:"/\\|?*]+/g, '_')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 80)
  );
}

const two = (n: number) => String(n).padStart(2, '0');

/** The folder: start time (local, sortable), the meeting's theme, its id. */
export function localRecordingFolder(start: Date, theme: string, meetingId: string): string {
  const stamp = `${start.getFullYear()}-${two(start.getMonth() + 1)}-${two(start.getDate())} ${two(start.getHours())}.${two(start.getMinutes())}.${two(start.getSeconds())}`;
  return [stamp, safeName(theme), safeName(meetingId)].filter(Boolean).join(' ');
}

/** The n-th file (from 1) of a recording; `temporary` while it is being written. */
export function localRecordingFile(
  meetingId: string,
  n: number,
  temporary = false,
  extension: LocalRecordingFormat['extension'] = 'webm',
): string {
  const name = `${safeName(meetingId)}_${two(n)}.${extension}`;
  return temporary ? `${name}${LOCAL_RECORDING_TEMP_SUFFIX}` : name;
}

/** Whether a start may begin (neither recording nor stopping). */
export function canStartLocalRecording(state: LocalRecordingState): boolean {
  return state === 'idle';
}
