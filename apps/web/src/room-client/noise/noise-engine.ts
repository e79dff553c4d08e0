/**
 * Which engine is behind the noise-suppression switch in this browser: RNNoise in an
 * AudioWorklet (rnnoise-node.ts, fetched only once the switch is on) where the browser has
 * AudioWorklet and WebAssembly, else the browser's own `noiseSuppression` constraint. With RNNoise
 * the constraint is off, so the voice is not processed twice.
 */
export type NoiseEngine = 'rnnoise' | 'browser';

export function noiseEngine(): NoiseEngine {
  return typeof AudioWorkletNode === 'function' &&
    typeof WebAssembly === 'object' &&
    typeof window !== 'undefined' &&
    window.isSecureContext
    ? 'rnnoise'
    : 'browser';
}

/** The `noiseSuppression` constraint to open the microphone with, given the switch. */
export function browserNoiseSuppression(switchOn: boolean): boolean {
  return switchOn && noiseEngine() === 'browser';
}

/** Whether RNNoise denoises the microphone, given the switch. */
export function rnnoiseOn(switchOn: boolean): boolean {
  return switchOn && noiseEngine() === 'rnnoise';
}
