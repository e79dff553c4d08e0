/**
 * The AI engines behind captions, translation and interpretation, each an interface with
 * several implementations chosen by config. Audio is 16 kHz mono signed 16-bit PCM unless said
 * otherwise. Every engine has a `name` the UI and /healthz show; nothing here ever invents text.
 */

/** Languages as ISO 639-1 codes: 'en', 'zh', 'es', … */
export type LanguageCode = string;

/** Speech recognition of one utterance at a time. */
export interface AsrEngine {
  /** Shown to people, e.g. "PocketSphinx (English)". */
  readonly name: string;
  /** Languages it recognizes. */
  readonly languages: readonly LanguageCode[];
  /**
   * Starts one utterance in `language` (one of `languages`). `speaker` (e.g. the member id) lets
   * an engine that adapts to a voice carry that across the speaker's utterances (PocketSphinx's
   * cepstral mean: word errors 20% with it, 39% without, on the LibriVox clips).
   */
  open(language: LanguageCode, speaker?: string): AsrUtterance;
  /** Engines with a pool of decoders: how many run, and how many are decoding now (metrics). */
  pool?(): { size: number; inUse: number };
  /**
   * Captions were turned on: load now what the first utterance will need, in the background.
   * Engines that hold nothing until then (none, or a model loaded at start) leave it out.
   */
  prepare?(): void;
  close(): Promise<void>;
}

export interface AsrUtterance {
  /** Partial hypotheses while audio arrives; engines without partials never call it. */
  onPartial(listener: (text: string) => void): void;
  /** More audio of the utterance (16 kHz mono s16le). */
  push(pcm: Int16Array): void;
  /** The utterance is over: the final text ('' when nothing was recognized). */
  finish(): Promise<string>;
  /** Drops the utterance without a result. */
  abort(): void;
}

/** Cuts a stream of audio into utterances (voice activity detection). */
export interface SpeechSegmenter {
  /** Feeds audio (16 kHz mono s16le) and returns what happened in it, in order. */
  push(pcm: Int16Array): SegmenterEvent[];
  /** The stream ended: closes an open utterance. */
  flush(): SegmenterEvent[];
  /** Gives back the detector (reused by the next `create()`); the segmenter is not used after. */
  close(): void;
}

export type SegmenterEvent =
  /** Speech began `atSample` samples into the stream; `preroll` is the audio just before it. */
  | { type: 'speechStart'; atSample: number; preroll: Int16Array }
  /** Audio inside the utterance. */
  | { type: 'speech'; pcm: Int16Array }
  /** Speech ended `atSample` samples into the stream. */
  | { type: 'speechEnd'; atSample: number };

export interface SegmenterFactory {
  readonly name: string;
  create(): SpeechSegmenter;
}

export interface TranslateEngine {
  readonly name: string;
  /** The [source, target] pairs it translates. */
  readonly pairs: readonly (readonly [LanguageCode, LanguageCode])[];
  translate(text: string, from: LanguageCode, to: LanguageCode): Promise<string>;
  close(): Promise<void>;
}

export type Tone = 'man' | 'woman';

export interface Voice {
  language: LanguageCode;
  tone: Tone;
  /** SPEC.md's voice name where one applies (tom_joy, lucy_joy, yuexiaozhi, yuexiaomei). */
  name: string;
}

export interface TtsEngine {
  readonly name: string;
  readonly voices: readonly Voice[];
  /** Speech for `text` in `language` with a voice of `tone`; mono s16le at `sampleRate`. */
  synthesize(
    text: string,
    language: LanguageCode,
    tone: Tone,
  ): Promise<{ sampleRate: number; pcm: Int16Array }>;
  close(): Promise<void>;
}

/** One line of a transcript handed to the summary engine. */
export interface SummaryLine {
  speaker: string;
  text: string;
  /** Milliseconds from the start of the recording. */
  startTime: number;
}

/** AI minutes and chapters from a transcript (SPEC.md: AI minutes and chapters). */
export interface SummaryEngine {
  readonly name: string;
  summarize(input: {
    lines: readonly SummaryLine[];
    /** The main language of the transcript ('en', 'zh', …) — the minutes are written in it. */
    language: LanguageCode;
    /** The meeting's title, for context. */
    title: string;
  }): Promise<{ minutes: string; chapters: { startTime: number; title: string }[] }>;
  close(): Promise<void>;
}

/** The engines this server runs with, built once from the config. */
export interface Engines {
  asr: AsrEngine | null;
  vad: SegmenterFactory;
  /** Tried in order: the first that has a pair translates it. */
  translate: readonly TranslateEngine[];
  tts: TtsEngine | null;
  /** Minutes and chapters of recordings (the extractive engine by default). */
  summary: SummaryEngine | null;
  /** For /healthz and the UI: the engine in use for each capability, or 'none'. */
  describe(): { asr: string; vad: string; translate: string; tts: string; summary: string };
  close(): Promise<void>;
}
