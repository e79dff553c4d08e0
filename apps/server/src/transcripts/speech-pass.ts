/**
 * The speech engine's pass over stretches of a recording's mixed audio: voice activity cuts each
 * stretch into utterances, each utterance is recognized and given to the member who was talking
 * during it. Two utterances are recognized at a time (the VAD reads ahead meanwhile).
 */
import { ASR_SAMPLE_RATE, concatPcm } from '../engines/audio/pcm.js';
import type { AsrEngine, SegmenterEvent, SegmenterFactory } from '../engines/types.js';
import type { PcmWavFile } from './pcm-wav-file.js';

/** Milliseconds from the recording's start. */
export interface Span {
  start: number;
  end: number;
}

export interface HeardUtterance extends Span {
  speakerId: number;
  text: string;
}

export interface SpeechPassOptions {
  audio: PcmWavFile;
  spans: readonly Span[];
  vad: SegmenterFactory;
  asr: AsrEngine;
  language: string;
  /** Who spoke [start, end) (ms), 0 when nobody can tell. */
  speakerOf: (start: number, end: number) => number;
}

export interface SpeechPassResult {
  /** With text, in time order. */
  utterances: HeardUtterance[];
  /** Utterances the voice activity detector found (some may have had no words). */
  found: number;
  /** Audio read, in ms. */
  scannedMs: number;
}

const IN_FLIGHT = 2;
/** Audio goes to the engine in pieces of this many samples (200 ms). */
const PUSH_SAMPLES = 3200;

const msOf = (sample: number) => Math.round((sample / ASR_SAMPLE_RATE) * 1000);

export async function speechPass(options: SpeechPassOptions): Promise<SpeechPassResult> {
  const { audio, vad, asr, language, speakerOf } = options;
  const heard: HeardUtterance[] = [];
  let found = 0;
  let scanned = 0;
  let failure: unknown;
  const running: Promise<void>[] = [];

  const recognize = (span: Span, pcm: Int16Array) => {
    found++;
    const speakerId = speakerOf(span.start, span.end);
    // The speaker key lets PocketSphinx keep what it learnt of a voice across utterances.
    const utterance = asr.open(language, `recording:${speakerId}`);
    for (let i = 0; i < pcm.length; i += PUSH_SAMPLES)
      utterance.push(pcm.subarray(i, i + PUSH_SAMPLES));
    return utterance.finish().then(
      (text) => {
        if (text.trim()) heard.push({ ...span, speakerId, text: text.trim() });
      },
      (error: unknown) => {
        failure ??= error;
      },
    );
  };

  for (const span of options.spans) {
    if (failure !== undefined) break;
    const base = Math.round((span.start / 1000) * ASR_SAMPLE_RATE);
    const end = Math.round((span.end / 1000) * ASR_SAMPLE_RATE);
    const segmenter = vad.create();
    let current: { start: number; pcm: Int16Array[] } | undefined;
    const handle = async (events: SegmenterEvent[]) => {
      for (const event of events) {
        if (event.type === 'speechStart') {
          current = { start: base + event.atSample, pcm: [event.preroll] };
        } else if (event.type === 'speech') {
          current?.pcm.push(event.pcm);
        } else if (current) {
          const done = current;
          current = undefined;
          const utteranceSpan = { start: msOf(done.start), end: msOf(base + event.atSample) };
          if (running.length >= IN_FLIGHT) await running.shift();
          running.push(recognize(utteranceSpan, concatPcm(done.pcm)));
        }
      }
    };
    try {
      for await (const pcm of audio.read(base, end)) {
        scanned += pcm.length;
        await handle(segmenter.push(pcm));
        if (failure !== undefined) break;
      }
      await handle(segmenter.flush());
    } finally {
      segmenter.close();
    }
  }
  await Promise.all(running);
  if (failure !== undefined) throw failure;
  heard.sort((a, b) => a.start - b.start || a.end - b.end);
  return { utterances: heard, found, scannedMs: msOf(scanned) };
}
