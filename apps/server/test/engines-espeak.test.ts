/** Debian's eSpeak NG for real: SPEC.md's voices, audible speech of a plausible length. */
import { beforeAll, describe, expect, test } from 'vitest';
import { EspeakEngine } from '../src/engines/tts/espeak-engine.js';
import { TTS_SAMPLE_RATE } from '../src/engines/audio/pcm.js';

let engine: EspeakEngine;

beforeAll(async () => {
  engine = await EspeakEngine.create();
});

function rms(pcm: Int16Array): number {
  let sum = 0;
  for (const v of pcm) sum += v * v;
  return Math.sqrt(sum / pcm.length);
}

/** Median pitch of the loud 40 ms frames, by autocorrelation (60–400 Hz). */
function medianPitch(pcm: Int16Array, rate: number): number {
  const frame = Math.round(0.04 * rate);
  const loud = rms(pcm);
  const pitches: number[] = [];
  for (let start = 0; start + frame <= pcm.length; start += frame) {
    const x = pcm.subarray(start, start + frame);
    if (rms(x) < loud) continue;
    let best = 0;
    let bestLag = 0;
    for (let lag = Math.floor(rate / 400); lag <= Math.ceil(rate / 60); lag++) {
      let sum = 0;
      for (let i = 0; i + lag < x.length; i++) sum += x[i]! * x[i + lag]!;
      if (sum > best) {
        best = sum;
        bestLag = lag;
      }
    }
    if (bestLag) pitches.push(rate / bestLag);
  }
  pitches.sort((a, b) => a - b);
  return pitches[Math.floor(pitches.length / 2)] ?? 0;
}

describe('espeak-ng', () => {
  test("has SPEC.md's four voices and honest names for the other languages", () => {
    const find = (language: string, tone: string) =>
      engine.voices.find((v) => v.language === language && v.tone === tone)?.name;
    expect(find('en', 'man')).toBe('tom_joy');
    expect(find('en', 'woman')).toBe('lucy_joy');
    expect(find('zh', 'man')).toBe('yuexiaozhi');
    expect(find('zh', 'woman')).toBe('yuexiaomei');
    expect(find('es', 'man')).toBe('espeak_es_man');
    expect(find('es', 'woman')).toBe('espeak_es_woman');
  });

  test('an English sentence becomes audible speech of a plausible length at 24 kHz', async () => {
    const { sampleRate, pcm } = await engine.synthesize(
      'Good morning everyone, let us start the meeting.',
      'en',
      'woman',
    );
    expect(sampleRate).toBe(TTS_SAMPLE_RATE);
    const seconds = pcm.length / sampleRate;
    // Eight words at eSpeak's 175 words a minute, plus pauses.
    expect(seconds).toBeGreaterThan(1.8);
    expect(seconds).toBeLessThan(5);
    expect(rms(pcm)).toBeGreaterThan(1000);
  });

  test('Mandarin is read as Mandarin: about one syllable per character', async () => {
    const { sampleRate, pcm } = await engine.synthesize('今天的会议现在开始。', 'zh', 'man');
    const seconds = pcm.length / sampleRate;
    // Nine syllables; the English-spelling voice would say "jin one tian one …" and take twice as long.
    expect(seconds).toBeGreaterThan(1);
    expect(seconds).toBeLessThan(3.5);
    expect(rms(pcm)).toBeGreaterThan(1000);
  });

  test('the man voice is lower than the woman voice', async () => {
    const text = 'This is a test of the interpretation voice.';
    const man = await engine.synthesize(text, 'en', 'man');
    const woman = await engine.synthesize(text, 'en', 'woman');
    const low = medianPitch(man.pcm, man.sampleRate);
    const high = medianPitch(woman.pcm, woman.sampleRate);
    expect(low).toBeGreaterThan(70);
    expect(high).toBeGreaterThan(low * 1.3);
  });

  test('Spanish, for translations into it', async () => {
    const { pcm, sampleRate } = await engine.synthesize('Buenos días a todos.', 'es', 'man');
    expect(pcm.length / sampleRate).toBeGreaterThan(0.8);
    expect(rms(pcm)).toBeGreaterThan(1000);
  });

  test('text that looks like options is spoken, not obeyed; unknown languages are refused', async () => {
    const { pcm } = await engine.synthesize('--version -v xx', 'en', 'man');
    expect(pcm.length).toBeGreaterThan(TTS_SAMPLE_RATE / 2);
    await expect(engine.synthesize('hi', 'xx', 'man')).rejects.toThrow(/no voice for "xx"/);
  });
});
