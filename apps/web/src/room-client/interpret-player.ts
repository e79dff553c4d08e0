/**
 * Plays interpreted speech (the `/room` socket's interpretAudio: mono s16le pieces of about
 * 0.5 s, in order per speaker) through Web Audio, and says which speakers are being interpreted
 * right now so the UI can duck their original voices. Per speaker, pieces collect in a play
 * buffer that is flushed after 100 ms without a new piece, or at once when an utterance ends
 * (SPEC.md section 9); a flush is scheduled right after what is already playing, or a little
 * ahead of now when nothing is (the jitter buffer). The AudioContext is made and resumed on a
 * user gesture (joining counts), and follows the chosen speaker where setSinkId exists.
 */
import { Emitter } from './emitter';

/** SPEC.md section 9: "speech translation play buffers flush after 100 ms idle". */
export const INTERPRET_FLUSH_IDLE_MS = 100;
/** Head start of audio after a pause, so a piece arriving a little late still joins seamlessly. */
export const INTERPRET_JITTER_S = 0.15;
/** A speaker counts as interpreted this long after their interpreted voice stopped. */
export const INTERPRET_HOLD_MS = 1500;

/** One piece of interpreted speech, as the `/room` socket delivers it. */
export interface InterpretPiece {
  peerId: string;
  language: string;
  sampleRate: number;
  seq: number;
  end: boolean;
  pcm: ArrayBuffer | Uint8Array;
}

/** The parts of Web Audio used here (a fake stands in for it in unit tests). */
export interface AudioBufferLike {
  readonly duration: number;
  getChannelData(channel: number): Float32Array;
}
export interface BufferSourceLike {
  buffer: AudioBufferLike | null;
  onended: (() => void) | null;
  connect(destination: unknown): unknown;
  start(when: number): void;
  stop(): void;
}
export interface AudioContextLike {
  readonly currentTime: number;
  readonly state: string;
  readonly destination: unknown;
  createBuffer(channels: number, length: number, sampleRate: number): AudioBufferLike;
  createBufferSource(): BufferSourceLike;
  resume(): Promise<void>;
  close(): Promise<void>;
  setSinkId?(id: string): Promise<void>;
}

export interface InterpretPlayerEvents {
  /** The members whose interpreted speech plays for me now (sorted); [] when none. */
  speakers: [peerIds: string[]];
}

interface Voice {
  /** Samples waiting for the flush, and their rate. */
  pending: Float32Array[];
  sampleRate: number;
  /** Where the next flush starts on the context's clock. */
  nextTime: number;
  lastSeq: number;
  flushTimer: ReturnType<typeof setTimeout> | undefined;
  doneTimer: ReturnType<typeof setTimeout> | undefined;
  sources: Set<BufferSourceLike>;
}

function defaultContext(): AudioContextLike | null {
  if (typeof AudioContext === 'undefined') return null;
  return new AudioContext() as unknown as AudioContextLike;
}

/** Mono signed 16-bit little-endian samples as floats in -1..1. */
export function decodePcm16(pcm: ArrayBuffer | Uint8Array): Float32Array {
  const bytes = pcm instanceof Uint8Array ? pcm : new Uint8Array(pcm);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float32Array(bytes.byteLength >> 1);
  for (let i = 0; i < out.length; i++) out[i] = view.getInt16(i * 2, true) / 32768;
  return out;
}

export class InterpretPlayer extends Emitter<InterpretPlayerEvents> {
  private context: AudioContextLike | null = null;
  private readonly voices = new Map<string, Voice>();
  private readonly active = new Set<string>();
  /** The language I listen in; null until known (then pieces are taken as they come). */
  private language: string | null = null;
  private sinkId = '';
  private closed = false;
  /** A click or key press resumes a context the browser kept suspended. */
  private readonly onGesture = () => {
    if (this.context?.state === 'suspended') void this.context.resume().catch(() => undefined);
  };

  constructor(private readonly createContext: () => AudioContextLike | null = defaultContext) {
    super();
    // Autoplay rules: a context may only run after a user gesture; any later one will do.
    if (typeof document !== 'undefined') {
      document.addEventListener('pointerdown', this.onGesture, true);
      document.addEventListener('keydown', this.onGesture, true);
    }
  }

  /** Makes (or resumes) the context; call it from a user gesture such as "Join now". */
  unlock(): void {
    const context = this.ensureContext();
    if (context && context.state === 'suspended') void context.resume().catch(() => undefined);
  }

  /** The language I listen in ('' = original voices): anything else stops and is ignored. */
  setListenLanguage(language: string): void {
    if (this.language === language) return;
    this.language = language;
    this.stopAll();
  }

  /** The chosen speaker ('' = the system default). */
  setSink(sinkId: string): void {
    this.sinkId = sinkId;
    this.applySink();
  }

  handleAudio(piece: InterpretPiece): void {
    if (this.closed) return;
    if (this.language !== null && piece.language !== this.language) return;
    let voice = this.voices.get(piece.peerId);
    if (!voice) {
      voice = {
        pending: [],
        sampleRate: piece.sampleRate,
        nextTime: 0,
        lastSeq: -Infinity,
        flushTimer: undefined,
        doneTimer: undefined,
        sources: new Set(),
      };
      this.voices.set(piece.peerId, voice);
    }
    // A repeat (or a piece overtaken by a later one) would play twice or out of order.
    if (piece.seq <= voice.lastSeq) return;
    voice.lastSeq = piece.seq;
    if (voice.pending.length > 0 && voice.sampleRate !== piece.sampleRate)
      this.flush(piece.peerId, voice);
    voice.sampleRate = piece.sampleRate;
    const samples = decodePcm16(piece.pcm);
    if (samples.length > 0) voice.pending.push(samples);
    clearTimeout(voice.flushTimer);
    if (piece.end) this.flush(piece.peerId, voice);
    else
      voice.flushTimer = setTimeout(() => this.flush(piece.peerId, voice), INTERPRET_FLUSH_IDLE_MS);
  }

  /** Stops what plays and forgets what waits, for everyone. */
  stopAll(): void {
    for (const voice of this.voices.values()) {
      clearTimeout(voice.flushTimer);
      clearTimeout(voice.doneTimer);
      for (const source of voice.sources) {
        try {
          source.stop();
        } catch {
          // not started yet, or already over
        }
      }
    }
    this.voices.clear();
    if (this.active.size > 0) {
      this.active.clear();
      this.emit('speakers', []);
    }
  }

  close(): void {
    if (this.closed) return;
    this.stopAll();
    this.closed = true;
    if (typeof document !== 'undefined') {
      document.removeEventListener('pointerdown', this.onGesture, true);
      document.removeEventListener('keydown', this.onGesture, true);
    }
    void this.context?.close().catch(() => undefined);
    this.context = null;
    this.removeAllListeners();
  }

  private ensureContext(): AudioContextLike | null {
    if (this.closed) return null;
    if (!this.context) {
      try {
        this.context = this.createContext();
      } catch (error) {
        console.warn('room-client: no audio context for interpretation', error);
        this.context = null;
      }
      this.applySink();
    }
    return this.context;
  }

  private applySink(): void {
    const context = this.context;
    if (!context?.setSinkId) return;
    void context.setSinkId(this.sinkId).catch(() => undefined);
  }

  private flush(peerId: string, voice: Voice): void {
    clearTimeout(voice.flushTimer);
    voice.flushTimer = undefined;
    const total = voice.pending.reduce((n, p) => n + p.length, 0);
    const context = this.ensureContext();
    if (total === 0 || !context) {
      voice.pending = [];
      return;
    }
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    const buffer = context.createBuffer(1, total, voice.sampleRate);
    const channel = buffer.getChannelData(0);
    let at = 0;
    for (const part of voice.pending) {
      channel.set(part, at);
      at += part.length;
    }
    voice.pending = [];
    const source = context.createBufferSource();
    source.buffer = buffer;
    source.connect(context.destination);
    const start = Math.max(voice.nextTime, context.currentTime + INTERPRET_JITTER_S);
    source.start(start);
    voice.nextTime = start + buffer.duration;
    voice.sources.add(source);
    source.onended = () => voice.sources.delete(source);
    this.setActive(peerId, true);
    this.watchEnd(peerId, voice);
  }

  /** The speaker stops counting as interpreted a moment after their last audio has played. */
  private watchEnd(peerId: string, voice: Voice): void {
    clearTimeout(voice.doneTimer);
    const context = this.context;
    const left = context ? Math.max(0, voice.nextTime - context.currentTime) : 0;
    voice.doneTimer = setTimeout(
      () => {
        const now = this.context;
        // Still playing (the clock ran slower than the timer), or more arrived: look again later.
        if (
          now &&
          now.state === 'running' &&
          (voice.nextTime - now.currentTime > 0.05 || voice.pending.length > 0)
        ) {
          this.watchEnd(peerId, voice);
          return;
        }
        this.setActive(peerId, false);
      },
      left * 1000 + INTERPRET_HOLD_MS,
    );
  }

  private setActive(peerId: string, on: boolean): void {
    if (on === this.active.has(peerId)) return;
    if (on) this.active.add(peerId);
    else this.active.delete(peerId);
    this.emit('speakers', [...this.active].sort());
  }
}
