// Benchmark (not a test): the CPU that RNNoise noise suppression (issue 31) costs per second of
// microphone audio, as the browser's AudioWorklet runs it — the same code
// (apps/web/src/room-client/noise/rnnoise.ts: 128-sample quanta framed into 480-sample frames)
// and the real wasm of @echogarden/rnnoise-wasm, here in Node's V8 (the engine Chromium runs the
// worklet with) on one core; scripts/bench/effects.mjs measures it in Chromium's own worklet. The audio is a LibriVox clip of read speech (Debian's
// pocketsphinx-testdata, 16 kHz brought to 48 kHz) with white noise, looped to --seconds (60).
// Prints ms of CPU per second of audio (process CPU time, user + system) and the wall-clock
// real-time factor, best of --runs (3). Usage: node scripts/bench/rnnoise.mjs [--seconds=60]
import { existsSync, readFileSync } from 'node:fs';
import { RnnoiseFramer, rnnoiseInstance } from '../../apps/web/src/room-client/noise/rnnoise.ts';
import { rnnoiseModule } from './denoise-pcm.mjs';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);
const seconds = Number(args.seconds ?? 60);
const runs = Number(args.runs ?? 3);
const RATE = 48_000;
const QUANTUM = 128;
const CLIP =
  '/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0930.wav';

const module = rnnoiseModule();

/** Speech at 48 kHz (or silence without the clip), looped to the length, with white noise. */
function audio() {
  let speech = new Float32Array(RATE);
  if (existsSync(CLIP)) {
    const bytes = readFileSync(CLIP);
    const at = bytes.indexOf('data', 12, 'ascii');
    const count = Math.floor(Math.min(bytes.readUInt32LE(at + 4), bytes.length - at - 8) / 2);
    speech = new Float32Array(count * 3);
    for (let i = 0; i < speech.length; i++)
      speech[i] = bytes.readInt16LE(at + 8 + Math.floor(i / 3) * 2) / 32_768;
  } else console.log(`(no ${CLIP}: white noise alone)`);
  const out = new Float32Array(seconds * RATE);
  let seed = 7;
  for (let i = 0; i < out.length; i++) {
    seed = (seed * 1_103_515_245 + 12_345) >>> 0;
    out[i] = speech[i % speech.length] + 0.03 * ((seed / 2 ** 32) * 2 - 1);
  }
  return out;
}

const input = audio();
const output = new Float32Array(QUANTUM);
let best;
for (let run = 0; run < runs; run++) {
  const denoiser = rnnoiseInstance(module).create();
  const framer = new RnnoiseFramer((frame) => denoiser.process(frame), QUANTUM);
  const cpu = process.cpuUsage();
  const wall = process.hrtime.bigint();
  for (let at = 0; at + QUANTUM <= input.length; at += QUANTUM)
    framer.push(input.subarray(at, at + QUANTUM), output);
  const used = process.cpuUsage(cpu);
  const wallMs = Number(process.hrtime.bigint() - wall) / 1e6;
  const cpuMs = (used.user + used.system) / 1000;
  denoiser.destroy();
  const result = { cpuMs, wallMs, frames: framer.frames };
  console.log(
    `run ${run + 1}: ${framer.frames} frames, CPU ${cpuMs.toFixed(0)} ms, wall ${wallMs.toFixed(0)} ms`,
  );
  if (!best || result.cpuMs < best.cpuMs)
    best = { ...result, wallMs: Math.min(wallMs, best?.wallMs ?? wallMs) };
  else best.wallMs = Math.min(best.wallMs, wallMs);
}
console.log(
  `RNNoise: ${(best.cpuMs / seconds).toFixed(2)} ms CPU per second of 48 kHz audio ` +
    `(${((best.cpuMs / seconds / 1000) * 100).toFixed(2)}% of one core; wall-clock real-time factor ` +
    `${(best.wallMs / 1000 / seconds).toFixed(4)}; ${seconds} s of audio, best of ${runs})`,
);
