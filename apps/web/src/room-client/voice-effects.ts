/**
 * The voice changer between the microphone and what is sent: the raw microphone goes through an
 * AudioWorklet (`/worklets/voice-changer.js`: pitch shifting or a robot voice, plain signal
 * processing in the browser) into a track of its own, which is sent instead of the microphone
 * (replaceTrack, no renegotiation). Changing the voice mid-call only tells the worklet; turning
 * it off sends the raw microphone again. A preview plays the changed voice to me.
 *
 * Noise suppression by RNNoise (noise/, fetched only when it is on) is a node of the same graph,
 * before the voice changer: with it on, the graph runs even with my own voice.
 *
 * A browser may keep the audio context suspended until the user clicks or types (a reload that
 * rejoins by itself, Firefox without a sound device): meanwhile the microphone is sent as it is
 * (with the browser's own noise suppression, where RNNoise was meant to run), and the graph's
 * track takes over once the context runs — never a silent microphone while it waits.
 *
 * Owns the raw microphone track it is given (stops it when a new one comes or it closes).
 */
import { Emitter } from './emitter';
import type { RnnoiseNode } from './noise/rnnoise-node';

export const VOICE_MODES = ['none', 'deeper', 'higher', 'robot'] as const;
export type VoiceMode = (typeof VOICE_MODES)[number];

const WORKLET_URL = '/worklets/voice-changer.js';

export interface VoiceEffectsEvents {
  /** `output` is a different track now (the changed voice started or stopped). */
  changed: [];
  /** The voice changer or the noise suppression (`noise`) could not run. */
  failed: [error: unknown, part: 'voice' | 'noise'];
}

interface Graph {
  context: AudioContext;
  source: MediaStreamAudioSourceNode;
  /** The voice changer, when my voice is changed. */
  node?: AudioWorkletNode;
  /** RNNoise, when noise suppression is on. */
  noise?: RnnoiseNode;
  output: MediaStreamTrack;
  preview?: HTMLAudioElement;
  /** The context runs: its track is the one sent (until then, the raw microphone). */
  running: boolean;
  /** Stops waiting for the context to run. */
  unwait?: () => void;
}

/** How long a new context may take to start before the raw microphone is sent meanwhile. */
const START_WAIT_MS = 1000;

/** Whether `context` runs, asking it to, within `ms`. */
function started(context: AudioContext, ms: number): Promise<boolean> {
  if (context.state === 'running') return Promise.resolve(true);
  return Promise.race([
    context.resume().then(
      () => context.state === 'running',
      () => false,
    ),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);
}

export class VoiceEffects extends Emitter<VoiceEffectsEvents> {
  private raw: MediaStreamTrack | null = null;
  private mode: VoiceMode = 'none';
  private denoise = false;
  private graph: Graph | undefined;
  private building: Promise<void> | undefined;
  private previewing = false;
  private generation = 0;

  /** What is shown as my microphone and sent: the changed voice, or the raw microphone. */
  get output(): MediaStreamTrack | null {
    return this.graph?.running ? this.graph.output : this.raw;
  }

  get voice(): VoiceMode {
    return this.mode;
  }

  /** A new microphone (or none), and whether RNNoise denoises it: the voice carries over. */
  async input(raw: MediaStreamTrack | null, denoise = this.denoise): Promise<void> {
    if (raw === this.raw && denoise === this.denoise) return;
    if (raw !== this.raw) this.raw?.stop();
    this.raw = raw;
    this.denoise = denoise;
    this.teardown();
    if (raw && this.wanted()) await this.build();
  }

  async setMode(mode: VoiceMode): Promise<void> {
    const before = this.mode;
    this.mode = mode;
    // The voice changer with 'none' passes my voice as it is (RNNoise still runs before it).
    if (this.graph?.node && (mode !== 'none' || this.denoise)) {
      this.graph.node.port.postMessage({ mode });
      return;
    }
    if (mode === before && (this.graph || !this.raw)) return;
    const had = !!this.graph;
    this.teardown();
    if (this.raw && this.wanted()) await this.build();
    else if (had) this.emit('changed');
  }

  /** Plays my changed voice back to me (headphones advised), or stops doing so. */
  setPreview(on: boolean): void {
    this.previewing = on;
    this.updatePreview();
  }

  close(): void {
    this.teardown();
    this.raw?.stop();
    this.raw = null;
    this.removeAllListeners();
  }

  private wanted(): boolean {
    return this.mode !== 'none' || this.denoise;
  }

  private build(): Promise<void> {
    const building = (this.building ?? Promise.resolve()).then(() => this.start());
    this.building = building.finally(() => {
      if (this.building === building) this.building = undefined;
    });
    return this.building;
  }

  private async start(): Promise<void> {
    if (this.graph || !this.raw || !this.wanted()) return;
    const generation = ++this.generation;
    const raw = this.raw;
    let context: AudioContext | undefined;
    let part: 'voice' | 'noise' = this.denoise ? 'noise' : 'voice';
    let noise: RnnoiseNode | undefined;
    try {
      context = new AudioContext({ sampleRate: 48_000, latencyHint: 'interactive' });
      const source = context.createMediaStreamSource(new MediaStream([raw]));
      let last: AudioNode = source;
      if (this.denoise) {
        const { createRnnoiseNode } = await import('./noise/rnnoise-node');
        noise = await createRnnoiseNode(context, (error) => this.noiseFailed(generation, error));
        last = last.connect(noise.node);
      }
      let node: AudioWorkletNode | undefined;
      if (this.mode !== 'none') {
        part = 'voice';
        await context.audioWorklet.addModule(WORKLET_URL);
        node = new AudioWorkletNode(context, 'voice-changer', {
          processorOptions: { mode: this.mode },
          outputChannelCount: [1],
        });
        last = last.connect(node);
        part = this.denoise ? 'noise' : 'voice';
      }
      const destination = context.createMediaStreamDestination();
      last.connect(destination);
      // A context made outside a user gesture may start suspended (and stay so until one).
      const running = await started(context, START_WAIT_MS);
      const output = destination.stream.getAudioTracks()[0];
      if (!output) throw new Error('no output track');
      if (generation !== this.generation || raw !== this.raw || !this.wanted()) {
        noise?.close();
        void context.close();
        return;
      }
      const graph: Graph = { context, source, node, noise, output, running };
      this.graph = graph;
      this.updatePreview();
      if (running) this.emit('changed');
      else this.waitToRun(graph, generation);
    } catch (error) {
      noise?.close();
      void context?.close().catch(() => undefined);
      if (generation !== this.generation) return;
      if (part === 'voice') this.mode = 'none';
      else this.denoise = false;
      this.emit('failed', error, part);
    }
  }

  /**
   * The context did not start: the raw microphone goes out meanwhile (with the browser's noise
   * suppression in RNNoise's place), the next click or key asks the context again, and its track
   * takes over once it runs.
   */
  private waitToRun(graph: Graph, generation: number): void {
    const { context } = graph;
    const rawNoise = (on: boolean) => {
      if (graph.noise) void this.raw?.applyConstraints({ noiseSuppression: on }).catch(() => {});
    };
    rawNoise(true);
    const kick = () => void context.resume().catch(() => undefined);
    const events = ['pointerdown', 'keydown'] as const;
    for (const name of events) document.addEventListener(name, kick, true);
    const unwait = () => {
      for (const name of events) document.removeEventListener(name, kick, true);
      context.onstatechange = null;
    };
    graph.unwait = unwait;
    context.onstatechange = () => {
      if (context.state !== 'running' || generation !== this.generation) return;
      unwait();
      graph.running = true;
      rawNoise(false);
      this.emit('changed');
    };
  }

  /** The running RNNoise broke: my voice goes on without it (and the voice changer is rebuilt). */
  private noiseFailed(generation: number, error: unknown): void {
    if (generation !== this.generation) return;
    this.teardown();
    this.denoise = false;
    this.emit('failed', error, 'noise');
    if (this.raw && this.wanted()) void this.build();
  }

  private updatePreview(): void {
    const graph = this.graph;
    if (!graph) return;
    if (this.previewing && !graph.preview) {
      graph.preview = new Audio();
      graph.preview.srcObject = new MediaStream([graph.output]);
      void graph.preview.play().catch(() => undefined);
    } else if (!this.previewing && graph.preview) {
      graph.preview.pause();
      graph.preview.srcObject = null;
      graph.preview = undefined;
    }
  }

  private teardown(): void {
    this.generation++;
    const graph = this.graph;
    this.graph = undefined;
    if (!graph) return;
    if (graph.preview) {
      graph.preview.pause();
      graph.preview.srcObject = null;
    }
    graph.unwait?.();
    graph.source.disconnect();
    graph.noise?.close();
    graph.noise?.node.disconnect();
    graph.node?.disconnect();
    graph.output.stop();
    void graph.context.close().catch(() => undefined);
  }
}
