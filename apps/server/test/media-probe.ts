/**
 * What a test can ask of a media file through ffprobe and ffmpeg: its streams and length, how
 * loud its sound is, the colour of its picture at a point and a time, how many frames it has; and
 * the ffmpeg processes at work in a folder, with their nice value.
 */
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { promisify } from 'node:util';

const exec = promisify(execFile);

export interface ProbedStream {
  codec_type: string;
  codec_name: string;
  width?: number;
  height?: number;
  sample_rate?: string;
}

export async function probe(file: string): Promise<{ streams: ProbedStream[]; seconds: number }> {
  const { stdout } = await exec('ffprobe', [
    ...['-v', 'error', '-of', 'json', '-show_entries', 'format=duration'],
    ...['-show_entries', 'stream=codec_type,codec_name,width,height,sample_rate', file],
  ]);
  const json = JSON.parse(stdout) as { streams: ProbedStream[]; format: { duration: string } };
  return { streams: json.streams, seconds: Number(json.format.duration) };
}

/** The mean volume of the file's sound in dB (ffmpeg's volumedetect; about -91 is silence). */
export async function meanVolume(file: string): Promise<number> {
  const { stderr } = await exec('ffmpeg', [
    ...['-i', file, '-map', '0:a', '-af', 'volumedetect', '-f', 'null', '-'],
  ]);
  return Number(/mean_volume: (-?[\d.]+) dB/.exec(stderr)?.[1] ?? -Infinity);
}

export type Rgb = readonly [number, number, number];

/** The colour of the picture (`width` wide) at (x, y) at a time. */
export async function pixel(
  file: string,
  seconds: number,
  x: number,
  y: number,
  width = 1280,
): Promise<Rgb> {
  const { stdout } = await exec(
    'ffmpeg',
    [
      ...['-v', 'error', '-ss', String(seconds), '-i', file, '-frames:v', '1'],
      ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
    ],
    { encoding: 'buffer', maxBuffer: 16 << 20 },
  );
  const at = (y * width + x) * 3;
  return [stdout[at]!, stdout[at + 1]!, stdout[at + 2]!];
}

export const isRed = ([r, g, b]: Rgb) => r > 180 && g < 70 && b < 70;
export const isGreen = ([r, g, b]: Rgb) => g > 180 && r < 70 && b < 70;
export const isBlue = ([r, g, b]: Rgb) => b > 180 && r < 70 && g < 70;

/** The colour of a still image (`width` wide) at (x, y); no seek, which a lone JPEG may refuse. */
export async function imagePixel(file: string, x: number, y: number, width: number): Promise<Rgb> {
  const { stdout } = await exec(
    'ffmpeg',
    ['-v', 'error', '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
    { encoding: 'buffer', maxBuffer: 16 << 20 },
  );
  const at = (y * width + x) * 3;
  return [stdout[at]!, stdout[at + 1]!, stdout[at + 2]!];
}

/** The ffmpeg processes working in a folder. */
export async function ffmpegRuns(dir: string): Promise<number[]> {
  const pids: number[] = [];
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.startsWith('ffmpeg\0') && cmdline.includes(dir)) pids.push(Number(pid));
  }
  return pids;
}

export const isCyan = ([r, g, b]: Rgb) => g > 180 && b > 180 && r < 70;

/** Frames in a file's video stream, counted. */
export async function frameCount(file: string): Promise<number> {
  const { stdout } = await exec('ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0', '-count_frames'],
    ...['-show_entries', 'stream=nb_read_frames', '-of', 'csv=p=0', file],
  ]);
  return Number(stdout.trim());
}

/** A process's nice value (the 19th field of /proc/<pid>/stat); undefined once it has ended. */
export async function niceOf(pid: number): Promise<number | undefined> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  return stat === undefined
    ? undefined
    : Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

/** The container ffprobe reads and its major brand. */
export async function container(file: string): Promise<{ format: string; brand: string }> {
  const { stdout } = await exec('ffprobe', [
    ...[
      '-v',
      'error',
      '-of',
      'json',
      '-show_entries',
      'format=format_name:format_tags=major_brand',
    ],
    file,
  ]);
  const { format } = JSON.parse(stdout) as {
    format: { format_name: string; tags?: { major_brand?: string } };
  };
  return { format: format.format_name, brand: format.tags?.major_brand ?? '' };
}
