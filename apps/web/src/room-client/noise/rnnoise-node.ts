/**
 * RNNoise as a Web Audio node (fetched by voice-effects.ts only while noise suppression is on and
 * runs as RNNoise): the worklet and the wasm are files of our own origin, the wasm is fetched once
 * and its bytes handed to each worklet. What the running worklet reports (frames denoised) is
 * also `window.__meetNoise`, for the browser tests.
 */
import wasmUrl from '@echogarden/rnnoise-wasm/rnnoise.wasm?url';
import workletUrl from './rnnoise.worklet.ts?worker&url';
import type { RnnoiseReport } from './rnnoise.worklet';

let wasm: Promise<ArrayBuffer> | undefined;

function wasmBytes(): Promise<ArrayBuffer> {
  wasm ??= fetch(wasmUrl).then((response) => {
    if (!response.ok) throw new Error(`rnnoise.wasm: ${response.status}`);
    return response.arrayBuffer();
  });
  // A failed fetch is tried again next time.
  wasm.catch(() => (wasm = undefined));
  return wasm;
}

export interface RnnoiseNode {
  node: AudioWorkletNode;
  /** Stops the processor (frees its RNNoise state); the owner disconnects the node. */
  close(): void;
}

/** The denoising node in `context` (which runs at 48 kHz); `onFailed` if its processor breaks. */
export async function createRnnoiseNode(
  context: AudioContext,
  onFailed: (error: unknown) => void,
): Promise<RnnoiseNode> {
  const [bytes] = await Promise.all([wasmBytes(), context.audioWorklet.addModule(workletUrl)]);
  const node = new AudioWorkletNode(context, 'rnnoise', {
    numberOfInputs: 1,
    numberOfOutputs: 1,
    outputChannelCount: [1],
    channelCount: 1,
    channelCountMode: 'explicit',
    processorOptions: { wasm: bytes },
  });
  const stats = { running: true, frames: 0, voice: 0, input: 0, output: 0 };
  Object.assign(window, { __meetNoise: stats });
  node.port.onmessage = (event: MessageEvent<RnnoiseReport>) => Object.assign(stats, event.data);
  node.onprocessorerror = (event) => onFailed(event);
  return {
    node,
    close() {
      stats.running = false;
      node.port.onmessage = null;
      node.onprocessorerror = null;
      node.port.postMessage('close');
    },
  };
}
