/**
 * The embedded speech engine for real: PocketSphinx (Debian's en-us model) through the
 * persistent decoder processes, on LibriVox read speech with reference transcripts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PocketsphinxEngine } from '../src/engines/asr/pocketsphinx-engine.js';
import { findDecoderBinary } from '../src/engines/asr/pocketsphinx-decoder.js';
import { DEBIAN_POCKETSPHINX_MODEL } from '../src/engines/registry.js';
import { DEFAULT_POCKETSPHINX_ARGS } from '../src/engines/settings.js';
import type { AsrUtterance } from '../src/engines/types.js';
import { buildDecoder, librivoxClips, wordErrors } from './engine-servers/librivox.js';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const CHUNK = 320; // 20 ms, as the captions pipeline's ffmpeg delivers it

let engine: PocketsphinxEngine;

function engineWith(maxDecoders: number, binary = findDecoderBinary()!): PocketsphinxEngine {
  return new PocketsphinxEngine(
    {
      binary,
      modelDir: DEBIAN_POCKETSPHINX_MODEL,
      args: DEFAULT_POCKETSPHINX_ARGS.split(' '),
      maxDecoders,
    },
    quiet,
  );
}

function pushAll(utterance: AsrUtterance, pcm: Int16Array): void {
  for (let i = 0; i < pcm.length; i += CHUNK) utterance.push(pcm.subarray(i, i + CHUNK));
}

beforeAll(async () => {
  buildDecoder();
  engine = engineWith(3);
  await engine.ready();
});

afterAll(async () => {
  await engine.close();
});

describe('pocketsphinx', () => {
  test('recognizes the LibriVox clips of one reader with most words right (word errors under 40%)', async () => {
    let errors = 0;
    let words = 0;
    for (const clip of librivoxClips()) {
      const utterance = engine.open('en', 'reader');
      pushAll(utterance, clip.pcm);
      const text = await utterance.finish();
      const score = wordErrors(clip.text, text);
      errors += score.errors;
      words += score.words;
    }
    // Measured 27% with these settings (20% once the reader's voice is learnt); the bound leaves margin.
    expect(errors / words).toBeLessThan(0.4);
    expect(words).toBe(71);
  });

  test('gives partial text while the audio arrives, then the final text', async () => {
    const [clip] = librivoxClips();
    const utterance = engine.open('en', 'reader');
    const partials: string[] = [];
    utterance.onPartial((text) => partials.push(text));
    // 80 ms of audio every 20 ms: four times real time, but paced like a live stream.
    for (let i = 0; i < clip!.pcm.length; i += 4 * CHUNK) {
      utterance.push(clip!.pcm.subarray(i, i + 4 * CHUNK));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const text = await utterance.finish();
    expect(partials.length).toBeGreaterThan(2);
    expect(partials.every((p) => p.length > 0)).toBe(true);
    expect(text).toMatch(/leisure to consider how much there might be/);
  });

  test('three people speaking at once each get their own decoder and their own words', async () => {
    const clips = librivoxClips().slice(0, 3);
    const utterances = clips.map((_, i) => engine.open('en', `speaker-${i}`));
    const longest = Math.max(...clips.map((c) => c.pcm.length));
    for (let i = 0; i < longest; i += CHUNK) {
      clips.forEach((clip, k) => {
        if (i < clip.pcm.length) utterances[k]!.push(clip.pcm.subarray(i, i + CHUNK));
      });
    }
    const texts = await Promise.all(utterances.map((u) => u.finish()));
    expect(engine.pids().length).toBe(3);
    texts.forEach((text, k) => {
      const { errors, words } = wordErrors(clips[k]!.text, text);
      expect(errors / words).toBeLessThan(0.6);
    });
  });

  test('an utterance beyond the pool limit waits for a free decoder and is still recognized', async () => {
    const small = engineWith(1);
    try {
      const [first, second] = librivoxClips();
      const a = small.open('en');
      const b = small.open('en');
      pushAll(a, first!.pcm);
      pushAll(b, second!.pcm);
      const [textA, textB] = await Promise.all([a.finish(), b.finish()]);
      expect(small.pids().length).toBe(1);
      expect(wordErrors(first!.text, textA).errors / 22).toBeLessThan(0.6);
      expect(textB).toMatch(/young man/);
    } finally {
      await small.close();
    }
  });

  test('an aborted utterance gives nothing and frees its decoder', async () => {
    const small = engineWith(1);
    try {
      const [first, second] = librivoxClips();
      const aborted = small.open('en');
      pushAll(aborted, first!.pcm.subarray(0, 16000));
      aborted.abort();
      expect(await aborted.finish()).toBe('');
      const next = small.open('en');
      pushAll(next, second!.pcm);
      expect(await next.finish()).toMatch(/young man/);
    } finally {
      await small.close();
    }
  });

  test('a decoder that cannot start fails the utterance with the reason, not the server', async () => {
    const broken = engineWith(1, '/nonexistent/ps-decoder');
    try {
      const utterance = broken.open('en');
      utterance.push(new Int16Array(1600));
      await expect(utterance.finish()).rejects.toThrow(/pocketsphinx decoder could not start/);
    } finally {
      await broken.close();
    }
  });

  test('no decoder runs before anyone needs one; the first words still come through', async () => {
    const cold = engineWith(2);
    try {
      expect(cold.pids()).toEqual([]);
      const [, second] = librivoxClips();
      const utterance = cold.open('en');
      pushAll(utterance, second!.pcm);
      expect(await utterance.finish()).toMatch(/young man/);
      expect(cold.pids().length).toBe(1);
    } finally {
      await cold.close();
    }
  });

  test('turning captions on starts one decoder ahead of the first words, once', async () => {
    const cold = engineWith(2);
    try {
      cold.prepare();
      cold.prepare();
      expect(cold.pids().length).toBe(1);
      await cold.ready();
      expect(cold.pids().length).toBe(1);
    } finally {
      await cold.close();
    }
  });

  test('English only: another language is a programming error', () => {
    expect(engine.languages).toEqual(['en']);
    expect(() => engine.open('zh')).toThrow(/does not recognize "zh"/);
  });
});
