/**
 * sherpa-onnx-node (onnxruntime inside), loaded on first use rather than at start-up: the native
 * runtime alone adds ~12 MB to the server and a Silero detector ~30 MB more, which a server
 * where nobody has turned captions on need not hold (scripts/bench/idle-memory.mjs).
 */
import { createRequire } from 'node:module';
import type sherpaOnnxNode from 'sherpa-onnx-node';

const require = createRequire(import.meta.url);
let runtime: typeof sherpaOnnxNode | undefined;

/** The module, loaded (synchronously, ~10 ms) the first time it is asked for. */
export function sherpaOnnx(): typeof sherpaOnnxNode {
  runtime ??= require('sherpa-onnx-node') as typeof sherpaOnnxNode;
  return runtime;
}

/** Where the module is, without loading it: throws when it is not installed. */
export function sherpaOnnxPath(): string {
  return require.resolve('sherpa-onnx-node');
}
