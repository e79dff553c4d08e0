/**
 * The ffmpeg runs that compose a recording: every member's camera and screen on a 1280x720
 * picture following the layout timeline (recordingLayout), names on the tiles, members without
 * a picture as name tiles, and everyone's audio mixed; written as H.264 + AAC MP4, an AAC audio
 * file, and 16 kHz mono WAV for the speech engine.
 *
 * ffmpeg 5.1 reads, decodes and lays out in one thread, which left a core half idle. So the
 * video is cut into parts at whole seconds, each its own run reading its files from where the
 * part starts (-ss; Janus asks for a key frame every 10 s, so little is decoded twice), and the
 * sound is one more run; they go at once, then the parts and the sound are joined without
 * re-encoding (concat). Each part starts with a key frame; the frame grid is the same in all.
 *
 * Cost is kept to what is seen: each picture file has one chain (fps → scale → overlay) whose
 * size and place change by `sendcmd` at the layout's boundaries — scaled to its box while shown,
 * to 16x16 and off the picture while not — so no picture is scaled twice or to a size nobody
 * sees. Commands for a chain's scale travel with that chain's frames and those for its overlay
 * with the picture's, both on the same frame grid, so a box never shows a frame of the wrong
 * size. Names and empty tiles are static drawbox/drawtext filters switched on by time.
 */
import {
  RECORDING_HEIGHT,
  RECORDING_WIDTH,
  recordingLayout,
  type LayoutBox,
  type LayoutSegment,
  type RecordingLayoutKind,
  type TimelineEntry,
} from '@meet/shared';
import { withCameraCoverage } from './camera-coverage.js';

export interface PictureFile {
  userId: number;
  source: 'camera' | 'screen';
  path: string;
  /** From the start of the recording. */
  offsetMs: number;
  durationMs: number;
  /**
   * Frames per second in the file. A browser's camera stream (simulcast VP8) has temporal layers
   * whose top layer nothing refers to: at twice the output rate or more, those frames are not
   * even decoded (half the decoding, and the output rate is kept).
   */
  frameRate?: number;
}

export interface SoundFile {
  path: string;
  offsetMs: number;
  /** Whose voice it is (the transcript hears each member's own track). */
  userId?: number;
}

export interface EncodeSettings {
  /** Output frame rate. */
  fps: number;
  /** libx264 preset and quality, and its options beyond the preset (x264-params). */
  preset: string;
  crf: number;
  x264Params?: string;
  audioBitrate: string;
}

export interface ComposePlanInput {
  recordType: 'audio' | 'video';
  layout: RecordingLayoutKind;
  durationMs: number;
  /** The recording's timeline in ms from its start (join, talk, share, rename, camera). */
  timeline: readonly TimelineEntry[];
  pictures: readonly PictureFile[];
  sounds: readonly SoundFile[];
  encode: EncodeSettings;
  fontFile: string;
  /** Where the plan's own files (filter script, commands, names) go. */
  workDir: string;
  outputs: { video?: string; audio: string; wav?: string };
  /**
   * Parts the video is cut into, each composed by its own ffmpeg run at the same time (ffmpeg
   * decodes and lays out in one thread): about one a core. 1 when not given.
   */
  parts?: number;
}

export interface ComposeRun {
  /** A part of the video (the part's MP4), or the sound (the audio file and the WAV). */
  kind: 'video' | 'audio';
  /** How much output the run makes (its progress is its output time against this). */
  durationMs: number;
  args: string[];
  /** A video part's file, which the join reads (and which is removed after). */
  part?: string;
}

export interface ComposePlan {
  /** ffmpeg runs that go at once: the video's parts, and the sound. */
  runs: ComposeRun[];
  /** When they are done, the run that joins the parts and the sound into the MP4 (video only). */
  join: string[] | null;
  /** Files the runs read, to be written before they start. */
  files: { path: string; content: string }[];
  segments: LayoutSegment[];
}

const BACKGROUND = '0x111418';
const TILE = '0x2a2f36';
const HIDDEN = 16;

/** A value inside a filtergraph: escaped for the option parser, then for the graph parser. */
export function filterValue(value: string): string {
  const option = value.replace(/[\\':]/g, (c) => `\\${c}`);
  return option.replace(/[\\'[\],;]/g, (c) => `\\${c}`);
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

/** Seconds on the output's frame grid, so commands land on one frame for every chain. */
const onGrid = (ms: number, fps: number) => (Math.round((ms / 1000) * fps) / fps).toFixed(4);

/** `t` within any of the intervals, as an ffmpeg expression. */
function during(intervals: readonly [number, number][]): string {
  return intervals.map(([s, e]) => `gte(t,${seconds(s)})*lt(t,${seconds(e)})`).join('+');
}

/** Where a member's picture is during a segment, if it shows. */
function boxOf(segment: LayoutSegment, picture: PictureFile): LayoutBox | undefined {
  return segment.boxes.find(
    (b) => b.video && b.userId === picture.userId && b.source === picture.source,
  );
}

/** Tile names are cut to 10 characters plus an ellipsis (SPEC.md section 5); main shows all. */
function shownName(box: LayoutBox): string {
  const chars = [...box.name.trim()];
  if (box.main || chars.length <= 10) return chars.join('');
  return `${chars.slice(0, 10).join('')}…`;
}

function fontSizes(h: number): { label: number; card: number } {
  if (h >= 500) return { label: 26, card: 48 };
  if (h >= 300) return { label: 22, card: 36 };
  if (h >= 200) return { label: 18, card: 28 };
  return { label: 15, card: 20 };
}

/** Where the video is cut into parts composed at once: whole seconds, on every frame grid. */
export function partBounds(durationMs: number, parts: number): number[] {
  const bounds = [0];
  for (let i = 1; i < parts; i++) {
    const at = Math.round((durationMs * i) / parts / 1000) * 1000;
    if (at > bounds[bounds.length - 1]! && at < durationMs) bounds.push(at);
  }
  bounds.push(durationMs);
  return bounds;
}

/** The layout during [from, to), on that span's own clock (0 at `from`). */
function segmentsWithin(segments: readonly LayoutSegment[], from: number, to: number) {
  return segments
    .filter((s) => s.end > from && s.start < to)
    .map((s) => ({ ...s, start: Math.max(s.start, from) - from, end: Math.min(s.end, to) - from }));
}

export function composePlan(input: ComposePlanInput): ComposePlan {
  const { durationMs } = input;
  const files: ComposePlan['files'] = [];
  const file = (name: string, content: string) => {
    const path = `${input.workDir}/${name}`;
    files.push({ path, content });
    return path;
  };
  const video = input.recordType === 'video' && !!input.outputs.video;
  const pictures = video ? input.pictures : [];
  const timeline = withCameraCoverage(input.timeline, pictures);
  const segments = video ? recordingLayout({ layout: input.layout, durationMs, timeline }) : [];

  const runs: ComposeRun[] = [];
  const parts: string[] = [];
  if (video) {
    const bounds = partBounds(durationMs, Math.max(1, input.parts ?? 1));
    for (let i = 0; i + 1 < bounds.length; i++) {
      const [from, to] = [bounds[i]!, bounds[i + 1]!];
      const part = `${input.workDir}/part-${i}.mp4`;
      parts.push(part);
      runs.push({
        kind: 'video',
        part,
        durationMs: to - from,
        args: videoPart(input, segmentsWithin(segments, from, to), from, to, part, (name, text) =>
          file(`p${i}-${name}`, text),
        ),
      });
    }
  }
  runs.push({ kind: 'audio', durationMs, args: audioRun(input) });

  let join: string[] | null = null;
  if (video) {
    const list = file(
      'parts.txt',
      parts.map((p) => `file '${p.replace(/'/g, `'\\''`)}'\n`).join(''),
    );
    join = [
      ...['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'],
      ...['-f', 'concat', '-safe', '0', '-i', list, '-i', input.outputs.audio],
      ...['-map', '0:v:0', '-map', '1:a:0', '-c', 'copy', '-t', seconds(durationMs)],
      ...['-movflags', '+faststart', input.outputs.video!],
    ];
  }
  return { runs, join, files, segments };
}

/**
 * One part's picture, [from, to) of the recording, on its own clock: the picture files seen in
 * it (each read from where the part starts), their chains and overlays, names and empty tiles.
 */
function videoPart(
  input: ComposePlanInput,
  segments: readonly LayoutSegment[],
  from: number,
  to: number,
  output: string,
  file: (name: string, content: string) => string,
): string[] {
  const { encode } = input;
  const fps = encode.fps;
  const args = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'];
  const graph: string[] = [];
  // A file not seen in the part is not even read.
  const pictures = input.pictures.filter(
    (p) =>
      p.offsetMs < to &&
      p.offsetMs + p.durationMs > from &&
      segments.some((segment) => boxOf(segment, p)),
  );
  pictures.forEach((p) => {
    if ((p.frameRate ?? 0) >= fps * 1.8) args.push('-skip_frame', 'noref');
    // One decoding thread: a VP8 decoder gains nothing from a second one, and the parts already
    // keep the cores busy.
    args.push('-threads', '1');
    if (p.offsetMs >= from) args.push('-itsoffset', seconds(p.offsetMs - from));
    else args.push('-ss', seconds(from - p.offsetMs));
    args.push('-i', p.path);
  });
  const length = to - from;

  // The picture: background, empty tiles, then each picture file, then names on top.
  const overlayCommands: string[] = [];
  const chains: string[] = [];
  pictures.forEach((p, k) => {
    const scaleCommands: string[] = [];
    let shown: string | null = null;
    for (const segment of segments) {
      const box = boxOf(segment, p);
      const key = box ? `${box.x},${box.y},${box.w},${box.h}` : 'hidden';
      if (key === shown) continue;
      shown = key;
      const at = onGrid(segment.start, fps);
      const [w, h] = box ? [box.w, box.h] : [HIDDEN, HIDDEN];
      scaleCommands.push(`${at} [enter] scale@s${k} w ${w}, scale@s${k} h ${h};`);
      const [x, y] = box
        ? [`${box.x}+(${box.w}-w)/2`, `${box.y}+(${box.h}-h)/2`]
        : [`-${HIDDEN * 4}`, `-${HIDDEN * 4}`];
      overlayCommands.push(`${at} [enter] overlay@o${k} x ${x}, overlay@o${k} y ${y};`);
    }
    const commands = file(`scale-${k}.cmd`, `${scaleCommands.join('\n')}\n`);
    chains.push(
      `[${k}:v]fps=${fps},sendcmd=f=${filterValue(commands)},` +
        `scale@s${k}=w=${HIDDEN}:h=${HIDDEN}:force_original_aspect_ratio=decrease:` +
        `force_divisible_by=2:flags=fast_bilinear[p${k}]`,
    );
  });
  // Sorted by time: sendcmd runs a file's commands in its order.
  overlayCommands.sort((a, b) => parseFloat(a) - parseFloat(b));
  const overlays = file('overlay.cmd', `${overlayCommands.join('\n')}\n`);

  const backgrounds = new Map<string, [number, number][]>();
  const texts = new Map<
    string,
    { box: LayoutBox; text: string; card: boolean; spans: [number, number][] }
  >();
  for (const segment of segments) {
    for (const box of segment.boxes) {
      const rect = `${box.x}:${box.y}:${box.w}:${box.h}`;
      // A tile shows its colour only where no picture covers it (a name tile).
      if (!box.video) {
        const list = backgrounds.get(rect) ?? [];
        list.push([segment.start, segment.end]);
        backgrounds.set(rect, list);
      }
      const text = shownName(box);
      if (!text) continue;
      const card = !box.video;
      const key = `${rect}|${card}|${text}`;
      const entry = texts.get(key) ?? { box, text, card, spans: [] };
      entry.spans.push([segment.start, segment.end]);
      texts.set(key, entry);
    }
  }
  let canvas =
    `color=c=${BACKGROUND}:s=${RECORDING_WIDTH}x${RECORDING_HEIGHT}:r=${fps}:d=${seconds(length)},` +
    `format=yuv420p,sendcmd=f=${filterValue(overlays)}`;
  for (const [rect, spans] of backgrounds) {
    canvas += `,drawbox=${rect}:color=${TILE}:t=fill:enable=${filterValue(during(merge(spans)))}`;
  }
  graph.push(`${canvas}[c0]`, ...chains);
  let last = 'c0';
  pictures.forEach((_, k) => {
    const next = `c${k + 1}`;
    graph.push(
      `[${last}][p${k}]overlay@o${k}=x=-${HIDDEN * 4}:y=-${HIDDEN * 4}:eval=frame:` +
        `eof_action=pass:format=yuv420[${next}]`,
    );
    last = next;
  });
  const names = new Map<string, string>();
  const drawn: string[] = [];
  for (const { box, text, card, spans } of texts.values()) {
    let textFile = names.get(text);
    if (!textFile) {
      textFile = file(`name-${names.size}.txt`, text);
      names.set(text, textFile);
    }
    const size = fontSizes(box.h);
    const [x, y] = card
      ? [`${box.x}+(${box.w}-tw)/2`, `${box.y}+(${box.h}-th)/2`]
      : [`${box.x}+10`, `${box.y}+${box.h}-th-12`];
    drawn.push(
      `drawtext=fontfile=${filterValue(input.fontFile)}:textfile=${filterValue(textFile)}:` +
        `expansion=none:fontcolor=white:fontsize=${card ? size.card : size.label}:` +
        `x=${filterValue(x)}:y=${filterValue(y)}` +
        (card ? '' : ':box=1:boxcolor=black@0.55:boxborderw=5') +
        `:enable=${filterValue(during(merge(spans)))}`,
    );
  }
  graph.push(`[${last}]${drawn.length ? drawn.join(',') : 'null'}[vout]`);

  args.push('-filter_complex_script', file('graph.txt', `${graph.join(';\n')}\n`));
  args.push(
    ...['-map', '[vout]', '-an', '-c:v', 'libx264', '-preset', encode.preset],
    ...(encode.x264Params ? ['-x264-params', encode.x264Params] : []),
    ...['-crf', String(encode.crf), '-pix_fmt', 'yuv420p', '-r', String(fps)],
    ...['-g', String(fps * 4), '-t', seconds(length), '-f', 'mp4', output],
  );
  return args;
}

/**
 * Everyone's audio, each from where it starts (the gaps of silence suppression filled), mixed:
 * the AAC file (which the video also carries) and the transcript's 16 kHz WAV.
 */
function audioRun(input: ComposePlanInput): string[] {
  const args = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'];
  for (const s of input.sounds) args.push('-itsoffset', seconds(s.offsetMs), '-i', s.path);
  const graph: string[] = [];
  const d = seconds(input.durationMs);
  if (input.sounds.length === 0) {
    graph.push(`anullsrc=r=48000:cl=mono:d=${d}[mix]`);
  } else {
    input.sounds.forEach((_, j) =>
      graph.push(`[${j}:a]aresample=48000:async=1:first_pts=0,aformat=channel_layouts=mono[a${j}]`),
    );
    graph.push(
      `${input.sounds.map((_, j) => `[a${j}]`).join('')}amix=inputs=${input.sounds.length}:` +
        `duration=longest:dropout_transition=0:normalize=0,apad=whole_dur=${d}[mix]`,
    );
  }
  const wav = input.outputs.wav;
  graph.push(wav ? '[mix]asplit=2[aa][aw48]' : '[mix]anull[aa]');
  if (wav) graph.push('[aw48]aresample=16000,aformat=sample_fmts=s16:channel_layouts=mono[aw]');
  args.push('-filter_complex', graph.join(';'));
  args.push(
    ...['-map', '[aa]', '-c:a', 'aac', '-b:a', input.encode.audioBitrate, '-ac', '1'],
    ...['-t', d, '-movflags', '+faststart', input.outputs.audio],
  );
  if (wav) args.push('-map', '[aw]', '-c:a', 'pcm_s16le', '-t', d, wav);
  return args;
}

/** Joins touching intervals (fewer terms in an enable expression). */
function merge(spans: readonly [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const [s, e] of [...spans].sort((a, b) => a[0] - b[0])) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}
