/**
 * The voice changer between the microphone and what is sent: the raw microphone goes through an
 * AudioWorklet (`/worklets/voice-changer.js`: pitch shifting or a robot voice, plain signal
 * processing in the browser) into a track of its own, which is sent instead of the microphone
 * (replaceTrack, no renegotiation). Changing the voice mid-call only tells the worklet; turning
 * it off sends the raw microphone again. A preview plays the changed voice to me.
 *
 * Owns the raw microphone track it is given (stops it when a new one comes or it closes).
 */
import { Emitter } from './emitter';

export const VOICE_MODES = ['none', 'deeper', 'higher', 'robot'] as const;
export type VoiceMode = (typeof VOICE_MODES)[number];

const WORKLET_URL = '/worklets/voice-changer.js';

export interface VoiceEffectsEvents {
  /** `output` is a different track now (the changed voice started or stopped). */
  changed: [];
  failed: [error: unknown];
}

interface Graph {
  context: AudioContext;
  source: MediaStreamAudioSourceNode;
  node: AudioWorkletNode;
  output: MediaStreamTrack;
  preview?: HTMLAudioElement;
}

export class VoiceEffects extends Emitter<VoiceEffectsEvents> {
  private raw: MediaStreamTrack | null = null;
  private mode: VoiceMode = 'none';
  private graph: Graph | undefined;
  private building: Promise<void> | undefined;
  private previewing = false;
  private generation = 0;

  /** What is shown as my microphone and sent: the changed voice, or the raw microphone. */
  get output(): MediaStreamTrack | null {
    return this.graph?.output ?? this.raw;
  }

  get voice(): VoiceMode {
    return this.mode;
  }

  /** A new microphone (or none): the voice carries over to it. */
  async input(raw: MediaStreamTrack | null): Promise<void> {
    if (raw === this.raw) return;
    this.raw?.stop();
    this.raw = raw;
    this.teardown();
    if (raw && this.mode !== 'none') await this.build();
  }

  async setMode(mode: VoiceMode): Promise<void> {
    const before = this.mode;
    this.mode = mode;
    if (mode === 'none') {
      if (this.graph) {
        this.teardown();
        this.emit('changed');
      }
      return;
    }
    if (this.graph) {
      this.graph.node.port.postMessage({ mode });
      return;
    }
    if (this.raw && before !== mode) await this.build();
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

  private build(): Promise<void> {
    const building = (this.building ?? Promise.resolve()).then(() => this.start());
    this.building = building.finally(() => {
      if (this.building === building) this.building = undefined;
    });
    return this.building;
  }

  private async start(): Promise<void> {
    if (this.graph || !this.raw || this.mode === 'none') return;
    const generation = ++this.generation;
    const raw = this.raw;
    let context: AudioContext | undefined;
    try {
      context = new AudioContext({ sampleRate: 48_000, latencyHint: 'interactive' });
      await context.audioWorklet.addModule(WORKLET_URL);
      const source = context.createMediaStreamSource(new MediaStream([raw]));
      const node = new AudioWorkletNode(context, 'voice-changer', {
        processorOptions: { mode: this.mode },
        outputChannelCount: [1],
      });
      const destination = context.createMediaStreamDestination();
      source.connect(node).connect(destination);
      // A context made outside a user gesture may start suspended.
      if (context.state === 'suspended') await context.resume().catch(() => undefined);
      const output = destination.stream.getAudioTracks()[0];
      if (!output) throw new Error('no output track');
      if (generation !== this.generation || raw !== this.raw || this.voice === 'none') {
        void context.close();
        return;
      }
      this.graph = { context, source, node, output };
      this.updatePreview();
      this.emit('changed');
    } catch (error) {
      void context?.close().catch(() => undefined);
      if (generation !== this.generation) return;
      this.mode = 'none';
      this.emit('failed', error);
    }
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
    graph.source.disconnect();
    graph.node.disconnect();
    graph.output.stop();
    void graph.context.close().catch(() => undefined);
  }
}
