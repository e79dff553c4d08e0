/**
 * RNNoise (Xiph.org's recurrent neural network noise suppression, its weights compiled into the
 * wasm of @echogarden/rnnoise-wasm 0.2.0, BSD-3-Clause) without the Emscripten glue that comes
 * with it: the glue fetches and looks for `document`/`import.meta.url`, which an AudioWorklet has
 * not, and the wasm itself needs only two functions from us. The same code runs in the worklet,
 * in Node's tests and in the benchmark (plain TypeScript that Node can strip: no imports).
 *
 * The export names are the minified ones of that exact version (rnnoise.js maps them: e
 * rnnoise_get_size … l malloc), hence the pinned version in package.json.
 *
 * Audio comes to an AudioWorklet in render quanta of 128 samples and RNNoise takes frames of 480
 * (10 ms at 48 kHz): the framer gathers the quanta into frames, has each frame denoised, and
 * gives back quanta of the denoised signal one frame late (the output is the input shifted by
 * exactly RNNOISE_FRAME samples, with no gap nor repeat).
 */

/** Samples in one RNNoise frame: 10 ms at 48 kHz. */
export const RNNOISE_FRAME = 480;
/** RNNoise works on float samples in the 16-bit integer range. */
const SCALE = 32_768;
const MAX_HEAP = 2_147_483_648;

interface Exports {
  c: WebAssembly.Memory;
  /** __wasm_call_ctors */
  d(): void;
  /** rnnoise_create(model): DenoiseState* (0: the built-in model) */
  h(model: number): number;
  /** rnnoise_destroy(state) */
  i(state: number): void;
  /** free(pointer) */
  j(pointer: number): void;
  /** rnnoise_process_frame(state, out, in): the voice probability of the frame */
  k(state: number, out: number, input: number): number;
  /** malloc(bytes) */
  l(bytes: number): number;
}

/** One running denoiser: 480 samples in [-1, 1] in, the same samples denoised out. */
export interface Denoiser {
  /** Denoises `frame` (RNNOISE_FRAME samples) in place; answers the frame's voice probability. */
  process(frame: Float32Array): number;
  destroy(): void;
}

/** Instantiates the wasm synchronously (an AudioWorklet's constructor cannot wait). */
export function rnnoiseInstance(module: WebAssembly.Module): { create(): Denoiser } {
  // The imports are called once the instance exists (its memory is read through this holder).
  const wasm: { exports?: Exports } = {};
  const memory = () => wasm.exports!.c;
  const imports = {
    a: {
      // _emscripten_resize_heap(requestedSize): grow the memory to at least that size.
      a: (requested: number): number => {
        requested >>>= 0;
        const have = memory().buffer.byteLength;
        if (requested > MAX_HEAP) return 0;
        const wanted = Math.min(MAX_HEAP, Math.max(requested, Math.ceil(have * 1.2)));
        try {
          memory().grow(Math.ceil((wanted - have) / 65_536));
          return 1;
        } catch {
          return 0;
        }
      },
      // _emscripten_memcpy_js(dest, src, num)
      b: (dest: number, src: number, num: number): void => {
        const heap = new Uint8Array(memory().buffer);
        heap.copyWithin(dest >>> 0, src >>> 0, (src >>> 0) + (num >>> 0));
      },
    },
  };
  const exports = new WebAssembly.Instance(module, imports).exports as unknown as Exports;
  wasm.exports = exports;
  exports.d();
  return {
    create(): Denoiser {
      const state = exports.h(0);
      const buffer = exports.l(RNNOISE_FRAME * 4);
      if (!state || !buffer) throw new Error('rnnoise: out of memory');
      return {
        process(frame) {
          // The view is made anew: a grown memory detaches the old buffer.
          const heap = new Float32Array(memory().buffer, buffer, RNNOISE_FRAME);
          for (let i = 0; i < RNNOISE_FRAME; i++) heap[i] = frame[i]! * SCALE;
          const voice = exports.k(state, buffer, buffer);
          const out = new Float32Array(memory().buffer, buffer, RNNOISE_FRAME);
          for (let i = 0; i < RNNOISE_FRAME; i++) frame[i] = out[i]! / SCALE;
          return voice;
        },
        destroy() {
          exports.j(buffer);
          exports.i(state);
        },
      };
    },
  };
}

export class RnnoiseFramer {
  private readonly frame = new Float32Array(RNNOISE_FRAME);
  private filled = 0;
  /** Denoised samples waiting to go out, as a ring; it starts with one frame of silence. */
  private readonly ready: Float32Array;
  private readAt = 0;
  private waiting = RNNOISE_FRAME;
  /** Frames denoised so far. */
  frames = 0;
  /** The last frame's voice probability (0–1). */
  voice = 0;

  private readonly denoise: (frame: Float32Array) => number;

  constructor(denoise: (frame: Float32Array) => number, quantum = 128) {
    this.denoise = denoise;
    // One frame of latency, a frame being finished and a quantum in flight.
    this.ready = new Float32Array(RNNOISE_FRAME * 2 + quantum);
  }

  /** Takes one quantum in (`input` null: silence) and writes the same length out. */
  push(input: Float32Array | null, output: Float32Array): void {
    const length = output.length;
    for (let i = 0; i < length; i++) {
      this.frame[this.filled++] = input ? input[i]! : 0;
      if (this.filled === RNNOISE_FRAME) this.flush();
    }
    const size = this.ready.length;
    for (let i = 0; i < length; i++) {
      output[i] = this.waiting > 0 ? this.ready[this.readAt]! : 0;
      if (this.waiting > 0) {
        this.readAt = (this.readAt + 1) % size;
        this.waiting--;
      }
    }
  }

  private flush(): void {
    this.voice = this.denoise(this.frame);
    this.frames++;
    const size = this.ready.length;
    let at = (this.readAt + this.waiting) % size;
    for (let i = 0; i < RNNOISE_FRAME; i++) {
      this.ready[at] = this.frame[i]!;
      at = (at + 1) % size;
    }
    this.waiting += RNNOISE_FRAME;
    this.filled = 0;
  }
}
