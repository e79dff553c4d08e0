// @vitest-environment node
/**
 * RNNoise as the worklet runs it: the framing of 128-sample render quanta into 480-sample frames
 * (the output is the input exactly one frame late, no gap nor repeat), and the real wasm of
 * @echogarden/rnnoise-wasm on real read speech (a LibriVox clip from Debian's
 * pocketsphinx-testdata, which the test script installs) mixed with white noise.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import { RNNOISE_FRAME, RnnoiseFramer, rnnoiseInstance } from './rnnoise';

const RATE = 48_000;
const CLIP =
  '/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0930.wav';

function wasmModule(): WebAssembly.Module {
  const file = createRequire(import.meta.url).resolve('@echogarden/rnnoise-wasm/rnnoise.wasm');
  return new WebAssembly.Module(readFileSync(file));
}

/** Runs `input` through a framer in quanta of `quantum` samples, as an AudioWorklet would. */
function stream(framer: RnnoiseFramer, input: Float32Array, quantum = 128): Float32Array {
  const output = new Float32Array(input.length);
  for (let at = 0; at + quantum <= input.length; at += quantum)
    framer.push(input.subarray(at, at + quantum), output.subarray(at, at + quantum));
  return output;
}

/** The clip's 16 kHz samples brought to 48 kHz (linear interpolation), in [-1, 1]. */
function speechAt48k(): Float32Array {
  const bytes = readFileSync(CLIP);
  const at = bytes.indexOf('data', 12, 'ascii');
  const count = Math.floor(Math.min(bytes.readUInt32LE(at + 4), bytes.length - at - 8) / 2);
  const out = new Float32Array(count * 3);
  for (let i = 0; i < out.length; i++) {
    const k = Math.floor(i / 3);
    const f = i / 3 - k;
    const a = bytes.readInt16LE(at + 8 + k * 2);
    const b = k + 1 < count ? bytes.readInt16LE(at + 8 + (k + 1) * 2) : 0;
    out[i] = (a * (1 - f) + b * f) / 32_768;
  }
  return out;
}

const energy = (x: Float32Array, from: number, to: number) => {
  let sum = 0;
  for (let i = from; i < to; i++) sum += x[i]! * x[i]!;
  return sum / (to - from);
};
const db = (ratio: number) => 10 * Math.log10(ratio);

describe('RNNoise framing', () => {
  test('quanta of 128 go out one 480-sample frame late, every sample once, frames whole', () => {
    const seen: number[] = [];
    const framer = new RnnoiseFramer((frame) => {
      expect(frame.length).toBe(RNNOISE_FRAME);
      seen.push(frame[0]!, frame[RNNOISE_FRAME - 1]!);
      return 0.5;
    });
    const input = Float32Array.from({ length: 128 * 300 }, (_, i) => i + 1);
    const output = stream(framer, input);
    expect(framer.frames).toBe(Math.floor(input.length / RNNOISE_FRAME));
    // Each frame is 480 consecutive samples, in order.
    for (let f = 0; f < framer.frames; f++)
      expect([seen[2 * f], seen[2 * f + 1]]).toEqual([f * 480 + 1, f * 480 + 480]);
    expect(Array.from(output.subarray(0, RNNOISE_FRAME)).every((v) => v === 0)).toBe(true);
    for (let i = RNNOISE_FRAME; i < output.length; i++) {
      if (output[i] !== input[i - RNNOISE_FRAME]) throw new Error(`sample ${i}: ${output[i]}`);
    }
    expect(framer.voice).toBe(0.5);
  });

  test('a quantum without input is silence in the stream, not a gap', () => {
    const framer = new RnnoiseFramer(() => 0);
    const sent: number[] = [];
    const got: number[] = [];
    const out = new Float32Array(128);
    for (let q = 0; q < 40; q++) {
      const input = q % 3 === 1 ? null : Float32Array.from({ length: 128 }, (_, i) => q * 128 + i);
      framer.push(input, out);
      sent.push(...(input ?? new Float32Array(128)));
      got.push(...out);
    }
    expect(got.slice(RNNOISE_FRAME)).toEqual(sent.slice(0, sent.length - RNNOISE_FRAME));
  });
});

describe('RNNoise (the real wasm)', () => {
  test('white noise in a pause drops by more than 10 dB while the speech stays', () => {
    const denoiser = rnnoiseInstance(wasmModule()).create();
    const framer = new RnnoiseFramer((frame) => denoiser.process(frame));
    const speech = speechAt48k();
    const lead = 2 * RATE;
    const clean = new Float32Array(lead + speech.length);
    clean.set(speech, lead);
    let seed = 7;
    const noise = Float32Array.from(clean, () => {
      seed = (seed * 1_103_515_245 + 12_345) >>> 0;
      return 0.03 * ((seed / 2 ** 32) * 2 - 1);
    });
    const noisy = clean.map((v, i) => v + noise[i]!);
    const out = stream(framer, noisy).subarray(RNNOISE_FRAME);
    const end = out.length - 128;

    // The pause's second half (RNNoise learns the noise in the first).
    const pause = db(energy(out, RATE, lead) / energy(noisy, RATE, lead));
    const voice = db(energy(out, lead, end) / energy(noisy, lead, end));
    console.log(`noise in the pause ${pause.toFixed(1)} dB, speech ${voice.toFixed(1)} dB`);
    expect(pause).toBeLessThan(-10);
    expect(voice).toBeGreaterThan(-3);
    denoiser.destroy();
  });
});
