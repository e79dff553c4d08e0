/**
 * Janus recordings (.mjr) made without a browser, for the recording tests: media encoded by
 * ffmpeg (VP8 of a solid colour in IVF, espeak-ng speech as Opus in Ogg) cut into RTP packets as a browser sends them and written in
 * the layout Janus's recorder writes (record.c: "MJR00002", a JSON header with the codec, the
 * time the recorder was created and the time of its first packet, then "MEET" frames of RTP),
 * so janus-pp-rec reads them as it reads Janus's own.
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);
const ffmpeg = (...args: string[]) => exec('ffmpeg', ['-v', 'error', '-y', ...args]);

/** VP8 of one colour (IVF) in `dir`, as a camera or a screen would send it. */
export async function colourVp8(
  dir: string,
  color: string,
  size: string,
  fps: number,
  seconds: number,
): Promise<string> {
  const file = path.join(dir, `${color}-${size}-${fps}-${seconds}.ivf`);
  await ffmpeg(
    ...['-f', 'lavfi', '-i', `color=c=${color}:s=${size}:r=${fps}:d=${seconds}`],
    ...['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '300k'],
    ...['-g', String(fps * 2), '-f', 'ivf', file],
  );
  return file;
}

/**
 * VP8 (IVF) in `dir` of solid colours one after another (`[colour, seconds]`), with a key frame
 * every `keyEvery` seconds: a picture whose time can be told from its colour.
 */
export async function coloursVp8(
  dir: string,
  colours: readonly (readonly [string, number])[],
  size: string,
  fps: number,
  keyEvery: number,
): Promise<string> {
  const file = path.join(dir, `${colours.map(([c, s]) => `${c}${s}`).join('-')}-${size}.ivf`);
  const sources = colours.map(([c, s], i) => `color=c=${c}:s=${size}:r=${fps}:d=${s}[c${i}]`);
  const joined = `${colours.map((_, i) => `[c${i}]`).join('')}concat=n=${colours.length}:v=1[v]`;
  await ffmpeg(
    ...['-filter_complex', `${sources.join(';')};${joined}`, '-map', '[v]'],
    ...['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '300k'],
    ...['-g', String(fps * keyEvery), '-f', 'ivf', file],
  );
  return file;
}

/** Opus (Ogg) in `dir` of espeak-ng saying `text` from `at` seconds, `seconds` long in all. */
export async function speechOpus(
  dir: string,
  name: string,
  text: string,
  at: number,
  seconds: number,
): Promise<string> {
  const wav = path.join(dir, `${name}.wav`);
  await exec('espeak-ng', ['-s', '160', '-w', wav, text]);
  const file = path.join(dir, `${name}.ogg`);
  await ffmpeg(
    ...['-i', wav, '-af', `adelay=${at * 1000},apad=whole_dur=${seconds}`, '-t', String(seconds)],
    ...['-ar', '48000', '-ac', '1', '-c:a', 'libopus', '-b:a', '32k', '-frame_duration', '20'],
    ...['-f', 'ogg', file],
  );
  return file;
}

interface Frame {
  /** Media time in ms. */
  ms: number;
  data: Buffer;
}

/** The frames of an IVF file (VP8). */
function ivfFrames(file: Buffer): Frame[] {
  if (file.toString('latin1', 0, 4) !== 'DKIF') throw new Error('not an IVF file');
  const headerSize = file.readUInt16LE(6);
  const rate = file.readUInt32LE(16);
  const scale = file.readUInt32LE(20);
  const frames: Frame[] = [];
  for (let at = headerSize; at + 12 <= file.length;) {
    const size = file.readUInt32LE(at);
    const pts = Number(file.readBigUInt64LE(at + 4));
    frames.push({ ms: (pts * scale * 1000) / rate, data: file.subarray(at + 12, at + 12 + size) });
    at += 12 + size;
  }
  return frames;
}

/** The Opus packets of an Ogg file (20 ms each, as ffmpeg's libopus writes them here). */
function oggOpusPackets(file: Buffer): Frame[] {
  const packets: Buffer[] = [];
  let pending: Buffer[] = [];
  for (let at = 0; at + 27 <= file.length;) {
    if (file.toString('latin1', at, at + 4) !== 'OggS') throw new Error('not an Ogg file');
    const segments = file[at + 26]!;
    let data = at + 27 + segments;
    for (let i = 0; i < segments; i++) {
      const size = file[at + 27 + i]!;
      pending.push(file.subarray(data, data + size));
      data += size;
      if (size < 255) {
        packets.push(Buffer.concat(pending));
        pending = [];
      }
    }
    at = data;
  }
  // The first two are the OpusHead and OpusTags headers.
  return packets.slice(2).map((data, i) => ({ ms: i * 20, data }));
}

function rtp(pt: number, seq: number, ts: number, ssrc: number, marker: boolean, body: Buffer) {
  const head = Buffer.alloc(12);
  head[0] = 0x80;
  head[1] = (marker ? 0x80 : 0) | pt;
  head.writeUInt16BE(seq & 0xffff, 2);
  head.writeUInt32BE(ts >>> 0, 4);
  head.writeUInt32BE(ssrc, 8);
  return Buffer.concat([head, body]);
}

export interface MjrOptions {
  /** When the recorder was created (epoch ms): the header's `s`. */
  createdAt: number;
  /** From creation to the first packet: the header's `u` is `s` plus this. */
  firstPacketDelayMs?: number;
}

/**
 * Writes `source` (an .ivf of VP8 or an .ogg of Opus) as the .mjr Janus would have recorded
 * from a browser sending it: VP8 cut into 1100-byte RTP packets with the payload descriptor,
 * one Opus packet per RTP packet.
 */
export async function writeMjr(source: string, target: string, options: MjrOptions) {
  const file = await readFile(source);
  const video = source.endsWith('.ivf');
  const frames = video ? ivfFrames(file) : oggOpusPackets(file);
  const created = options.createdAt * 1000;
  const first = created + (options.firstPacketDelayMs ?? 0) * 1000;
  const header = JSON.stringify({
    t: video ? 'v' : 'a',
    c: video ? 'vp8' : 'opus',
    s: created,
    u: first,
  });
  const parts: Buffer[] = [Buffer.from('MJR00002', 'latin1')];
  const size = Buffer.alloc(2);
  size.writeUInt16BE(Buffer.byteLength(header));
  parts.push(size, Buffer.from(header));
  const ssrc = video ? 0x1234 : 0x5678;
  let seq = 1000;
  const packet = (ms: number, body: Buffer) => {
    const frame = Buffer.alloc(10);
    frame.write('MEET', 0, 'latin1');
    frame.writeUInt32BE(Math.round(ms), 4);
    frame.writeUInt16BE(body.length, 8);
    parts.push(frame, body);
  };
  for (const { ms, data } of frames) {
    if (video) {
      const ts = Math.round(ms * 90);
      const chunks = Math.max(1, Math.ceil(data.length / 1100));
      for (let c = 0; c < chunks; c++) {
        const descriptor = Buffer.from([c === 0 ? 0x10 : 0x00]);
        const body = data.subarray(c * 1100, (c + 1) * 1100);
        packet(ms, rtp(96, seq++, ts, ssrc, c === chunks - 1, Buffer.concat([descriptor, body])));
      }
    } else {
      packet(ms, rtp(111, seq++, Math.round(ms * 48), ssrc, false, data));
    }
  }
  await writeFile(target, Buffer.concat(parts));
}

/** What Janus leaves for a stream that never sent a packet: the magic and nothing else. */
export async function writeEmptyMjr(target: string) {
  await writeFile(target, Buffer.from('MJR00002', 'latin1'));
}
