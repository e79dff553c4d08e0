// RNNoise over 16 kHz speech, as the browser's worklet would run it on a microphone at 48 kHz
// (apps/web/src/room-client/noise/rnnoise.ts and the real wasm of @echogarden/rnnoise-wasm):
// up to 48 kHz by linear interpolation, through the framer in 128-sample quanta, back to 16 kHz
// by averaging each three samples, the delay taken out (one frame in the framer, one in RNNoise's
// own overlapping windows). For the benchmarks
// (asr.mjs --denoise: does RNNoise cost the captions words?).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  RNNOISE_FRAME,
  RnnoiseFramer,
  rnnoiseInstance,
} from '../../apps/web/src/room-client/noise/rnnoise.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const QUANTUM = 128;
/** Samples (48 kHz) from a sample in to the same sample out. */
const DELAY = 2 * RNNOISE_FRAME;
let module;

/** The wasm of @echogarden/rnnoise-wasm, as the web app ships it, compiled once. */
export function rnnoiseModule() {
  module ??= new WebAssembly.Module(
    readFileSync(
      createRequire(path.join(root, 'apps/web/package.json')).resolve(
        '@echogarden/rnnoise-wasm/rnnoise.wasm',
      ),
    ),
  );
  return module;
}

/** `pcm` (16 kHz, 16-bit) denoised by RNNoise at 48 kHz: the same length, in step with it. */
export function denoise16k(pcm) {
  const denoiser = rnnoiseInstance(rnnoiseModule()).create();
  const framer = new RnnoiseFramer((frame) => denoiser.process(frame), QUANTUM);
  // 48 kHz, plus silence at the end to flush the delay.
  const total = Math.ceil((pcm.length * 3 + DELAY) / QUANTUM) * QUANTUM;
  const wide = new Float32Array(total);
  for (let i = 0; i < pcm.length * 3; i++) {
    const at = i / 3;
    const a = pcm[Math.floor(at)] / 32_768;
    const b = (pcm[Math.min(pcm.length - 1, Math.floor(at) + 1)] ?? 0) / 32_768;
    wide[i] = a + (b - a) * (at - Math.floor(at));
  }
  const out = new Float32Array(total);
  for (let at = 0; at < total; at += QUANTUM)
    framer.push(wide.subarray(at, at + QUANTUM), out.subarray(at, at + QUANTUM));
  denoiser.destroy();
  const narrow = new Int16Array(pcm.length);
  for (let i = 0; i < narrow.length; i++) {
    const j = DELAY + i * 3;
    const v = ((out[j] + out[j + 1] + out[j + 2]) / 3) * 32_768;
    narrow[i] = Math.max(-32_768, Math.min(32_767, Math.round(v)));
  }
  return narrow;
}
