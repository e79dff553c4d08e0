/**
 * One speaking member's audio turned into utterances: PCM from their AudioTap goes through the
 * speech segmenter (voice activity), each utterance through the speech engine; out come partial
 * hypotheses while they speak and the final text when they stop, with the utterance's times.
 */
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { AsrEngine, AsrUtterance, SegmenterEvent, SpeechSegmenter } from '../engines/types.js';
import { TAP_SAMPLE_RATE, type Tap } from './audio-tap.js';
import { publishOps } from '../ops/ops-events.js';

export interface Utterance {
  /** Unique in the meeting: speaker and a counter. */
  id: string;
  language: string;
  /** Server time (ms). */
  startTime: number;
}

export interface SpeakerStreamEvents {
  partial: [utterance: Utterance, text: string];
  final: [utterance: Utterance, text: string, endTime: number];
}

/** Partial hypotheses go out at most this often. */
const PARTIAL_EVERY_MS = 250;
/** No audio for this long while speaking: the silence the network did not carry is added. */
const SILENCE_GAP_MS = 300;

export class SpeakerStream extends EventEmitter<SpeakerStreamEvents> {
  private current: { utterance: Utterance; asr: AsrUtterance } | undefined;
  private seq = 0;
  /** Samples given to the segmenter (real and filled-in silence). */
  private fed = 0;
  private lastAudioAt = 0;
  private readonly pump: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly tap: Tap,
    private readonly segmenter: SpeechSegmenter,
    private readonly asr: AsrEngine,
    private readonly language: string,
    private readonly speakerId: string,
    private readonly log: FastifyBaseLogger,
  ) {
    super();
    tap.on('pcm', (pcm) => {
      this.lastAudioAt = Date.now();
      this.feed(pcm);
    });
    // Opus DTX sends almost nothing in silence; without this the end of an utterance would wait
    // for the next packet. The silence is added only up to the wall clock.
    this.pump = setInterval(() => this.fillSilence(), 100);
    this.pump.unref();
  }

  private fillSilence(): void {
    if (!this.current || this.closed || this.fed === 0) return;
    const now = Date.now();
    if (now - this.lastAudioAt < SILENCE_GAP_MS) return;
    const due = Math.floor(((now - this.tap.startedAt) / 1000) * TAP_SAMPLE_RATE) - this.fed;
    if (due <= 0) return;
    this.feed(new Int16Array(Math.min(due, TAP_SAMPLE_RATE)));
  }

  private feed(pcm: Int16Array): void {
    if (this.closed) return;
    this.fed += pcm.length;
    let events: SegmenterEvent[];
    try {
      events = this.segmenter.push(pcm);
    } catch (error) {
      this.log.error({ err: error }, 'voice activity detection failed');
      return;
    }
    for (const event of events) this.handle(event);
  }

  private handle(event: SegmenterEvent): void {
    switch (event.type) {
      case 'speechStart': {
        if (this.current) {
          this.current.asr.abort();
          publishOps('utteranceDropped', { reason: 'aborted' });
        }
        const utterance: Utterance = {
          id: `${this.speakerId}-${++this.seq}`,
          language: this.language,
          startTime: this.tap.timeOf(event.atSample),
        };
        // The speaker's id lets the engine keep what it learnt of this voice.
        const asr = this.asr.open(this.language, this.speakerId);
        let lastPartial = 0;
        asr.onPartial((text) => {
          const now = Date.now();
          if (!text.trim() || now - lastPartial < PARTIAL_EVERY_MS) return;
          lastPartial = now;
          this.emit('partial', utterance, text.trim());
        });
        asr.push(event.preroll);
        this.current = { utterance, asr };
        return;
      }
      case 'speech':
        this.current?.asr.push(event.pcm);
        return;
      case 'speechEnd': {
        const done = this.current;
        this.current = undefined;
        if (!done) return;
        const endTime = this.tap.timeOf(event.atSample);
        done.asr.finish().then(
          (text) => this.emit('final', done.utterance, text.trim(), endTime),
          (error: unknown) => {
            this.log.warn({ err: error }, 'speech recognition failed for an utterance');
            publishOps('utteranceDropped', { reason: 'failed' });
            this.emit('final', done.utterance, '', endTime);
          },
        );
        return;
      }
    }
  }

  /** The member went quiet for long (or left): the tap stops; an open utterance ends. */
  async close(): Promise<void> {
    if (this.closed) return;
    for (const event of this.segmenter.flush()) this.handle(event);
    this.segmenter.close();
    this.closed = true;
    clearInterval(this.pump);
    await this.tap.close();
  }
}
