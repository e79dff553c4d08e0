/**
 * Captions, translated captions and interpretation in one live room. Takes input through
 * `handle*` methods (the room manager passes on talking events, members leaving, setting
 * changes) and gives output as typed events — a subtitle line or interpreted audio for one
 * member — which the room manager delivers. Only members who speak are listened to; a member
 * who stays quiet for a while is let go. Every final line is stored (the meeting transcript);
 * translation and interpretation are paid through a CreditMeter and stop for everyone when the
 * creator's credits run out.
 */
import { EventEmitter } from 'node:events';
import type { AiFeature, CaptionState, MySpeech, SubtitleMessage } from '@meet/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { ConferenceRow } from '../db/schema/index.js';
import type { Engines, Tone } from '../engines/types.js';
import type { JanusGateway } from '../janus/janus-gateway.js';
import { DEFAULT_SPEECH, type CaptionsRepository } from './captions-repository.js';
import type { CreditsRepository } from '../payments/credits-repository.js';
import { AudioTap, type Tap } from './audio-tap.js';
import type { CaptionsService } from './captions-service.js';
import { CreditMeter } from './credit-meter.js';
import { followLines, storeLine } from './final-lines.js';
import { SpeakerStream, type Utterance } from './speaker-stream.js';
import { hasPair, TranslationRelay, translateLine, untranslated } from './translation-relay.js';
import { inBackground } from '../lib/background.js';

/** A member as captions need them. */
export interface CaptionMember {
  peerId: string;
  userId: number;
  name: string;
  /** Their camera feed and its audio mid, when they publish audio. */
  feed?: number;
  audioMid?: string;
}

/** A piece of interpreted speech for one listener (mono s16le). */
export interface InterpretAudio {
  /** The member whose words these are. */
  peerId: string;
  language: string;
  sampleRate: number;
  seq: number;
  pcm: Buffer;
  /** The last piece of this utterance. */
  end: boolean;
}

export interface RoomCaptionsEvents {
  caption: [toPeerId: string, message: SubtitleMessage];
  audio: [toPeerId: string, audio: InterpretAudio];
}

export interface RoomCaptionsDeps {
  gateway: JanusGateway;
  engines: Engines;
  store: CaptionsRepository;
  credits: CreditsRepository;
  service: CaptionsService;
  log: FastifyBaseLogger;
  /** Where a speaker's audio comes from; Janus (AudioTap) unless a test plays a file. */
  tap?: (member: CaptionMember) => Tap;
}

/** A member quiet this long is no longer listened to (their next words start a new tap). */
export const SPEAKER_IDLE_MS = 30_000;
/** Interpreted audio goes out in pieces of about this length. */
const AUDIO_PIECE_SECONDS = 0.5;

export class RoomCaptions extends EventEmitter<RoomCaptionsEvents> {
  private readonly speakers = new Map<
    string,
    { stream: SpeakerStream; language: string; idle: NodeJS.Timeout; ready: Promise<void> }
  >();
  private readonly settings = new Map<number, MySpeech>();
  private state: Pick<CaptionState, 'asrStatus' | 'stopped'>;
  private readonly meter: CreditMeter;
  /** Interpreted audio of one speaker goes out in the order they spoke. */
  private readonly voiceQueue = new Map<string, Promise<void>>();
  private audioSeq = 0;
  /** Translations of lines still being spoken (issue 31). */
  private readonly relay = new TranslationRelay();
  private closed = false;

  constructor(
    private readonly conf: ConferenceRow,
    private readonly deps: RoomCaptionsDeps,
    private readonly members: () => CaptionMember[],
  ) {
    super();
    this.state = { asrStatus: conf.asrStatus, stopped: [] };
    this.meter = new CreditMeter(conf, deps.credits, (feature) => this.outOfCredits(feature));
    if (conf.asrStatus === 1) deps.engines.asr?.prepare?.();
  }

  /** The creator's credits ran out for a feature: it stops here, and for everyone it served. */
  private async outOfCredits(feature: AiFeature): Promise<void> {
    this.state = { ...this.state, stopped: [...this.state.stopped, feature] };
    await this.deps.service.stopForCredits(this.conf, feature);
  }

  private pay(feature: AiFeature, seconds: number): Promise<boolean> {
    return this.isStopped(feature) ? Promise.resolve(false) : this.meter.pay(feature, seconds);
  }

  /** Reads the members' settings and what was already paid (a restart keeps both). */
  async load(): Promise<void> {
    for (const [userId, speech] of await this.deps.store.settings(this.conf.id))
      this.settings.set(userId, speech);
    await this.meter.load();
  }

  private speechOf(userId: number): MySpeech {
    return this.settings.get(userId) ?? DEFAULT_SPEECH;
  }

  // ── input ──────────────────────────────────────────────────────────────────────────────

  handleState(state: CaptionState): void {
    this.state = { asrStatus: state.asrStatus, stopped: state.stopped };
    // The speech engine loads its models when captions are turned on, not at server start.
    if (state.asrStatus === 1) this.deps.engines.asr?.prepare?.();
    else inBackground(this.stopAll(), this.deps.log, 'stopping captions');
  }

  handleSpeech(userId: number, speech: MySpeech): void {
    const before = this.settings.get(userId);
    this.settings.set(userId, speech);
    // Speaking another language: listen with the engine for it from the next words on.
    if (before && before.speakLanguage !== speech.speakLanguage) {
      for (const m of this.members()) if (m.userId === userId) this.stopInBackground(m.peerId);
    }
  }

  /** Janus says a member is (or stopped) talking. */
  handleTalking(member: CaptionMember, talking: boolean): void {
    const current = this.speakers.get(member.peerId);
    if (current) {
      current.idle.refresh();
      return;
    }
    if (!talking || !this.listening(member)) return;
    this.startSpeaker(member);
  }

  /** A member left, or their microphone feed went away. */
  handleMemberGone(peerId: string): void {
    this.stopInBackground(peerId);
  }

  private listening(member: CaptionMember): boolean {
    const asr = this.deps.engines.asr;
    if (this.closed || this.state.asrStatus !== 1 || !asr) return false;
    if (!this.deps.tap && (member.feed === undefined || !member.audioMid)) return false;
    // No engine for the language they speak: no captions rather than wrong ones.
    return asr.languages.includes(this.speechOf(member.userId).speakLanguage);
  }

  // ── speakers ───────────────────────────────────────────────────────────────────────────

  private startSpeaker(member: CaptionMember): void {
    const { gateway, engines, log } = this.deps;
    const language = this.speechOf(member.userId).speakLanguage;
    const tap =
      this.deps.tap?.(member) ??
      new AudioTap(gateway, this.conf.id, member.feed!, member.audioMid!, log);
    const stream = new SpeakerStream(
      tap,
      engines.vad.create(),
      engines.asr!,
      language,
      member.peerId,
      log,
    );
    stream.on('partial', (utterance, text) => this.partial(member, utterance, text));
    // Final lines in the order spoken; late and unrecognised speech said so (issue 31).
    followLines(stream, member, {
      log,
      send: (line) => this.toAll(line),
      store: (u, text, end) =>
        storeLine({ ...this.deps, conferenceId: this.conf.id }, member, u, text, end),
      final: (u, text, end) => this.final(member, u, text, end),
    });
    tap.on('closed', () => {
      if (this.speakers.get(member.peerId)?.stream === stream) this.speakers.delete(member.peerId);
    });
    const idle = setTimeout(() => this.stopInBackground(member.peerId), SPEAKER_IDLE_MS);
    idle.unref();
    const ready = tap.start().catch((error: unknown) => {
      log.warn({ err: error, peerId: member.peerId }, 'could not listen to a speaker');
      this.stopInBackground(member.peerId);
    });
    this.speakers.set(member.peerId, { stream, language, idle, ready });
  }

  /** Stops a speaker's stream without waiting for it (its last line may still be written). */
  private stopInBackground(peerId: string): void {
    const context = { conferenceId: this.conf.conferenceId };
    inBackground(this.stopSpeaker(peerId), this.deps.log, "stopping a speaker's captions", context);
  }

  private async stopSpeaker(peerId: string): Promise<void> {
    const speaker = this.speakers.get(peerId);
    if (!speaker) return;
    this.speakers.delete(peerId);
    clearTimeout(speaker.idle);
    await speaker.ready;
    await speaker.stream.close();
  }

  private async stopAll(): Promise<void> {
    await Promise.all([...this.speakers.keys()].map((peerId) => this.stopSpeaker(peerId)));
  }

  /** One line, the same for every reader of the moment. */
  private toAll(line: SubtitleMessage): void {
    for (const reader of this.readers()) this.emit('caption', reader.peerId, line);
  }

  /** Who reads captions now: members in the room with captions on. */
  private readers(): CaptionMember[] {
    if (this.state.asrStatus !== 1) return [];
    return this.members().filter((m) => this.speechOf(m.userId).captionsOn);
  }

  private message(
    speaker: CaptionMember,
    utterance: Utterance,
    fields: Pick<SubtitleMessage, 'type' | 'status' | 'srcText' | 'dstText' | 'dstLanguage'> & {
      endTime?: number;
    },
  ): SubtitleMessage {
    return {
      id: utterance.id,
      scode: speaker.peerId,
      sname: speaker.name,
      srcLanguage: utterance.language,
      startTime: utterance.startTime,
      endTime: fields.endTime ?? 0,
      type: fields.type,
      status: fields.status,
      srcText: fields.srcText,
      dstText: fields.dstText,
      dstLanguage: fields.dstLanguage,
    };
  }

  private partial(speaker: CaptionMember, utterance: Utterance, text: string): void {
    const into = (reader: CaptionMember) => this.into(reader, utterance.language);
    // Readers with a caption language read the translation of the words so far (issue 31).
    const send = (srcText: string) => {
      const line = this.message(speaker, utterance, {
        type: 'asr_realtime',
        status: 'processing',
        srcText,
        dstText: '',
        dstLanguage: '',
      });
      for (const reader of this.readers())
        this.emit('caption', reader.peerId, this.relay.lineFor(line, into(reader)));
    };
    if (this.readers().some(into)) {
      this.relay.partial(utterance.id, utterance.language, text, {
        translate: (t, from, to) => this.translate(t, from, to),
        languages: () => [...new Set(this.readers().map(into).filter(Boolean))],
        updated: (id) => send(this.relay.words(id)),
      });
    }
    send(text);
  }

  private async final(
    speaker: CaptionMember,
    utterance: Utterance,
    text: string,
    endTime: number,
  ): Promise<void> {
    this.relay.end(utterance.id);
    const src = utterance.language;
    const spoken = this.message(speaker, utterance, {
      type: 'asr_final',
      status: 'final',
      srcText: text,
      dstText: '',
      dstLanguage: '',
      endTime,
    });
    // Nothing recognized: the readers' pending line goes away (an empty final), nothing is kept.
    if (!text) return this.toAll(spoken);
    const seconds = Math.max(0.5, (endTime - utterance.startTime) / 1000);
    const lines = { ...this.deps, conferenceId: this.conf.id };
    const stored = storeLine(lines, speaker, utterance, text, endTime);
    stored.catch(() => undefined); // stored while translated; awaited before sending
    // Translated captions, one translation per language asked for.
    const wanted = new Map<string, CaptionMember[]>();
    for (const reader of this.readers()) {
      const into = this.into(reader, src);
      wanted.set(into, [...(wanted.get(into) ?? []), reader]);
    }
    const translations = new Map<string, string>();
    const engines = this.deps.engines.translate;
    const translated = [...wanted.keys()].filter((l) => l && hasPair(engines, src, l));
    const paid = translated.length > 0 && (await this.pay('translate', seconds));
    if (paid) {
      await Promise.all(
        translated.map(async (language) => {
          const out = await this.translate(text, src, language);
          if (out) translations.set(language, out);
        }),
      );
    }
    await stored;
    for (const [language, group] of wanted) {
      const dstText = translations.get(language);
      const line = dstText
        ? this.message(speaker, utterance, {
            type: 'translate_result_final',
            status: 'final',
            srcText: text,
            dstText,
            dstLanguage: language,
            endTime,
          })
        : untranslated(spoken, language, paid, hasPair(engines, src, language));
      for (const reader of group) this.emit('caption', reader.peerId, line);
    }
    this.interpret(speaker, utterance, text, seconds, translations);
  }

  /** The language a reader reads `src` lines in, or '' as spoken. */
  private into(reader: CaptionMember, src: string): string {
    const language = this.speechOf(reader.userId).captionLanguage;
    return language && language !== src && !this.isStopped('translate') ? language : '';
  }

  private isStopped(feature: AiFeature): boolean {
    return this.state.stopped.includes(feature);
  }

  private translate(text: string, from: string, to: string): Promise<string | null> {
    return translateLine(this.deps.engines.translate, this.deps.log, text, from, to);
  }

  /**
   * Interpretation: a speaker who turned it on is translated into their target language and
   * spoken to the members who listen in that language; the original voice is theirs to duck.
   */
  private interpret(
    speaker: CaptionMember,
    utterance: Utterance,
    text: string,
    seconds: number,
    translations: Map<string, string>,
  ): void {
    const speech = this.speechOf(speaker.userId);
    const tts = this.deps.engines.tts;
    if (!speech.interpretOn || !tts || this.isStopped('interpret')) return;
    const target = speech.interpretTarget;
    const listeners = this.members().filter(
      (m) => m.peerId !== speaker.peerId && this.speechOf(m.userId).listenLanguage === target,
    );
    if (listeners.length === 0) return;
    const previous = this.voiceQueue.get(speaker.peerId) ?? Promise.resolve();
    const next = previous.then(async () => {
      if (!(await this.pay('interpret', seconds))) return;
      const words =
        target === utterance.language
          ? text
          : (translations.get(target) ?? (await this.translate(text, utterance.language, target)));
      if (!words) return;
      const tone: Tone = speech.interpretTone === 2 ? 'woman' : 'man';
      const voice = await tts.synthesize(words, target, tone);
      const piece = Math.round(voice.sampleRate * AUDIO_PIECE_SECONDS);
      for (let at = 0; at < voice.pcm.length; at += piece) {
        const pcm = voice.pcm.subarray(at, at + piece);
        const audio: InterpretAudio = {
          peerId: speaker.peerId,
          language: target,
          sampleRate: voice.sampleRate,
          seq: ++this.audioSeq,
          pcm: Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength),
          end: at + piece >= voice.pcm.length,
        };
        for (const listener of listeners) this.emit('audio', listener.peerId, audio);
      }
    });
    const settled = next.catch((error: unknown) =>
      this.deps.log.warn({ err: error }, 'interpretation failed'),
    );
    this.voiceQueue.set(speaker.peerId, settled);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.relay.close();
    await this.stopAll();
    this.removeAllListeners();
  }
}
