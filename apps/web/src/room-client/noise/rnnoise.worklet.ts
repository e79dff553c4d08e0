/**
 * The RNNoise AudioWorklet processor (built by Vite as a worklet of its own, served from our
 * origin): the microphone's 128-sample render quanta go through RNNoise in 480-sample frames and
 * come out 20 ms late (a frame in the framer, a frame in RNNoise's own windows). The wasm's bytes come in `processorOptions.wasm` (fetched from
 * our origin by the page) and are compiled here. Every 50 frames (0.5 s) it tells the page how
 * many frames it has denoised and the level (RMS) of what came in and went out meanwhile.
 */
import { RnnoiseFramer, rnnoiseInstance, type Denoiser } from './rnnoise';

// The AudioWorklet scope's own names (TypeScript's DOM library does not have them).
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}
declare function registerProcessor(name: string, processor: unknown): void;

export interface RnnoiseReport {
  frames: number;
  /** The last frame's voice probability (0–1). */
  voice: number;
  /** RMS of the input and of the output since the last report. */
  input: number;
  output: number;
}

const REPORT_EVERY = 50;

class RnnoiseProcessor extends AudioWorkletProcessor {
  private readonly denoiser: Denoiser;
  private readonly framer: RnnoiseFramer;
  private reported = 0;
  private sums = { input: 0, output: 0, samples: 0 };
  private closed = false;

  constructor(options: { processorOptions: { wasm: ArrayBuffer } }) {
    super();
    const module = new WebAssembly.Module(options.processorOptions.wasm);
    this.denoiser = rnnoiseInstance(module).create();
    this.framer = new RnnoiseFramer((frame) => this.denoiser.process(frame));
    this.port.onmessage = (event: MessageEvent) => {
      if (event.data !== 'close' || this.closed) return;
      this.closed = true;
      this.denoiser.destroy();
    };
  }

  process(inputs: Float32Array[][], outputs: Float32Array[][]): boolean {
    if (this.closed) return false;
    const output = outputs[0]?.[0];
    if (!output) return true;
    const input = inputs[0]?.[0] ?? null;
    this.framer.push(input, output);
    const { sums } = this;
    for (let i = 0; i < output.length; i++) {
      sums.input += input ? input[i]! * input[i]! : 0;
      sums.output += output[i]! * output[i]!;
    }
    sums.samples += output.length;
    const { frames, voice } = this.framer;
    if (frames - this.reported >= REPORT_EVERY) {
      this.reported = frames;
      const rms = (sum: number) => Math.sqrt(sum / sums.samples);
      const report = { frames, voice, input: rms(sums.input), output: rms(sums.output) };
      this.port.postMessage(report satisfies RnnoiseReport);
      this.sums = { input: 0, output: 0, samples: 0 };
    }
    return true;
  }
}

registerProcessor('rnnoise', RnnoiseProcessor);
