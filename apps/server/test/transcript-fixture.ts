/**
 * A recording's mixed audio made of LibriVox read speech (engine-servers/librivox.ts) and
 * silences, where each clip was placed, and the caption lines and talking timeline a meeting
 * would have kept of them.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { CaptionSource, TimelineEvent } from '../src/recordings/transcripts/assemble.js';
import { LIBRIVOX_DIR, SAMPLE_RATE, type Clip } from './engine-servers/librivox.js';

const run = promisify(execFile);

/** Server time the recording starts at. */
export const T0 = Date.UTC(2026, 5, 1, 9, 0, 0);
const LEAD_S = 1;
const GAP_S = 2;

export interface Placed {
  clip: Clip;
  /** Ms from the recording's start. */
  start: number;
  end: number;
}

/**
 * The recording's mixed audio: 1 s of silence, then four clips with 2 s of silence after each,
 * joined by ffmpeg into a 16 kHz mono WAV.
 */
export async function mixedAudio(
  clips: Clip[],
  wav: string,
): Promise<{ placed: Placed[]; durationMs: number }> {
  const args = ['-v', 'error', '-y'];
  const labels: string[] = [];
  const silence = (seconds: number) => {
    args.push('-f', 'lavfi', '-t', String(seconds), '-i', `anullsrc=r=${SAMPLE_RATE}:cl=mono`);
    labels.push(`[${labels.length}:a]`);
  };
  silence(LEAD_S);
  const placed: Placed[] = [];
  let at = LEAD_S * 1000;
  for (const clip of clips) {
    args.push('-i', path.join(LIBRIVOX_DIR, `${clip.id}.wav`));
    labels.push(`[${labels.length}:a]`);
    const ms = (clip.pcm.length / SAMPLE_RATE) * 1000;
    placed.push({ clip, start: at, end: at + ms });
    at += ms + GAP_S * 1000;
    silence(GAP_S);
  }
  const durationMs = Math.round(at);
  args.push(
    '-filter_complex',
    `${labels.join('')}concat=n=${labels.length}:v=0:a=1[out]`,
    '-map',
    '[out]',
    '-ar',
    String(SAMPLE_RATE),
    '-ac',
    '1',
    '-c:a',
    'pcm_s16le',
    wav,
  );
  await run('ffmpeg', args);
  return { placed, durationMs };
}

export const caption = (p: Placed, speakerId: number, language = 'en'): CaptionSource => ({
  speakerId,
  text: p.clip.text,
  language,
  startTime: T0 + Math.round(p.start),
  endTime: T0 + Math.round(p.end),
});

/** `userId` talked during the clip (the talking detector is a little late at both ends). */
export const talked = (p: Placed, userId: number): TimelineEvent[] => [
  { type: 'talk_start', userId, at: T0 + Math.round(p.start) + 200 },
  { type: 'talk_stop', userId, at: T0 + Math.round(p.end) + 400 },
];
