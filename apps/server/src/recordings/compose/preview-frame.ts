/**
 * The preview image of a video recording: a frame with something to see. A recording starts on
 * the dark canvas while the cameras' first pictures arrive (and a member may join with the camera
 * off), so the first frame, or one at a fixed point, is often black. The first seconds are read
 * at a few frames a second through ffmpeg's signalstats; the first frame whose mean brightness is
 * above PREVIEW_MIN_BRIGHTNESS (and stays there for the next sample) wins, else the brightest one read, else (a recording too short to
 * have a frame read) the very first frame.
 */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { run } from './media-tools.js';

/**
 * Mean luma (YAVG, 16 black – 235 white in video range) a frame needs. The canvas (0x111418) is
 * about 33 and a name tile about 55; a camera's picture, even a dim room, is above this.
 */
export const PREVIEW_MIN_BRIGHTNESS = 60;
/** How far into the recording a bright frame is looked for. */
const SCAN_SECONDS = 60;
/** Frames read a second while looking. */
const SCAN_FPS = 2;

export interface FrameBrightness {
  seconds: number;
  /** Mean luma, 16–235. */
  yavg: number;
}

/** The mean brightness of frames of the first SCAN_SECONDS, SCAN_FPS a second. */
export async function frameBrightness(
  video: string,
  signal?: AbortSignal,
): Promise<FrameBrightness[]> {
  const out = await run(
    'ffmpeg',
    [
      ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-t', String(SCAN_SECONDS)],
      ...['-i', video, '-an', '-vf'],
      `fps=${SCAN_FPS},scale=160:90,signalstats,metadata=print:key=lavfi.signalstats.YAVG:file=-`,
      ...['-f', 'null', '-'],
    ],
    { signal },
  );
  const frames: FrameBrightness[] = [];
  let seconds: number | null = null;
  for (const line of out.split('\n')) {
    const time = /pts_time:\s*(-?[\d.]+)/.exec(line);
    if (time) seconds = Number(time[1]);
    const value = /lavfi\.signalstats\.YAVG=([\d.]+)/.exec(line);
    if (value && seconds !== null) frames.push({ seconds, yavg: Number(value[1]) });
  }
  return frames;
}

/** Where the preview is taken from (seconds), by the rule at the top of this file. */
export function previewTime(frames: readonly FrameBrightness[]): number {
  const isBright = (f: FrameBrightness | undefined) => !!f && f.yavg >= PREVIEW_MIN_BRIGHTNESS;
  // The second of two bright samples in a row: the first may be the frame just before a camera's
  // picture arrives (a sample stands for the frame nearest its time).
  const settled = frames.findIndex((f, i) => i > 0 && isBright(f) && isBright(frames[i - 1]));
  if (settled >= 0) return frames[settled]!.seconds;
  const bright = frames.find(isBright);
  if (bright) return bright.seconds;
  let best: FrameBrightness | undefined;
  for (const f of frames) if (!best || f.yavg > best.yavg) best = f;
  return best?.seconds ?? 0;
}

/** Writes the preview JPEG (`size` as ffmpeg's scale, e.g. "640:360"); the time it was taken at. */
export async function writePreview(
  video: string,
  target: string,
  size: string,
  signal?: AbortSignal,
): Promise<number> {
  const at = previewTime(await frameBrightness(video, signal));
  const grab = (seconds: number) =>
    run(
      'ffmpeg',
      [
        ...['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'],
        // -ss before -i seeks to the keyframe before, then decodes up to the time.
        ...['-ss', seconds.toFixed(3), '-i', video],
        ...['-frames:v', '1', '-vf', `scale=${size}`, '-q:v', '3', '-update', '1', target],
      ],
      { signal },
    );
  await rm(target, { force: true });
  await grab(at);
  if (at === 0 || existsSync(target)) return at;
  // A seek past the last whole frame writes nothing: the first frame then.
  await grab(0);
  return 0;
}
