/**
 * A speaker's audio for the caption tests: 16 kHz samples played as an AudioTap would deliver
 * them, 100 ms of audio every `tickMs` (100: real time; 25: four times faster), with
 * `padSeconds` of silence after them so the last utterance ends.
 */
import { EventEmitter } from 'node:events';
import type { AudioTapEvents, Tap } from '../../src/captions/audio-tap.js';

const CHUNK = 1600;

export class PcmTap extends EventEmitter<AudioTapEvents> implements Tap {
  readonly startedAt = Date.now();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly samples: Int16Array,
    private readonly options: { tickMs: number; padSeconds: number },
  ) {
    super();
  }

  async start(): Promise<void> {
    const padded = new Int16Array(this.samples.length + 16_000 * this.options.padSeconds);
    padded.set(this.samples);
    let at = 0;
    this.timer = setInterval(() => {
      if (at >= padded.length) return clearInterval(this.timer);
      this.emit('pcm', padded.slice(at, at + CHUNK));
      at += CHUNK;
    }, this.options.tickMs);
  }

  timeOf(sample: number): number {
    return Math.round(this.startedAt + sample / 16);
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.emit('closed', 'stopped');
  }
}
