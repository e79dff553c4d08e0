/**
 * ASR_ENGINE=pocketsphinx: Debian's PocketSphinx with the pocketsphinx-en-us model (English),
 * the offline default. A pool of ps-decoder processes, each with the models loaded once
 * (~0.35 s, ~90 MB) and one utterance at a time. None runs until captions are turned on
 * (`prepare`) or someone speaks; then one stays warm until captions have been unused for
 * `LAST_DECODER_IDLE_MS`. More start when people speak at once, up to `maxDecoders`; an
 * utterance that finds none free buffers its audio until one is (a decoder catches up at about
 * seven times real time). Each speaker costs about 0.12 s of CPU per second of audio
 * (scripts/bench/asr.mjs). On a busy machine a decoder is slow, not stuck: it is given the time
 * it needs (more decoders start for those waiting, up to the limit) and killed only when it
 * used no CPU for a long while (pocketsphinx-decoder.ts); its utterance then fails, loudly —
 * the captions mark it not recognised (issue 31) — and the pool goes on.
 *
 * PocketSphinx normalizes each voice by its running cepstral mean, and starting a speaker from
 * another voice's mean costs accuracy (word errors 20% → 39% on the LibriVox clips), so the mean
 * each speaker ended with is kept and handed to whichever decoder takes their next utterance.
 */
import type { AsrEngine, AsrUtterance, LanguageCode } from '../types.js';
import type { EngineLog } from '../log.js';
import { concatPcm } from '../audio/pcm.js';
import { PocketsphinxDecoder, type DecoderOptions } from './pocketsphinx-decoder.js';

/** Extra decoders beyond one warm spare stop after this long unused. */
const IDLE_DECODER_MS = 60_000;
/** The warm decoder stops after this long unused, giving its ~90 MB back to an idle server. */
const LAST_DECODER_IDLE_MS = 10 * 60_000;
/** How many speakers' cepstral means are remembered. */
const MAX_SPEAKERS = 500;
/** After a decoder fails to start, the pool waits this long before trying again. */
const RETRY_AFTER_FAILURE_MS = 5000;
/**
 * Audio goes to the decoder in batches of 160 ms: woken every 20 ms it spends a third more CPU
 * (cold caches; 0.18 against 0.12 s per second of speech, measured), and partial results come
 * every 300 ms anyway. The end of an utterance flushes the batch, so final text is not delayed.
 */
const BATCH_SAMPLES = 2560;

interface PoolMember {
  decoder: PocketsphinxDecoder;
  loaded: boolean;
  busy: boolean;
  idleTimer: NodeJS.Timeout | undefined;
}

class PocketsphinxUtterance implements AsrUtterance {
  private readonly listeners: ((text: string) => void)[] = [];
  /** Audio not yet sent: all of it before a decoder is free, then the current batch. */
  private readonly buffered: Int16Array[] = [];
  private bufferedSamples = 0;
  private decoder: PocketsphinxDecoder | undefined;
  private finishing: { resolve: (text: string) => void; reject: (e: Error) => void } | undefined;
  private result: Promise<string> | undefined;
  done = false;

  constructor(
    private readonly engine: PocketsphinxEngine,
    readonly speaker: string | undefined,
  ) {}

  onPartial(listener: (text: string) => void): void {
    this.listeners.push(listener);
  }

  push(pcm: Int16Array): void {
    if (this.done || this.finishing) return;
    // Copied: the caller may reuse its buffer once push returns.
    this.buffered.push(pcm.slice());
    this.bufferedSamples += pcm.length;
    if (this.decoder && this.bufferedSamples >= BATCH_SAMPLES) this.send(this.decoder);
  }

  private send(decoder: PocketsphinxDecoder): void {
    if (this.bufferedSamples > 0) decoder.audio(concatPcm(this.buffered));
    this.buffered.length = 0;
    this.bufferedSamples = 0;
  }

  finish(): Promise<string> {
    if (this.result) return this.result;
    if (this.done) return Promise.resolve('');
    this.result = new Promise<string>((resolve, reject) => {
      this.finishing = { resolve, reject };
    });
    if (this.decoder) this.end(this.decoder);
    return this.result;
  }

  abort(): void {
    if (this.done) return;
    this.done = true;
    this.buffered.length = 0;
    this.bufferedSamples = 0;
    if (this.decoder) this.end(this.decoder);
    else this.engine.dequeue(this);
  }

  /** Called by the pool once a decoder is free for this utterance. */
  bind(decoder: PocketsphinxDecoder, cmn: Buffer | undefined): void {
    this.decoder = decoder;
    decoder.begin(cmn, (text) => {
      if (this.done) return;
      for (const listener of this.listeners) listener(text);
    });
    this.send(decoder);
    if (this.finishing) this.end(decoder);
  }

  /** The pool could not give this utterance a decoder. */
  fail(error: Error): void {
    this.done = true;
    this.finishing?.reject(error);
    this.result ??= Promise.reject(error);
    this.result.catch(() => undefined);
  }

  private end(decoder: PocketsphinxDecoder): void {
    this.send(decoder);
    decoder.end().then(
      ({ text, cmn }) => {
        this.engine.release(decoder, this.speaker, cmn);
        this.done = true;
        this.finishing?.resolve(text);
      },
      (error: Error) => {
        this.done = true;
        this.finishing?.reject(error);
      },
    );
  }
}

export class PocketsphinxEngine implements AsrEngine {
  readonly name = 'PocketSphinx (English)';
  readonly languages: readonly LanguageCode[] = ['en'];
  private readonly members: PoolMember[] = [];
  private readonly queue: PocketsphinxUtterance[] = [];
  private readonly speakerCmn = new Map<string, Buffer>();
  /** The mean the latest utterance of anyone ended with: a new speaker's best first guess. */
  private lastCmn: Buffer | undefined;
  private failedAt = 0;
  private lastFailure: Error | undefined;
  private closed = false;

  pool(): { size: number; inUse: number } {
    return { size: this.members.length, inUse: this.members.filter((m) => m.busy).length };
  }

  constructor(
    private readonly options: DecoderOptions & { maxDecoders: number },
    private readonly log: EngineLog,
  ) {}

  /** Captions are on somewhere: starts the warm decoder if none runs, so the first words wait less. */
  prepare(): void {
    if (this.closed || this.members.length > 0) return;
    if (Date.now() - this.failedAt < RETRY_AFTER_FAILURE_MS) return;
    this.spawn();
  }

  /** Resolves when the warm decoder has its models loaded (benchmarks, tests). */
  async ready(): Promise<void> {
    this.prepare();
    await Promise.all(this.members.map((m) => m.decoder.ready));
  }

  /** The decoder processes' ids (for measuring their CPU). */
  pids(): number[] {
    return this.members.flatMap((m) => (m.decoder.pid ? [m.decoder.pid] : []));
  }

  /** `speaker` (e.g. a member id) lets the decoder start from that voice's last cepstral mean. */
  open(language: LanguageCode, speaker?: string): AsrUtterance {
    if (!this.languages.includes(language)) {
      throw new Error(`${this.name} does not recognize "${language}"`);
    }
    const utterance = new PocketsphinxUtterance(this, speaker);
    if (this.closed) {
      utterance.fail(new Error('the speech engine is closed'));
      return utterance;
    }
    const free = this.members.find((m) => m.loaded && !m.busy);
    if (free) {
      this.assign(free, utterance);
    } else {
      this.queue.push(utterance);
      this.grow();
    }
    return utterance;
  }

  dequeue(utterance: PocketsphinxUtterance): void {
    const index = this.queue.indexOf(utterance);
    if (index >= 0) this.queue.splice(index, 1);
  }

  release(decoder: PocketsphinxDecoder, speaker: string | undefined, cmn: Buffer): void {
    this.lastCmn = cmn;
    if (speaker !== undefined) {
      this.speakerCmn.delete(speaker);
      this.speakerCmn.set(speaker, cmn);
      if (this.speakerCmn.size > MAX_SPEAKERS) {
        this.speakerCmn.delete(this.speakerCmn.keys().next().value!);
      }
    }
    const member = this.members.find((m) => m.decoder === decoder);
    if (!member) return;
    member.busy = false;
    this.next(member);
  }

  private assign(member: PoolMember, utterance: PocketsphinxUtterance): void {
    member.busy = true;
    clearTimeout(member.idleTimer);
    member.idleTimer = undefined;
    const cmn =
      (utterance.speaker !== undefined ? this.speakerCmn.get(utterance.speaker) : undefined) ??
      this.lastCmn;
    utterance.bind(member.decoder, cmn);
  }

  /** Gives a free decoder the next waiting utterance, or lets it idle (and maybe stop). */
  private next(member: PoolMember): void {
    if (this.closed) return;
    const waiting = this.queue.shift();
    if (waiting) {
      this.assign(member, waiting);
      return;
    }
    this.stopWhenIdle(member);
  }

  /** A free decoder stops after a minute unused while another free one is left, else later. */
  private stopWhenIdle(member: PoolMember): void {
    const spare = () => this.members.some((m) => m !== member && m.loaded && !m.busy);
    const hadSpare = spare();
    clearTimeout(member.idleTimer);
    member.idleTimer = setTimeout(
      () => {
        if (member.busy || this.closed) return;
        // Became the last free one while waiting: it is the warm one now, and waits longer.
        if (hadSpare && !spare()) {
          this.stopWhenIdle(member);
          return;
        }
        this.remove(member);
        void member.decoder.close();
      },
      hadSpare ? IDLE_DECODER_MS : LAST_DECODER_IDLE_MS,
    );
    member.idleTimer.unref();
  }

  /** Starts decoders for waiting utterances, within the limit. */
  private grow(): void {
    const starting = this.members.filter((m) => !m.loaded).length;
    const wanted = Math.min(
      this.queue.length - starting,
      this.options.maxDecoders - this.members.length,
    );
    if (wanted <= 0) return;
    if (Date.now() - this.failedAt < RETRY_AFTER_FAILURE_MS && this.lastFailure) {
      // A decoder just failed to start: fail the waiting utterances rather than spin.
      if (starting === 0 && this.members.every((m) => m.busy)) {
        for (const utterance of this.queue.splice(0)) utterance.fail(this.lastFailure);
      }
      return;
    }
    for (let i = 0; i < wanted; i++) this.spawn();
  }

  private spawn(): void {
    const started = performance.now();
    const decoder = new PocketsphinxDecoder(this.options);
    const member: PoolMember = { decoder, loaded: false, busy: false, idleTimer: undefined };
    this.members.push(member);
    decoder.ready.then(
      () => {
        member.loaded = true;
        this.log.info(
          `pocketsphinx decoder ${decoder.pid} ready in ${Math.round(performance.now() - started)} ms (${this.members.length} running)`,
        );
        this.next(member);
      },
      () => undefined,
    );
    void decoder.exited.then((error) => {
      clearTimeout(member.idleTimer);
      this.remove(member);
      if (!error) return;
      this.log.error(error.message);
      if (!member.loaded) {
        this.failedAt = Date.now();
        this.lastFailure = error;
      }
      if (this.closed) return;
      if (this.members.length === 0) {
        for (const utterance of this.queue.splice(0)) utterance.fail(error);
      }
      // Keep one decoder warm after a crash, but not in a loop when it cannot start at all.
      if (member.loaded && this.members.length === 0) this.spawn();
      else this.grow();
    });
  }

  private remove(member: PoolMember): void {
    const index = this.members.indexOf(member);
    if (index >= 0) this.members.splice(index, 1);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const utterance of this.queue.splice(0)) utterance.fail(new Error('speech engine closed'));
    await Promise.all(
      this.members.splice(0).map((m) => {
        clearTimeout(m.idleTimer);
        return m.decoder.close();
      }),
    );
  }
}
