/**
 * The media tools recording processing runs: janus-pp-rec (Janus's .mjr recordings to playable
 * files without transcoding, and their start times), ffmpeg (with its progress read as it goes)
 * and ffprobe. Each run can be stopped through an AbortSignal; a failure carries the tail of the
 * tool's error output.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { setPriority } from 'node:os';

export class MediaToolError extends Error {}

interface RunOptions {
  signal?: AbortSignal;
  /** A lower CPU priority for the tool (nice, 1–19). */
  nice?: number;
  /** Called with each line the tool prints on stdout. */
  onLine?: (line: string) => void;
}

/** Runs a tool to its end; resolves with its stdout, rejects with the tail of its stderr. */
export function run(
  command: string,
  args: readonly string[],
  options: RunOptions = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(options.signal.reason ?? new Error('aborted'));
      return;
    }
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    if (options.nice && child.pid !== undefined) {
      try {
        setPriority(child.pid, options.nice);
      } catch {
        // Not allowed here: it runs at the server's priority.
      }
    }
    let out = '';
    let err = '';
    let pending = '';
    const abort = () => child.kill('SIGKILL');
    options.signal?.addEventListener('abort', abort, { once: true });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (!options.onLine) {
        out += chunk;
        return;
      }
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) options.onLine(line);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      err = (err + chunk).slice(-4000);
    });
    child.on('error', (error) => {
      options.signal?.removeEventListener('abort', abort);
      reject(new MediaToolError(`${command} could not start: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      options.signal?.removeEventListener('abort', abort);
      if (options.signal?.aborted) reject(options.signal.reason ?? new Error('aborted'));
      else if (code === 0) resolve(out);
      else {
        const tail = err.trim().split('\n').slice(-6).join('\n');
        reject(new MediaToolError(`${command} failed (${signal ?? `exit ${code}`}): ${tail}`));
      }
    });
  });
}

export interface MjrInfo {
  /** 'a' audio, 'v' video, 'd' data. */
  kind: 'a' | 'v' | 'd';
  codec: string;
  /** When the first packet was written (ms since the epoch, the machine's clock). */
  firstPacketAt: number;
  /** Length of the media in it (0: no packets). */
  durationMs: number;
}

/** Reads a .mjr's header and its media's length (janus-pp-rec's extended JSON). */
export async function mjrInfo(path: string, signal?: AbortSignal): Promise<MjrInfo | null> {
  let text: string;
  try {
    text = await run('janus-pp-rec', ['-e', path], { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    // A file with a header and no packets (a publisher that never sent media) cannot be read.
    return null;
  }
  const json = text
    .trim()
    .split('\n')
    .find((line) => line.startsWith('{'));
  if (!json) return null;
  const header = JSON.parse(json) as {
    t: string;
    c: string;
    u?: number;
    s?: number;
    extended?: { duration?: number; packets?: number };
  };
  const packets = header.extended?.packets ?? 0;
  if (!packets) return null;
  return {
    kind: header.t as MjrInfo['kind'],
    codec: header.c,
    firstPacketAt: Math.round((header.u || header.s || 0) / 1000),
    durationMs: Math.round((header.extended?.duration ?? 0) * 1000),
  };
}

/** The container janus-pp-rec writes a codec into without transcoding. */
export function remuxExtension(info: Pick<MjrInfo, 'kind' | 'codec'>): string | null {
  if (info.kind === 'a')
    return info.codec === 'opus' ? 'opus' : info.codec === 'g711' ? 'wav' : 'mka';
  if (info.kind === 'v') return info.codec === 'vp8' || info.codec === 'vp9' ? 'webm' : 'mkv';
  return null;
}

export async function remux(mjr: string, target: string, signal?: AbortSignal): Promise<void> {
  await run('janus-pp-rec', [mjr, target], { signal });
  if (!existsSync(target)) throw new MediaToolError(`janus-pp-rec wrote nothing for ${mjr}`);
}

/** Runs ffmpeg with `-progress`, reporting the output time reached (ms) as it goes. */
export function ffmpeg(
  args: readonly string[],
  options: { signal?: AbortSignal; nice?: number; onTime?: (ms: number) => void } = {},
): Promise<void> {
  return run('ffmpeg', ['-progress', 'pipe:1', '-nostats', ...args], {
    signal: options.signal,
    nice: options.nice,
    onLine: (line) => {
      const match = /^out_time_(?:us|ms)=(\d+)/.exec(line);
      if (match && options.onTime) options.onTime(Number(match[1]) / 1000);
    },
  }).then(() => undefined);
}

/** The duration of a media file (ms). */
export async function probeDuration(path: string, signal?: AbortSignal): Promise<number> {
  const out = await run(
    'ffprobe',
    ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path],
    { signal },
  );
  const seconds = Number.parseFloat(out.trim());
  return Number.isFinite(seconds) ? Math.round(seconds * 1000) : 0;
}

/** A font that draws Latin and Chinese names (fonts-noto-cjk), or DejaVu as the fallback. */
export function nameFont(): string {
  for (const font of [
    '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
    '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  ]) {
    if (existsSync(font)) return font;
  }
  throw new MediaToolError('no font to draw names with (install fonts-noto-cjk)');
}
