/**
 * Voice activity detection with Silero VAD, run by sherpa-onnx-node's Vad. The model files ship
 * with the server (apps/server/assets/vad, MIT, their licence beside them); sherpa-onnx loads the
 * legacy (v4), v5 and v6 ones (checked), v5 is the default.
 *
 * Streaming: sherpa-onnx's Vad only hands out finished segments, so the segmenter watches its
 * "speech detected" flag instead. Speech start is announced as soon as Silero is sure (about
 * 0.3 s into the speech), with the audio since the estimated start and ~300 ms before it; the
 * end comes after `silenceMs` of silence, at the end sherpa-onnx computed. Speech longer than
 * `maxUtteranceMs` is cut into several utterances so captions keep flowing.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Vad, VadConfig } from 'sherpa-onnx-node';
import { sherpaOnnx, sherpaOnnxPath } from '../sherpa-runtime.js';
import type { SegmenterEvent, SegmenterFactory, SpeechSegmenter } from '../types.js';
import { ASR_SAMPLE_RATE, toFloat32 } from '../audio/pcm.js';

const SILERO_FILES = {
  'silero-v5': 'silero_vad_v5.onnx',
  'silero-v6': 'silero_vad_v6.onnx',
  'silero-legacy': 'silero_vad_legacy.onnx',
} as const;

export type SileroModel = keyof typeof SILERO_FILES;

/**
 * The .onnx file in apps/server/assets/vad, found by walking up from this file (the source and
 * the bundle in dist/ sit at different depths). Where it is missing, the path it would have in
 * the source tree: the factory then says which file is missing.
 */
export function sileroModelPath(model: SileroModel): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  let dir = here;
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'assets', 'vad', SILERO_FILES[model]);
    if (existsSync(candidate)) return candidate;
    dir = path.dirname(dir);
  }
  return path.resolve(here, '../../../assets/vad', SILERO_FILES[model]);
}

/** Samples Silero looks at per step (32 ms at 16 kHz). */
const WINDOW = 512;
/** Speech shorter than this is not speech (a click, a cough). */
const MIN_SPEECH_S = 0.25;
/** Audio given with speechStart from before the estimated start. */
const PREROLL_SAMPLES = Math.round(0.3 * ASR_SAMPLE_RATE);
/** sherpa-onnx dates the start this far before the window that confirmed it. */
const START_LOOKBACK = 2 * WINDOW + Math.round(MIN_SPEECH_S * ASR_SAMPLE_RATE);
/** Recent audio kept for the preroll and the speech before detection. */
const HISTORY_SAMPLES = PREROLL_SAMPLES + START_LOOKBACK + 2 * WINDOW;

export interface SileroOptions {
  model: SileroModel;
  silenceMs: number;
  maxUtteranceMs: number;
}

class SileroSegmenter implements SpeechSegmenter {
  private vad: Vad | undefined;
  /** Samples given to Silero so far. */
  private fed = 0;
  /** The last HISTORY_SAMPLES samples, as a ring. */
  private readonly history = new Int16Array(HISTORY_SAMPLES);
  /** Samples not yet a whole window (held at most 32 ms). */
  private partial = new Int16Array(0);
  private speaking = false;
  /** Start of the current utterance (after a forced cut, the cut). */
  private utteranceStart = 0;
  /** Where sherpa-onnx's sample count starts in ours (it restarts after a flush). */
  private base = 0;

  constructor(
    vad: Vad,
    private readonly maxUtteranceSamples: number,
    private readonly onClose: (vad: Vad) => void,
  ) {
    this.vad = vad;
  }

  push(pcm: Int16Array): SegmenterEvent[] {
    const events: SegmenterEvent[] = [];
    let input = pcm;
    if (this.partial.length) {
      input = new Int16Array(this.partial.length + pcm.length);
      input.set(this.partial);
      input.set(pcm, this.partial.length);
    }
    let offset = 0;
    // Window by window, so the events are placed right however big the pushed chunk is.
    for (; offset + WINDOW <= input.length; offset += WINDOW) {
      this.step(input.subarray(offset, offset + WINDOW), events);
    }
    this.partial = input.slice(offset);
    return events;
  }

  private step(window: Int16Array, events: SegmenterEvent[]): void {
    const vad = this.vad;
    if (!vad) throw new Error('segmenter used after close()');
    vad.acceptWaveform(toFloat32(window));
    const detected = vad.isDetected();
    this.remember(window);
    this.fed += window.length;
    if (!this.speaking && detected) {
      const start = Math.max(0, this.fed - START_LOOKBACK);
      this.speaking = true;
      this.utteranceStart = start;
      events.push({
        type: 'speechStart',
        atSample: start,
        preroll: this.recent(start - PREROLL_SAMPLES, start),
      });
      events.push({ type: 'speech', pcm: this.recent(start, this.fed) });
    } else if (this.speaking) {
      events.push({ type: 'speech', pcm: window.slice() });
      if (detected && this.fed - this.utteranceStart >= this.maxUtteranceSamples) {
        // Long speech: end this utterance here and go on with a new one.
        events.push({ type: 'speechEnd', atSample: this.fed });
        this.utteranceStart = this.fed;
        events.push({ type: 'speechStart', atSample: this.fed, preroll: new Int16Array(0) });
      }
    }
    while (!vad.isEmpty()) {
      const segment = vad.front(false);
      vad.pop();
      if (this.speaking) {
        this.speaking = false;
        const end = Math.max(
          this.utteranceStart,
          this.base + segment.start + segment.samples.length,
        );
        events.push({ type: 'speechEnd', atSample: end });
      }
    }
  }

  private remember(pcm: Int16Array): void {
    for (let i = 0; i < pcm.length; i++) {
      this.history[(this.fed + i) % HISTORY_SAMPLES] = pcm[i]!;
    }
  }

  /** Samples [from, to) of the stream that are still in the history. */
  private recent(from: number, to: number): Int16Array {
    const first = Math.max(from, this.fed - HISTORY_SAMPLES, 0);
    const out = new Int16Array(Math.max(0, to - first));
    for (let i = 0; i < out.length; i++) out[i] = this.history[(first + i) % HISTORY_SAMPLES]!;
    return out;
  }

  flush(): SegmenterEvent[] {
    const events: SegmenterEvent[] = [];
    if (this.speaking) {
      if (this.partial.length) events.push({ type: 'speech', pcm: this.partial });
      events.push({ type: 'speechEnd', atSample: this.fed + this.partial.length });
      this.speaking = false;
    }
    this.remember(this.partial);
    this.fed += this.partial.length;
    this.partial = new Int16Array(0);
    // Whatever follows is judged afresh; Silero's own sample count restarts.
    this.vad?.reset();
    this.base = this.fed;
    return events;
  }

  close(): void {
    if (!this.vad) return;
    const vad = this.vad;
    this.vad = undefined;
    this.onClose(vad);
  }
}

export class SileroSegmenterFactory implements SegmenterFactory {
  readonly name: string;
  private readonly config: VadConfig;
  /** Loading the model takes ~70 ms of CPU, so closed segmenters' detectors are reused. */
  private readonly spare: Vad[] = [];

  constructor(private readonly options: SileroOptions) {
    this.name = `Silero VAD (${options.model.replace('silero-', '')})`;
    this.config = {
      sileroVad: {
        model: sileroModelPath(options.model),
        threshold: 0.5,
        minSilenceDuration: options.silenceMs / 1000,
        minSpeechDuration: MIN_SPEECH_S,
        windowSize: WINDOW,
        // Past this, sherpa-onnx ends the segment at the next short pause (0.1 s), before our
        // hard cut at maxUtteranceMs.
        maxSpeechDuration: (options.maxUtteranceMs * 0.8) / 1000,
      },
      sampleRate: ASR_SAMPLE_RATE,
      numThreads: 1,
      debug: false,
    };
    // Fails here, at startup, when the model or the runtime is missing; both load on first use
    // (~80 ms once), so a server without captions never holds them.
    if (!existsSync(this.config.sileroVad.model)) {
      throw new Error(`the Silero VAD model ${this.config.sileroVad.model} is missing`);
    }
    sherpaOnnxPath();
  }

  private load(): Vad {
    const { Vad } = sherpaOnnx();
    return new Vad(this.config, 30);
  }

  create(): SpeechSegmenter {
    const vad = this.spare.pop() ?? this.load();
    return new SileroSegmenter(
      vad,
      Math.round((this.options.maxUtteranceMs / 1000) * ASR_SAMPLE_RATE),
      (used) => {
        used.reset();
        if (this.spare.length < 8) this.spare.push(used);
      },
    );
  }
}
