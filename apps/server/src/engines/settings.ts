/**
 * The engine settings of the environment: which speech, voice-activity, translation, synthesis
 * and summary engines run, and where the configurable ones are. Parsed once with the rest of the
 * config (config.ts spreads `engineEnv` into its schema and calls `engineSettings`); the checks
 * here need no disk or network — `createEngines` checks folders and binaries when it starts.
 */
import { z } from 'zod';

const optionalText = z.string().optional();
const optionalUrl = z.union([z.literal(''), z.url()]).optional();

const wholeNumber = (fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      const n = Number(value);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({
          code: 'custom',
          message: `expected a whole number from ${min} to ${max}, got "${value}"`,
        });
        return z.NEVER;
      }
      return n;
    });

/** The environment variables of the engines (spread into config.ts's schema). */
export const engineEnv = {
  ASR_ENGINE: z.enum(['pocketsphinx', 'sherpa-onnx', 'openai', 'none']).default('pocketsphinx'),
  POCKETSPHINX_MODEL_DIR: optionalText,
  POCKETSPHINX_DECODERS: wholeNumber(4, 1, 32),
  POCKETSPHINX_ARGS: optionalText,
  SHERPA_ONNX_MODEL_DIR: optionalText,
  SHERPA_ONNX_LANGUAGES: optionalText,
  SHERPA_ONNX_THREADS: wholeNumber(1, 1, 16),
  ASR_OPENAI_URL: optionalUrl,
  ASR_OPENAI_MODEL: optionalText,
  ASR_OPENAI_KEY: optionalText,
  ASR_OPENAI_LANGUAGES: optionalText,
  VAD_MODEL: z.enum(['silero-v5', 'silero-v6', 'silero-legacy']).default('silero-v5'),
  VAD_SILENCE_MS: wholeNumber(200, 100, 5000),
  VAD_MAX_UTTERANCE_MS: wholeNumber(15_000, 2000, 120_000),
  TRANSLATE_ENGINES: z.string().default('apertium'),
  TRANSLATE_OPENAI_URL: optionalUrl,
  TRANSLATE_OPENAI_MODEL: optionalText,
  TRANSLATE_OPENAI_KEY: optionalText,
  TRANSLATE_OPENAI_LANGUAGES: optionalText,
  LIBRETRANSLATE_URL: optionalUrl,
  LIBRETRANSLATE_KEY: optionalText,
  TTS_ENGINE: z.enum(['espeak-ng', 'openai', 'none']).default('espeak-ng'),
  TTS_OPENAI_URL: optionalUrl,
  TTS_OPENAI_MODEL: optionalText,
  TTS_OPENAI_KEY: optionalText,
  TTS_OPENAI_LANGUAGES: optionalText,
  TTS_OPENAI_VOICE_MAN: optionalText,
  TTS_OPENAI_VOICE_WOMAN: optionalText,
  SUMMARY_ENGINE: z.enum(['extractive', 'openai', 'none']).default('extractive'),
  SUMMARY_OPENAI_URL: optionalUrl,
  SUMMARY_OPENAI_MODEL: optionalText,
  SUMMARY_OPENAI_KEY: optionalText,
  SUMMARY_OPENAI_TIMEOUT_MS: wholeNumber(300_000, 1000, 3_600_000),
  ENGINE_HTTP_TIMEOUT_MS: wholeNumber(20_000, 1000, 600_000),
};

type EngineEnv = z.output<z.ZodObject<typeof engineEnv>>;

/** An OpenAI-compatible HTTP endpoint: base URL (with or without /v1), model and key. */
export interface OpenAiEndpoint {
  url: string;
  model: string;
  key: string | undefined;
  /** ISO 639-1 codes it is used for. */
  languages: string[];
}

export type TranslateEngineName = 'apertium' | 'openai' | 'libretranslate';

export interface EngineSettings {
  asr:
    | { engine: 'none' }
    | {
        engine: 'pocketsphinx';
        /** Undefined: Debian's pocketsphinx-en-us (a missing default only disables speech). */
        modelDir: string | undefined;
        /** At most this many decoder processes (each one utterance at a time, ~90 MB). */
        decoders: number;
        /** Extra PocketSphinx arguments (speed/accuracy trade-offs). */
        args: string[];
      }
    | { engine: 'sherpa-onnx'; modelDir: string; languages: string[]; threads: number }
    | ({ engine: 'openai' } & OpenAiEndpoint);
  vad: {
    model: 'silero-v5' | 'silero-v6' | 'silero-legacy';
    /** Silence that ends an utterance. */
    silenceMs: number;
    /** Continuous speech is cut into utterances of at most this length. */
    maxUtteranceMs: number;
  };
  /** Tried in this order. */
  translate: TranslateEngineName[];
  translateOpenai: OpenAiEndpoint | undefined;
  libretranslate: { url: string; key: string | undefined } | undefined;
  tts:
    | { engine: 'none' }
    | { engine: 'espeak-ng' }
    | ({ engine: 'openai'; voiceMan: string; voiceWoman: string } & OpenAiEndpoint);
  /** Minutes and chapters of recordings. */
  summary:
    | { engine: 'none' }
    | { engine: 'extractive' }
    | { engine: 'openai'; url: string; model: string; key: string | undefined; timeoutMs: number };
  /** Longest wait for any HTTP engine's answer. */
  httpTimeoutMs: number;
}

/**
 * Tuned on the LibriVox clips: one decoding pass without the flat-lexicon and lattice passes,
 * and tighter pruning. Word errors 20% instead of 31% (a reader's clips in a row), with 60% of
 * the CPU (0.15 instead of 0.25 s per second of speech), and the final text right at the end.
 */
export const DEFAULT_POCKETSPHINX_ARGS = '-fwdflat no -bestpath no -maxhmmpf 3000 -maxwpf 5';

function languageList(value: string | undefined, fallback: string[], setting: string): string[] {
  if (value === undefined || value.trim() === '') return fallback;
  const codes = value
    .split(',')
    .map((code) => code.trim().toLowerCase())
    .filter(Boolean);
  const bad = codes.find((code) => !/^[a-z]{2}$/.test(code));
  if (bad !== undefined) {
    throw new Error(`${setting}: "${bad}" is not a two-letter language code (ISO 639-1)`);
  }
  return codes;
}

function endpoint(
  e: EngineEnv,
  prefix: 'ASR_OPENAI' | 'TRANSLATE_OPENAI' | 'TTS_OPENAI',
  reason: string,
  defaultModel: string | undefined,
): OpenAiEndpoint {
  const url = e[`${prefix}_URL`];
  if (!url) throw new Error(`${reason} needs ${prefix}_URL (the endpoint's base URL)`);
  const model = e[`${prefix}_MODEL`] || defaultModel;
  if (!model) throw new Error(`${reason} needs ${prefix}_MODEL (the model to ask for)`);
  return {
    url,
    model,
    key: e[`${prefix}_KEY`] || undefined,
    languages: languageList(e[`${prefix}_LANGUAGES`], ['en', 'zh'], `${prefix}_LANGUAGES`),
  };
}

function translateList(value: string): TranslateEngineName[] {
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '' && name !== 'none');
  const known: readonly string[] = ['apertium', 'openai', 'libretranslate'];
  const bad = names.find((name) => !known.includes(name));
  if (bad !== undefined) {
    throw new Error(
      `TRANSLATE_ENGINES: unknown engine "${bad}" (expected a comma-separated list of apertium, openai, libretranslate, or none)`,
    );
  }
  return [...new Set(names)] as TranslateEngineName[];
}

/** Checks the settings that depend on each other; `fail` makes the error config.ts throws. */
export function engineSettings(e: EngineEnv, fail: (message: string) => Error): EngineSettings {
  try {
    return parse(e);
  } catch (error) {
    throw fail((error as Error).message);
  }
}

function parse(e: EngineEnv): EngineSettings {
  let asr: EngineSettings['asr'];
  switch (e.ASR_ENGINE) {
    case 'none':
      asr = { engine: 'none' };
      break;
    case 'pocketsphinx':
      asr = {
        engine: 'pocketsphinx',
        modelDir: e.POCKETSPHINX_MODEL_DIR || undefined,
        decoders: e.POCKETSPHINX_DECODERS,
        args: (e.POCKETSPHINX_ARGS ?? DEFAULT_POCKETSPHINX_ARGS).split(/\s+/).filter(Boolean),
      };
      break;
    case 'sherpa-onnx':
      if (!e.SHERPA_ONNX_MODEL_DIR) {
        throw new Error(
          'ASR_ENGINE=sherpa-onnx needs SHERPA_ONNX_MODEL_DIR (a streaming model folder: encoder, decoder and joiner .onnx files and tokens.txt)',
        );
      }
      asr = {
        engine: 'sherpa-onnx',
        modelDir: e.SHERPA_ONNX_MODEL_DIR,
        languages: languageList(e.SHERPA_ONNX_LANGUAGES, ['zh', 'en'], 'SHERPA_ONNX_LANGUAGES'),
        threads: e.SHERPA_ONNX_THREADS,
      };
      break;
    case 'openai':
      asr = {
        engine: 'openai',
        ...endpoint(e, 'ASR_OPENAI', 'ASR_ENGINE=openai', 'whisper-1'),
      };
      break;
  }

  const translate = translateList(e.TRANSLATE_ENGINES);
  const translateOpenai = translate.includes('openai')
    ? endpoint(e, 'TRANSLATE_OPENAI', 'TRANSLATE_ENGINES=openai', undefined)
    : undefined;
  let libretranslate: EngineSettings['libretranslate'];
  if (translate.includes('libretranslate')) {
    if (!e.LIBRETRANSLATE_URL) {
      throw new Error('TRANSLATE_ENGINES=libretranslate needs LIBRETRANSLATE_URL');
    }
    libretranslate = { url: e.LIBRETRANSLATE_URL, key: e.LIBRETRANSLATE_KEY || undefined };
  }

  let tts: EngineSettings['tts'];
  switch (e.TTS_ENGINE) {
    case 'none':
    case 'espeak-ng':
      tts = { engine: e.TTS_ENGINE };
      break;
    case 'openai':
      tts = {
        engine: 'openai',
        ...endpoint(e, 'TTS_OPENAI', 'TTS_ENGINE=openai', 'tts-1'),
        voiceMan: e.TTS_OPENAI_VOICE_MAN || 'onyx',
        voiceWoman: e.TTS_OPENAI_VOICE_WOMAN || 'nova',
      };
      break;
  }

  let summary: EngineSettings['summary'];
  switch (e.SUMMARY_ENGINE) {
    case 'none':
    case 'extractive':
      summary = { engine: e.SUMMARY_ENGINE };
      break;
    case 'openai':
      if (!e.SUMMARY_OPENAI_URL) {
        throw new Error("SUMMARY_ENGINE=openai needs SUMMARY_OPENAI_URL (the endpoint's base URL)");
      }
      if (!e.SUMMARY_OPENAI_MODEL) {
        throw new Error('SUMMARY_ENGINE=openai needs SUMMARY_OPENAI_MODEL (the model to ask for)');
      }
      summary = {
        engine: 'openai',
        url: e.SUMMARY_OPENAI_URL,
        model: e.SUMMARY_OPENAI_MODEL,
        key: e.SUMMARY_OPENAI_KEY || undefined,
        timeoutMs: e.SUMMARY_OPENAI_TIMEOUT_MS,
      };
      break;
  }

  return {
    asr,
    vad: {
      model: e.VAD_MODEL,
      silenceMs: e.VAD_SILENCE_MS,
      maxUtteranceMs: e.VAD_MAX_UTTERANCE_MS,
    },
    translate,
    translateOpenai,
    libretranslate,
    tts,
    summary,
    httpTimeoutMs: e.ENGINE_HTTP_TIMEOUT_MS,
  };
}
