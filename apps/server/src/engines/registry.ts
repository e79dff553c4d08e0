/**
 * Builds the engines once from the config. Defaults are the embedded, offline ones
 * (PocketSphinx, Silero VAD, Apertium, eSpeak NG). A missing Debian package turns its capability
 * off with a log line saying what to install; a setting that names something broken (a model
 * folder that is not one) is an EngineConfigError, which stops the server with one line.
 */
import { access } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config/config.js';
import { ConfigError } from '../config/config-error.js';
import type { AsrEngine, Engines, SummaryEngine, TranslateEngine, TtsEngine } from './types.js';
import type { EngineLog } from './log.js';
import type { EngineSettings } from './settings.js';
import { SileroSegmenterFactory } from './vad/silero-segmenter.js';
import { PocketsphinxEngine } from './asr/pocketsphinx-engine.js';
import { findDecoderBinary } from './asr/pocketsphinx-decoder.js';
import { SherpaModelError, SherpaOnnxEngine } from './asr/sherpa-onnx-engine.js';
import { OpenAiAsrEngine } from './asr/openai-asr-engine.js';
import { ApertiumEngine, ApertiumMissingError } from './translate/apertium-engine.js';
import { OpenAiTranslateEngine } from './translate/openai-translate-engine.js';
import { LibreTranslateEngine } from './translate/libretranslate-engine.js';
import { EspeakEngine, EspeakMissingError } from './tts/espeak-engine.js';
import { OpenAiTtsEngine } from './tts/openai-tts-engine.js';
import { ExtractiveSummaryEngine } from './summary/extractive-summary-engine.js';
import { OpenAiSummaryEngine } from './summary/openai-summary-engine.js';

/** A setting names an engine resource that is not usable; the message names the setting. */
export class EngineConfigError extends ConfigError {}

export const DEBIAN_POCKETSPHINX_MODEL = '/usr/share/pocketsphinx/model/en-us';

async function pocketsphinxModelProblem(dir: string): Promise<string | undefined> {
  for (const part of ['en-us/mdef', 'en-us.lm.bin', 'cmudict-en-us.dict']) {
    try {
      await access(path.join(dir, part));
    } catch {
      return `${dir} has no ${part}`;
    }
  }
  return undefined;
}

async function createAsr(settings: EngineSettings, log: EngineLog): Promise<AsrEngine | null> {
  const asr = settings.asr;
  switch (asr.engine) {
    case 'none':
      return null;
    case 'pocketsphinx': {
      const modelDir = asr.modelDir ?? DEBIAN_POCKETSPHINX_MODEL;
      const problem = await pocketsphinxModelProblem(modelDir);
      if (problem && asr.modelDir) {
        throw new EngineConfigError(`POCKETSPHINX_MODEL_DIR: ${problem}`);
      }
      if (problem) {
        log.warn(
          `speech recognition off: ${problem} (install the Debian package pocketsphinx-en-us)`,
        );
        return null;
      }
      const binary = findDecoderBinary();
      if (!binary) {
        log.warn(
          'speech recognition off: the PocketSphinx decoder is not built (install libpocketsphinx-dev, pkgconf and gcc, then npm run build -w apps/server)',
        );
        return null;
      }
      return new PocketsphinxEngine(
        { binary, modelDir, args: asr.args, maxDecoders: asr.decoders },
        log,
      );
    }
    case 'sherpa-onnx':
      try {
        return await SherpaOnnxEngine.create(asr.modelDir, asr.languages, asr.threads);
      } catch (error) {
        if (error instanceof SherpaModelError) throw new EngineConfigError(error.message);
        throw error;
      }
    case 'openai':
      return new OpenAiAsrEngine(asr, settings.httpTimeoutMs);
  }
}

async function createTranslate(
  settings: EngineSettings,
  log: EngineLog,
): Promise<TranslateEngine[]> {
  const engines: TranslateEngine[] = [];
  for (const name of settings.translate) {
    switch (name) {
      case 'apertium':
        try {
          engines.push(await ApertiumEngine.create(log));
        } catch (error) {
          if (!(error instanceof ApertiumMissingError)) throw error;
          log.warn(`translation through Apertium off: ${error.message}`);
        }
        break;
      case 'openai':
        engines.push(new OpenAiTranslateEngine(settings.translateOpenai!, settings.httpTimeoutMs));
        break;
      case 'libretranslate': {
        const { url, key } = settings.libretranslate!;
        const engine = new LibreTranslateEngine(url, key, settings.httpTimeoutMs, log);
        await engine.refresh();
        engines.push(engine);
        break;
      }
    }
  }
  return engines;
}

async function createTts(settings: EngineSettings, log: EngineLog): Promise<TtsEngine | null> {
  const tts = settings.tts;
  switch (tts.engine) {
    case 'none':
      return null;
    case 'espeak-ng':
      try {
        return await EspeakEngine.create();
      } catch (error) {
        if (!(error instanceof EspeakMissingError)) throw error;
        log.warn(`speech synthesis off: ${error.message}`);
        return null;
      }
    case 'openai':
      return new OpenAiTtsEngine(tts, settings.httpTimeoutMs);
  }
}

function createSummary(settings: EngineSettings): SummaryEngine | null {
  const summary = settings.summary;
  switch (summary.engine) {
    case 'none':
      return null;
    case 'extractive':
      return new ExtractiveSummaryEngine();
    case 'openai':
      return new OpenAiSummaryEngine(summary);
  }
}

export async function createEngines(
  config: Pick<Config, 'engines'>,
  log: EngineLog,
): Promise<Engines> {
  const settings = config.engines;
  const vad = new SileroSegmenterFactory(settings.vad);
  const results = await Promise.allSettled([
    createAsr(settings, log),
    createTranslate(settings, log),
    createTts(settings, log),
  ] as const);
  const [asrResult, translateResult, ttsResult] = results;
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) {
    // Nothing half-started is left running (decoder processes, pipelines).
    if (asrResult.status === 'fulfilled') await asrResult.value?.close();
    if (translateResult.status === 'fulfilled') {
      await Promise.all(translateResult.value.map((t) => t.close()));
    }
    if (ttsResult.status === 'fulfilled') await ttsResult.value?.close();
    throw failed.reason;
  }
  const asr = (asrResult as PromiseFulfilledResult<AsrEngine | null>).value;
  const translate = (translateResult as PromiseFulfilledResult<TranslateEngine[]>).value;
  const tts = (ttsResult as PromiseFulfilledResult<TtsEngine | null>).value;
  const summary = createSummary(settings);
  let closed = false;
  const engines: Engines = {
    asr,
    vad,
    translate,
    tts,
    summary,
    describe: () => ({
      asr: asr?.name ?? 'none',
      vad: vad.name,
      translate: translate.length ? translate.map((t) => t.name).join(', ') : 'none',
      tts: tts?.name ?? 'none',
      summary: summary?.name ?? 'none',
    }),
    close: async () => {
      if (closed) return;
      closed = true;
      await Promise.all([
        asr?.close(),
        ...translate.map((t) => t.close()),
        tts?.close(),
        summary?.close(),
      ]);
    },
  };
  const d = engines.describe();
  log.info(
    `engines: speech ${d.asr}, voice activity ${d.vad}, translation ${d.translate}, synthesis ${d.tts}, summary ${d.summary}`,
  );
  return engines;
}
