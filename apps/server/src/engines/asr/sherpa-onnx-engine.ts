/**
 * ASR_ENGINE=sherpa-onnx: a streaming model run by sherpa-onnx-node (onnxruntime inside), from
 * the folder SHERPA_ONNX_MODEL_DIR — e.g. the bilingual zh-en streaming zipformer: encoder,
 * decoder and joiner .onnx files and tokens.txt (int8 encoder/joiner preferred when present, as
 * sherpa-onnx's own examples do). Streaming paraformer (encoder + decoder) and zipformer2 CTC
 * (one model .onnx) folders work too. Partial results as audio arrives.
 *
 * A broken model file can take the native runtime down with the process, so the model is first
 * loaded once in a throwaway child process; only a model that loads there is loaded here.
 * Decoding runs on the main thread (a few tens of ms per 0.3 s chunk per speaker).
 */
import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { OnlineModelConfig, OnlineRecognizer, OnlineRecognizerConfig } from 'sherpa-onnx-node';
import { sherpaOnnx, sherpaOnnxPath } from '../sherpa-runtime.js';
import type { AsrEngine, AsrUtterance, LanguageCode } from '../types.js';
import { ASR_SAMPLE_RATE, toFloat32 } from '../audio/pcm.js';

const run = promisify(execFile);

/** Silence after the last word, so a streaming model emits its final tokens. */
const TAIL_PADDING = new Float32Array(Math.round(0.4 * ASR_SAMPLE_RATE));

export class SherpaModelError extends Error {}

function pick(files: string[], prefix: string, preferInt8: boolean): string | undefined {
  const matches = files
    .filter((f) => f.startsWith(prefix) && f.endsWith('.onnx'))
    .sort((a, b) => a.length - b.length);
  const int8 = matches.filter((f) => f.includes('.int8.'));
  const plain = matches.filter((f) => !f.includes('.int8.'));
  return (preferInt8 ? (int8[0] ?? plain[0]) : (plain[0] ?? int8[0])) ?? undefined;
}

/** The recognizer config for a model folder; a SherpaModelError names what is missing. */
export async function modelConfig(dir: string, threads: number): Promise<OnlineRecognizerConfig> {
  const setting = `SHERPA_ONNX_MODEL_DIR=${dir}`;
  let files: string[];
  try {
    files = await readdir(dir);
  } catch {
    throw new SherpaModelError(`${setting}: no such folder`);
  }
  if (!files.includes('tokens.txt')) {
    throw new SherpaModelError(
      `${setting}: no tokens.txt (expected a streaming model folder: encoder, decoder and joiner .onnx files and tokens.txt)`,
    );
  }
  const at = (file: string) => path.join(dir, file);
  const encoder = pick(files, 'encoder', true);
  const decoder = pick(files, 'decoder', false);
  const joiner = pick(files, 'joiner', true);
  const base = { tokens: at('tokens.txt'), numThreads: threads, provider: 'cpu', debug: 0 };
  let model: OnlineModelConfig;
  if (encoder && decoder && joiner) {
    model = {
      ...base,
      transducer: { encoder: at(encoder), decoder: at(decoder), joiner: at(joiner) },
    };
  } else if (encoder && decoder) {
    model = { ...base, paraformer: { encoder: at(encoder), decoder: at(decoder) } };
  } else {
    const single = pick(files, 'ctc', true) ?? pick(files, 'model', true);
    if (!single) {
      throw new SherpaModelError(
        `${setting}: no model files (expected encoder*.onnx, decoder*.onnx and joiner*.onnx, or a CTC model*.onnx)`,
      );
    }
    model = { ...base, zipformer2Ctc: { model: at(single) } };
  }
  return {
    featConfig: { sampleRate: ASR_SAMPLE_RATE, featureDim: 80 },
    modelConfig: model,
    decodingMethod: 'greedy_search',
    enableEndpoint: 0,
  };
}

/** Loads the model in a child process; resolves when it loads and decodes a little silence. */
async function probe(config: OnlineRecognizerConfig, dir: string): Promise<void> {
  const module = sherpaOnnxPath();
  const script = `
    const sherpa = require(${JSON.stringify(module)});
    const recognizer = new sherpa.OnlineRecognizer(JSON.parse(process.argv[1]));
    const stream = recognizer.createStream();
    stream.acceptWaveform({ samples: new Float32Array(8000), sampleRate: 16000 });
    stream.inputFinished();
    while (recognizer.isReady(stream)) recognizer.decode(stream);
    recognizer.getResult(stream);
  `;
  try {
    await run(process.execPath, ['-e', script, JSON.stringify(config)], { timeout: 120_000 });
  } catch (error) {
    const e = error as { stderr?: string; message: string };
    const detail = (e.stderr || e.message).trim().split('\n').slice(-3).join(' ');
    throw new SherpaModelError(`SHERPA_ONNX_MODEL_DIR=${dir}: the model does not load: ${detail}`);
  }
}

/** Zipformer models spell English in capitals; captions read better in lower case. */
function readable(text: string): string {
  const trimmed = text.trim();
  return /[a-z]/.test(trimmed) ? trimmed : trimmed.toLowerCase();
}

export class SherpaOnnxEngine implements AsrEngine {
  readonly name: string;

  private constructor(
    private readonly recognizer: OnlineRecognizer,
    readonly languages: readonly LanguageCode[],
    folder: string,
  ) {
    this.name = `sherpa-onnx (${folder})`;
  }

  static async create(
    dir: string,
    languages: readonly LanguageCode[],
    threads: number,
  ): Promise<SherpaOnnxEngine> {
    const config = await modelConfig(dir, threads);
    await probe(config, dir);
    const { OnlineRecognizer } = sherpaOnnx();
    return new SherpaOnnxEngine(
      new OnlineRecognizer(config),
      languages,
      path.basename(path.resolve(dir)),
    );
  }

  open(language: LanguageCode): AsrUtterance {
    if (!this.languages.includes(language)) {
      throw new Error(`${this.name} is not set up for "${language}" (SHERPA_ONNX_LANGUAGES)`);
    }
    const recognizer = this.recognizer;
    const stream = recognizer.createStream();
    const listeners: ((text: string) => void)[] = [];
    let last = '';
    let state: 'open' | 'done' = 'open';
    let result = '';
    const decode = () => {
      while (recognizer.isReady(stream)) recognizer.decode(stream);
      return readable(recognizer.getResult(stream).text);
    };
    return {
      onPartial: (listener) => listeners.push(listener),
      push: (pcm) => {
        if (state !== 'open') return;
        stream.acceptWaveform({ samples: toFloat32(pcm), sampleRate: ASR_SAMPLE_RATE });
        const text = decode();
        if (text && text !== last) {
          last = text;
          for (const listener of listeners) listener(text);
        }
      },
      finish: async () => {
        if (state === 'open') {
          state = 'done';
          stream.acceptWaveform({ samples: TAIL_PADDING, sampleRate: ASR_SAMPLE_RATE });
          stream.inputFinished();
          result = decode();
        }
        return result;
      },
      abort: () => {
        state = 'done';
      },
    };
  }

  async close(): Promise<void> {}
}
