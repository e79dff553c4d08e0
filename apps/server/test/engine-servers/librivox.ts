/**
 * Real read speech with reference transcripts from Debian's pocketsphinx-testdata (five LibriVox
 * clips of Sense and Sensibility, 16 kHz mono), and the word error rate to score against them.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const LIBRIVOX_DIR = '/usr/share/pocketsphinx/test/data/librivox';
export const SAMPLE_RATE = 16_000;

export interface Clip {
  id: string;
  /** The reference transcript, lower case, no punctuation. */
  text: string;
  pcm: Int16Array;
}

/** Samples of a 16-bit mono WAV (the clips have plain 44-byte headers). */
function readWav(file: string): Int16Array {
  const bytes = readFileSync(file);
  const dataAt = bytes.indexOf('data', 12, 'ascii');
  const start = dataAt + 8;
  const length = Math.min(bytes.readUInt32LE(dataAt + 4), bytes.length - start);
  return new Int16Array(
    bytes.buffer.slice(bytes.byteOffset + start, bytes.byteOffset + start + length),
  );
}

export function librivoxClips(): Clip[] {
  const lines = readFileSync(path.join(LIBRIVOX_DIR, 'transcription'), 'utf8').trim().split('\n');
  return lines.map((line) => {
    const match = /^<s> (.*) <\/s> \((.*)\)$/.exec(line.trim());
    if (!match) throw new Error(`unexpected transcription line: ${line}`);
    return {
      id: match[2]!,
      text: match[1]!,
      pcm: readWav(path.join(LIBRIVOX_DIR, `${match[2]}.wav`)),
    };
  });
}

export function clip(suffix: string): Clip {
  const found = librivoxClips().find((c) => c.id.endsWith(suffix));
  if (!found) throw new Error(`no LibriVox clip ${suffix}`);
  return found;
}

export function silence(seconds: number): Int16Array {
  return new Int16Array(Math.round(seconds * SAMPLE_RATE));
}

export function concat(parts: readonly Int16Array[]): Int16Array {
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Word errors (substitutions + insertions + deletions) and the reference's word count. */
export function wordErrors(
  reference: string,
  hypothesis: string,
): { errors: number; words: number } {
  const words = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^a-z' ]+/g, ' ')
      .split(/\s+/)
      .filter(Boolean);
  const r = words(reference);
  const h = words(hypothesis);
  let previous = Array.from({ length: h.length + 1 }, (_, j) => j);
  for (let i = 1; i <= r.length; i++) {
    const row = [i];
    for (let j = 1; j <= h.length; j++) {
      row[j] = Math.min(
        previous[j]! + 1,
        row[j - 1]! + 1,
        previous[j - 1]! + (r[i - 1] === h[j - 1] ? 0 : 1),
      );
    }
    previous = row;
  }
  return { errors: previous[h.length]!, words: r.length };
}

/**
 * Where the speech in a clip really starts and ends, in samples: the first and last 20 ms frame
 * within 15 dB of the clip's loudest (the recordings' noise floor is about 25 dB down). The truth
 * VAD timings are compared with.
 */
export function speechBounds(pcm: Int16Array): { start: number; end: number } {
  const frame = 320;
  const energies: number[] = [];
  for (let i = 0; i + frame <= pcm.length; i += frame) {
    let sum = 0;
    for (let j = i; j < i + frame; j++) sum += pcm[j]! * pcm[j]!;
    energies.push(Math.sqrt(sum / frame));
  }
  const loud = Math.max(...energies) / 5.6;
  const first = energies.findIndex((e) => e > loud);
  const last = energies.length - 1 - [...energies].reverse().findIndex((e) => e > loud);
  return { start: first * frame, end: (last + 1) * frame };
}

/** Builds the PocketSphinx decoder (apps/server/native) if it is missing or stale. */
export function buildDecoder(): void {
  const script = fileURLToPath(new URL('../../native/build.mjs', import.meta.url));
  execFileSync(process.execPath, [script], { stdio: ['ignore', 'ignore', 'inherit'] });
}
