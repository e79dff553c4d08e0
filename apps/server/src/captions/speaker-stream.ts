/**
 * One speaking member's audio turned into utterances: PCM from their AudioTap goes through the
 * speech segmenter (voice activity), each utterance through the speech engine; out come partial
 * hypotheses while they speak and the final text when they stop, with the utterance's times.
 *
 * No utterance the segmenter cut is lost (issue 31): finals go out in the order spoken; one
 * whose text is more than DELAYED_AFTER_MS late is announced as delayed (the readers see a
 * pending line) and waited for, up to MAX_WAIT_MS; one the engine cannot recognise (it failed,
 * its decoder was stuck, or it waited longer than that) becomes `unrecognized` with its times.
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
  /** Recognised ('' when the engine heard no words in it). */
  final: [utterance: Utterance, text: string, endTime: number];
  /** The utterance ended DELAYED_AFTER_MS ago and its text is not there yet. */
  delayed: [utterance: Utterance, endTime: number];
  /** Speech that could not be recognised: said so, with its times, never dropped. */
  unrecognized: [utterance: Utterance, endTime: number, reason: string];
}

/** A final this late after the end of speech is announced as delayed. */
export const DELAYED_AFTER_MS = 2000;
/** While still late, it is announced again this often (readers drop a line unchanged for 6 s). */
export const DELAYED_AGAIN_MS = 4000;
/** An utterance's text is waited for this long after its end before it counts as lost. */
export const MAX_WAIT_MS = 5 * 60_000;

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
  /** The finals not out yet, in the order spoken: each goes out after the one before. */
  private finals: Promise<void> = Promise.resolve();

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
        // An utterance the segmenter did not end (it always does) is ended here, not dropped.
        if (this.current) this.ended(this.current, this.tap.timeOf(event.atSample));
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
        this.ended(done, this.tap.timeOf(event.atSample));
        return;
      }
    }
  }

  /** Waits for an ended utterance's text and sends it out in turn, late or unrecognised. */
  private ended(done: { utterance: Utterance; asr: AsrUtterance }, endTime: number): void {
    const { utterance, asr } = done;
    let settled = false;
    let giveUp: NodeJS.Timeout | undefined;
    const result = Promise.race([
      asr.finish().then((text) => ({ text: text.trim() })),
      new Promise<never>((_, reject) => {
        giveUp = setTimeout(() => {
          asr.abort();
          reject(new Error(`no text ${MAX_WAIT_MS / 1000} s after the end of speech`));
        }, MAX_WAIT_MS);
        giveUp.unref();
      }),
    ]).then(
      (r) => r,
      (error: unknown) => ({ error }),
    );
    void result.then(() => clearTimeout(giveUp));
    // Late: the readers see a pending line for it until its text comes (said again now and
    // then, so the line outlives the readers' clean-up however long the lag).
    let late: NodeJS.Timeout | undefined;
    const announce = (after: number) => {
      late = setTimeout(() => {
        if (settled) return;
        this.emit('delayed', utterance, endTime);
        announce(DELAYED_AGAIN_MS);
      }, after).unref();
    };
    announce(DELAYED_AFTER_MS);
    this.finals = this.finals.then(async () => {
      const r = await result;
      settled = true;
      clearTimeout(late);
      if ('text' in r) {
        this.emit('final', utterance, r.text, endTime);
        return;
      }
      const reason = r.error instanceof Error ? r.error.message : String(r.error);
      this.log.warn({ err: r.error, utterance: utterance.id }, 'speech not recognised');
      publishOps('utteranceDropped', { reason: 'failed' });
      this.emit('unrecognized', utterance, endTime, reason);
    });
    // A listener that throws must not hold back the lines after this one.
    this.finals = this.finals.catch((error: unknown) =>
      this.log.error({ err: error }, 'caption line failed'),
    );
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
