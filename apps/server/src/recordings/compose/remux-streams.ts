/**
 * The first stage of composing a recording: every .mjr Janus wrote for its streams turned into a
 * playable file without transcoding (janus-pp-rec) and placed on the recording's time line.
 *
 * Janus's VideoRoom, given `filename: <prefix>` in `configure {record: true}`, writes one file a
 * media line: `<prefix>-audio-<m-line index>.mjr` and `<prefix>-video-<m-line index>.mjr`
 * (janus_videoroom_recorder_create; a file is opened when the recorder starts, its JSON header
 * written with the first packet). A file without packets (a publisher that never sent that
 * media) or one janus-pp-rec cannot read is skipped: a stream with no media does not fail the
 * recording.
 *
 * Where a file sits: the stream row's startedAt (when recording was asked for, server clock),
 * plus the file's own delay from its recorder's creation to its first packet (`u - s` in its
 * header, both on Janus's clock), plus where its first frame lies in the remuxed file. Only
 * differences of Janus's clock are used, so a server clock that is moved (DEV_CLOCK) or differs
 * from the media server's does not shift the pictures against the timeline.
 */
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { PictureFile, SoundFile } from './compose-plan.js';
import { MediaToolError, mjrInfo, remux, remuxExtension, run } from './media-tools.js';

export interface StreamPiece {
  userId: number;
  source: 'camera' | 'screen';
  /** Relative to the raw recordings folder. */
  filePrefix: string;
  /** When recording of it was asked for: ms from the recording's start. */
  startMs: number;
}

export interface RemuxedMedia {
  pictures: PictureFile[];
  sounds: SoundFile[];
  /** .mjr files that held no usable media (paths under the raw folder). */
  skipped: string[];
}

export interface MjrFile {
  path: string;
  kind: 'audio' | 'video';
  mindex: number;
}

const FILE_NAME = /^-(audio|video)-(\d+)\.mjr$/;

/** The .mjr files Janus wrote under a file prefix, in m-line order. */
export async function mjrFilesOf(rawDir: string, filePrefix: string): Promise<MjrFile[]> {
  const prefix = path.resolve(rawDir, filePrefix);
  if (!prefix.startsWith(path.resolve(rawDir) + path.sep)) {
    throw new Error(`stream file prefix outside the recordings folder: ${filePrefix}`);
  }
  const dir = path.dirname(prefix);
  const base = path.basename(prefix);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files: MjrFile[] = [];
  for (const name of names) {
    if (!name.startsWith(base)) continue;
    const match = FILE_NAME.exec(name.slice(base.length));
    if (!match) continue;
    files.push({
      path: path.join(dir, name),
      kind: match[1] as MjrFile['kind'],
      mindex: Number(match[2]),
    });
  }
  return files.sort((a, b) => a.mindex - b.mindex);
}

/** The recorder's creation and first-packet times (µs, Janus's clock) from a .mjr header. */
async function mjrTimes(file: string, signal?: AbortSignal): Promise<{ s: number; u: number }> {
  const out = await run('janus-pp-rec', ['-j', file], { signal });
  const json = out
    .trim()
    .split('\n')
    .find((line) => line.startsWith('{'));
  const header = json ? (JSON.parse(json) as { s?: number; u?: number }) : {};
  const s = header.s ?? 0;
  return { s, u: header.u || s };
}

interface Probe {
  startMs: number;
  durationMs: number;
  /** Video frames in the file (0 for audio). */
  frames: number;
}

async function probe(file: string, video: boolean, signal?: AbortSignal): Promise<Probe> {
  const args = ['-v', 'error', '-of', 'json', '-show_entries', 'format=start_time,duration'];
  // Counting a video's frames reads its packets, not decoding them.
  if (video) args.push('-select_streams', 'v:0', '-count_packets');
  if (video) args.push('-show_entries', 'stream=nb_read_packets');
  const out = await run('ffprobe', [...args, file], { signal });
  const json = JSON.parse(out) as {
    format?: { start_time?: string; duration?: string };
    streams?: { nb_read_packets?: string }[];
  };
  const number = (v: string | undefined) => (v && Number.isFinite(Number(v)) ? Number(v) : 0);
  return {
    startMs: Math.round(number(json.format?.start_time) * 1000),
    durationMs: Math.round(number(json.format?.duration) * 1000),
    frames: number(json.streams?.[0]?.nb_read_packets),
  };
}

/**
 * Remuxes every .mjr of `pieces` into `outDir` (audio only when `withVideo` is false), reporting
 * files done of the total as it goes.
 */
export async function remuxStreams(options: {
  rawDir: string;
  outDir: string;
  pieces: readonly StreamPiece[];
  withVideo: boolean;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}): Promise<RemuxedMedia> {
  const { signal } = options;
  await mkdir(options.outDir, { recursive: true });
  const work: { piece: StreamPiece; index: number; file: MjrFile }[] = [];
  for (const [index, piece] of options.pieces.entries()) {
    for (const file of await mjrFilesOf(options.rawDir, piece.filePrefix)) {
      if (file.kind === 'video' && !options.withVideo) continue;
      work.push({ piece, index, file });
    }
  }
  const media: RemuxedMedia = { pictures: [], sounds: [], skipped: [] };
  let done = 0;
  for (const { piece, index, file } of work) {
    signal?.throwIfAborted();
    const placed = await remuxOne(options.outDir, piece, index, file, signal);
    if (!placed) media.skipped.push(file.path);
    else if ('durationMs' in placed) media.pictures.push(placed);
    else media.sounds.push(placed);
    options.onProgress?.(++done, work.length);
  }
  return media;
}

async function remuxOne(
  outDir: string,
  piece: StreamPiece,
  index: number,
  file: MjrFile,
  signal?: AbortSignal,
): Promise<PictureFile | SoundFile | null> {
  const info = await mjrInfo(file.path, signal);
  if (!info || info.kind !== file.kind[0]) return null;
  const ext = remuxExtension(info);
  if (!ext) return null;
  const target = path.join(outDir, `${index}-${file.kind}-${file.mindex}.${ext}`);
  try {
    await remux(file.path, target, signal);
  } catch (error) {
    // A damaged file loses that stream only.
    if (signal?.aborted || !(error instanceof MediaToolError)) throw error;
    return null;
  }
  const video = file.kind === 'video';
  const [times, probed] = await Promise.all([
    mjrTimes(file.path, signal),
    probe(target, video, signal),
  ]);
  if (probed.durationMs <= 0) return null;
  const offsetMs = Math.max(
    0,
    Math.round(piece.startMs + (times.u - times.s) / 1000 + probed.startMs),
  );
  if (!video) return { path: target, offsetMs, userId: piece.userId };
  return {
    userId: piece.userId,
    source: piece.source,
    path: target,
    offsetMs,
    durationMs: probed.durationMs,
    frameRate: probed.frames > 0 ? (probed.frames * 1000) / probed.durationMs : undefined,
  };
}
