/**
 * Silero VAD through sherpa-onnx: real read speech with silence around it is cut into the right
 * utterances at the right times, in a form a streaming recognizer can use.
 */
import { describe, expect, test } from 'vitest';
import { SileroSegmenterFactory } from '../src/engines/vad/silero-segmenter.js';
import type { SegmenterEvent, SpeechSegmenter } from '../src/engines/types.js';
import { clip, concat, SAMPLE_RATE, silence, speechBounds } from './engine-servers/librivox.js';

const factory = new SileroSegmenterFactory({
  model: 'silero-v5',
  silenceMs: 500,
  maxUtteranceMs: 15_000,
});

interface Utterance {
  start: number;
  end: number;
  /** Stream position when speechStart / speechEnd was returned. */
  startedAt: number;
  endedAt: number;
  preroll: number;
  speech: number;
}

/** Feeds `pcm` in chunks of `chunk` samples and gathers the utterances. */
function run(segmenter: SpeechSegmenter, pcm: Int16Array, chunk = 320): Utterance[] {
  const utterances: Utterance[] = [];
  let fed = 0;
  const apply = (events: SegmenterEvent[]) => {
    for (const event of events) {
      const current = utterances.at(-1);
      if (event.type === 'speechStart') {
        utterances.push({
          start: event.atSample,
          end: -1,
          startedAt: fed,
          endedAt: -1,
          preroll: event.preroll.length,
          speech: 0,
        });
      } else if (event.type === 'speech') {
        current!.speech += event.pcm.length;
      } else {
        current!.end = event.atSample;
        current!.endedAt = fed;
      }
    }
  };
  for (let i = 0; i < pcm.length; i += chunk) {
    const piece = pcm.subarray(i, i + chunk);
    fed += piece.length;
    apply(segmenter.push(piece));
  }
  apply(segmenter.flush());
  return utterances;
}

const seconds = (samples: number) => samples / SAMPLE_RATE;

/** 1 s silence, clip A, 1.5 s silence, clip B, 1 s silence; and where the speech really is. */
function twoSentences() {
  const a = clip('0880').pcm;
  const b = clip('0930').pcm;
  const parts = [silence(1), a, silence(1.5), b, silence(1)];
  const offsets = [0];
  for (const p of parts) offsets.push(offsets.at(-1)! + p.length);
  const boundsA = speechBounds(a);
  const boundsB = speechBounds(b);
  return {
    pcm: concat(parts),
    truth: [
      { start: offsets[1]! + boundsA.start, end: offsets[1]! + boundsA.end },
      { start: offsets[3]! + boundsB.start, end: offsets[3]! + boundsB.end },
    ],
  };
}

describe('Silero VAD', () => {
  test('two sentences with silence between them are two utterances at the right times', () => {
    const { pcm, truth } = twoSentences();
    const segmenter = factory.create();
    const utterances = run(segmenter, pcm);
    segmenter.close();
    expect(utterances).toHaveLength(2);
    utterances.forEach((u, i) => {
      // Starts and ends within 0.3 s of where the speech really is.
      expect(Math.abs(seconds(u.start - truth[i]!.start))).toBeLessThan(0.3);
      expect(Math.abs(seconds(u.end - truth[i]!.end))).toBeLessThan(0.3);
      // Announced soon after the speech begins, and once 0.5 s of silence followed it.
      expect(seconds(u.startedAt - truth[i]!.start)).toBeLessThan(0.5);
      expect(seconds(u.endedAt - u.end)).toBeLessThanOrEqual(0.5 + 0.1);
      expect(seconds(u.endedAt - truth[i]!.end)).toBeLessThan(0.5 + 0.3);
    });
  });

  test('an utterance carries its audio: 300 ms before the start, then everything to the end', () => {
    const { pcm } = twoSentences();
    const segmenter = factory.create();
    const utterances = run(segmenter, pcm);
    segmenter.close();
    for (const u of utterances) {
      expect(u.preroll).toBe(0.3 * SAMPLE_RATE);
      // The speech events run from the start to when the end was known (silence included).
      expect(Math.abs(u.speech - (u.endedAt - u.start))).toBeLessThanOrEqual(512);
    }
  });

  test('how the audio is chunked does not change the result', () => {
    const { pcm } = twoSentences();
    const byChunk = (size: number) => {
      const segmenter = factory.create();
      const result = run(segmenter, pcm, size).map((u) => [u.start, u.end]);
      segmenter.close();
      return result;
    };
    const small = byChunk(160);
    expect(byChunk(pcm.length)).toEqual(small);
    expect(byChunk(4096)).toEqual(small);
  });

  test('silence and faint noise are no utterance', () => {
    const noise = new Int16Array(5 * SAMPLE_RATE);
    let seed = 1;
    for (let i = 0; i < noise.length; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      noise[i] = ((seed % 201) - 100) * 2; // about -50 dBFS
    }
    const segmenter = factory.create();
    expect(run(segmenter, concat([silence(3), noise]))).toEqual([]);
    segmenter.close();
  });

  test('speech longer than the limit is cut into utterances no longer than it', () => {
    const limited = new SileroSegmenterFactory({
      model: 'silero-v5',
      silenceMs: 500,
      maxUtteranceMs: 3000,
    });
    const long = concat([silence(0.5), clip('0870').pcm, clip('0920').pcm, silence(1)]);
    const segmenter = limited.create();
    const utterances = run(segmenter, long);
    segmenter.close();
    expect(utterances.length).toBeGreaterThanOrEqual(4);
    for (const u of utterances) {
      expect(u.end).toBeGreaterThan(u.start);
      expect(seconds(u.end - u.start)).toBeLessThanOrEqual(3.05);
    }
    // The pieces follow each other: nothing said is left out between them.
    for (let i = 1; i < utterances.length; i++) {
      expect(utterances[i]!.start).toBeGreaterThanOrEqual(utterances[i - 1]!.end - 512);
    }
  });

  test('the end of the stream ends an open utterance', () => {
    const a = clip('0870').pcm;
    const segmenter = factory.create();
    const events = [...segmenter.push(concat([silence(0.5), a.subarray(0, 3 * SAMPLE_RATE)]))];
    expect(events.filter((e) => e.type === 'speechEnd')).toHaveLength(0);
    const flushed = segmenter.flush();
    expect(flushed.at(-1)).toEqual({ type: 'speechEnd', atSample: 3.5 * SAMPLE_RATE });
    segmenter.close();
  });

  test('a detector given back by close() starts the next stream clean', () => {
    const a = clip('0870').pcm;
    const first = factory.create();
    first.push(concat([silence(0.5), a.subarray(0, 2 * SAMPLE_RATE)]));
    first.close();
    const second = factory.create();
    expect(second.push(silence(2))).toEqual([]);
    const utterances = run(second, concat([silence(1), clip('0880').pcm, silence(1)]));
    expect(utterances).toHaveLength(1);
    // Counted from this stream's start, not the earlier one's.
    expect(seconds(utterances[0]!.start)).toBeGreaterThan(2.9);
    expect(seconds(utterances[0]!.start)).toBeLessThan(3.5);
    second.close();
  });
});
