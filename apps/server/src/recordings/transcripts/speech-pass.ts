/**
 * The speech engine's pass over a recording's audio, the way live captions hear a member: one
 * voice activity detector over each source (a member's own track, or the mixed audio's stretches
 * without captions) with the captions' settings, and that source's utterances recognized one after
 * another under one speaker key, so PocketSphinx carries the voice's cepstral mean from each
 * utterance to the next as it does live. Live captions start from a mean already fitted to the
 * voice; here the voice's first `PRIME_MS` of speech is heard once (its words dropped) to get
 * there, then every utterance in order.
 *
 * Nothing the detector found is dropped silently: an utterance the engine fails on, or one of a
 * second or more it hears no words in, becomes a line with `recognized: false` over its span.
 * Two sources are worked at a time; within one the detector reads ahead while the engine works.
 */
import { ASR_SAMPLE_RATE, concatPcm } from '../../engines/audio/pcm.js';
import type { AsrEngine, SegmenterEvent, SegmenterFactory } from '../../engines/types.js';
import type { PcmWavFile } from './pcm-wav-file.js';

/** Milliseconds from the recording's start. */
export interface Span {
  start: number;
  end: number;
}

export interface HeardUtterance extends Span {
  speakerId: number;
  /** '' when not recognized. */
  text: string;
  recognized: boolean;
}

export interface SpeechSource {
  audio: PcmWavFile;
  /** Where the file's first sample lies in the recording (ms). */
  offsetMs: number;
  /** The parts to read (ms from the recording's start); the whole file when undefined. */
  spans?: readonly Span[];
  /** Who spoke [start, end) (ms), 0 when nobody can tell. */
  speakerOf: (start: number, end: number) => number;
  /** An utterance a live caption line already holds: left to that line, not recognized. */
  covered?: (span: Span) => boolean;
  /** The engine's speaker key: one voice's utterances share it (undefined: by `speakerOf`). */
  voice?: string;
}

export interface SpeechPassOptions {
  sources: readonly SpeechSource[];
  vad: SegmenterFactory;
  asr: AsrEngine;
  language: string;
}

export interface SpeechPassResult {
  /** Recognized and not, in time order. */
  utterances: HeardUtterance[];
  /** Utterances the voice activity detector found. */
  found: number;
  /** Of those, the ones live caption lines held. */
  skipped: number;
  /** Audio read, in ms. */
  scannedMs: number;
}

const SOURCES_AT_ONCE = 2;
/** Audio goes to the engine in pieces of this many samples (200 ms). */
const PUSH_SAMPLES = 3200;
/** An utterance this long without words was speech the engine missed, not a click or cough. */
export const UNRECOGNIZED_MIN_MS = 1000;
/** Speech heard once, its words dropped, before the first utterance is recognized. */
const PRIME_MS = 12_000;

const msOf = (sample: number) => (sample / ASR_SAMPLE_RATE) * 1000;
const sampleOf = (ms: number) => Math.round((ms / 1000) * ASR_SAMPLE_RATE);

interface Tally {
  found: number;
  skipped: number;
  scanned: number;
}

async function passOne(
  source: SpeechSource,
  options: SpeechPassOptions,
  heard: HeardUtterance[],
  tally: Tally,
): Promise<void> {
  const { vad, asr, language } = options;
  const keyOf = (speakerId: number) => source.voice ?? `recording:${speakerId}`;
  const recognize = (pcm: Int16Array, key: string) => {
    const utterance = asr.open(language, key);
    for (let i = 0; i < pcm.length; i += PUSH_SAMPLES)
      utterance.push(pcm.subarray(i, i + PUSH_SAMPLES));
    return utterance.finish();
  };
  const decode = async (span: Span, pcm: Int16Array) => {
    const speakerId = source.speakerOf(span.start, span.end);
    let text = '';
    try {
      text = (await recognize(pcm, keyOf(speakerId))).trim();
    } catch {
      text = '';
    }
    if (text) heard.push({ ...span, speakerId, text, recognized: true });
    else if (span.end - span.start >= UNRECOGNIZED_MIN_MS)
      heard.push({ ...span, speakerId, text: '', recognized: false });
  };
  // The first utterances wait until there is enough of the voice to fit the mean to.
  let waiting: { span: Span; pcm: Int16Array }[] | undefined = [];
  let waitingSamples = 0;
  const prime = async () => {
    const first = waiting ?? [];
    waiting = undefined;
    if (first.length === 0) return;
    const speakerId = source.speakerOf(first[0]!.span.start, first[0]!.span.end);
    await recognize(concatPcm(first.map((u) => u.pcm)), keyOf(speakerId)).catch(() => '');
    for (const u of first) await decode(u.span, u.pcm);
  };
  const next = async (span: Span, pcm: Int16Array) => {
    if (waiting) {
      waiting.push({ span, pcm });
      waitingSamples += pcm.length;
      if (waitingSamples >= sampleOf(PRIME_MS)) await prime();
    } else await decode(span, pcm);
  };

  const fileEnd = source.offsetMs + msOf(source.audio.length);
  const spans = source.spans ?? [{ start: source.offsetMs, end: fileEnd }];
  let previous: Promise<void> = Promise.resolve();
  for (const span of spans) {
    const base = Math.max(0, sampleOf(span.start - source.offsetMs));
    const end = sampleOf(span.end - source.offsetMs);
    if (end <= base) continue;
    const at = (sample: number) => Math.round(source.offsetMs + msOf(base + sample));
    const segmenter = vad.create();
    let current: { start: number; pcm: Int16Array[] } | undefined;
    const handle = async (events: SegmenterEvent[]) => {
      for (const event of events) {
        if (event.type === 'speechStart') {
          current = { start: event.atSample, pcm: [event.preroll] };
        } else if (event.type === 'speech') {
          current?.pcm.push(event.pcm);
        } else if (current) {
          const done = current;
          current = undefined;
          tally.found++;
          const utterance = { start: at(done.start), end: at(event.atSample) };
          if (source.covered?.(utterance)) {
            tally.skipped++;
            continue;
          }
          // One utterance at a time per voice, so each starts from the mean the last one left.
          await previous;
          previous = next(utterance, concatPcm(done.pcm));
        }
      }
    };
    try {
      for await (const pcm of source.audio.read(base, end)) {
        tally.scanned += pcm.length;
        await handle(segmenter.push(pcm));
      }
      await handle(segmenter.flush());
    } finally {
      segmenter.close();
    }
  }
  await previous;
  await prime();
}

export async function speechPass(options: SpeechPassOptions): Promise<SpeechPassResult> {
  const heard: HeardUtterance[] = [];
  const tally: Tally = { found: 0, skipped: 0, scanned: 0 };
  const queue = [...options.sources];
  const worker = async () => {
    for (let source = queue.shift(); source; source = queue.shift()) {
      await passOne(source, options, heard, tally);
    }
  };
  await Promise.all(Array.from({ length: SOURCES_AT_ONCE }, worker));
  heard.sort((a, b) => a.start - b.start || a.end - b.end || a.speakerId - b.speakerId);
  return {
    utterances: heard,
    found: tally.found,
    skipped: tally.skipped,
    scannedMs: Math.round(msOf(tally.scanned)),
  };
}
