/**
 * The engines built from the settings: the offline defaults, 'none', and clear errors for
 * settings that name something broken; a missing Debian binary turns its capability off.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../src/config/config.js';
import { ConfigError } from '../src/config/config-error.js';
import { createEngines, EngineConfigError } from '../src/engines/registry.js';
import type { Engines } from '../src/engines/types.js';
import { buildDecoder } from './engine-servers/librivox.js';

const lines: string[] = [];
const log = {
  info: (m: string) => lines.push(`info: ${m}`),
  warn: (m: string) => lines.push(`warn: ${m}`),
  error: (m: string) => lines.push(`error: ${m}`),
};
const open: Engines[] = [];
const folders: string[] = [];

async function engines(env: Record<string, string>): Promise<Engines> {
  const e = await createEngines(loadConfig({ NODE_ENV: 'test', ...env }), log);
  open.push(e);
  return e;
}

async function folder(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'meet-model-'));
  folders.push(dir);
  for (const [name, content] of Object.entries(files))
    await writeFile(path.join(dir, name), content);
  return dir;
}

beforeAll(() => {
  buildDecoder();
});

afterEach(async () => {
  for (const e of open.splice(0)) await e.close();
  for (const dir of folders.splice(0)) await rm(dir, { recursive: true, force: true });
  lines.length = 0;
});

describe('engine registry', () => {
  test('the defaults are the embedded offline engines', async () => {
    const e = await engines({});
    expect(e.describe()).toEqual({
      asr: 'PocketSphinx (English)',
      vad: 'Silero VAD (v5)',
      translate: 'Apertium',
      tts: 'eSpeak NG',
      summary: 'Extractive summary (TextRank)',
    });
    expect(e.asr?.languages).toEqual(['en']);
    expect(e.translate[0]?.pairs).toContainEqual(['en', 'es']);
    expect(e.tts?.voices.length).toBeGreaterThan(4);
    expect(lines.at(-1)).toMatch(/^info: engines: speech PocketSphinx \(English\)/);
  });

  test("'none' turns each capability off; voice activity detection always runs", async () => {
    const e = await engines({
      ASR_ENGINE: 'none',
      TRANSLATE_ENGINES: 'none',
      TTS_ENGINE: 'none',
      SUMMARY_ENGINE: 'none',
    });
    expect(e.asr).toBeNull();
    expect(e.summary).toBeNull();
    expect(e.translate).toEqual([]);
    expect(e.tts).toBeNull();
    expect(e.describe()).toEqual({
      asr: 'none',
      vad: 'Silero VAD (v5)',
      translate: 'none',
      tts: 'none',
      summary: 'none',
    });
    const segmenter = e.vad.create();
    expect(segmenter.push(new Int16Array(16_000))).toEqual([]);
    segmenter.close();
  });

  test('the configured HTTP engines are used in the order given', async () => {
    const e = await engines({
      ASR_ENGINE: 'openai',
      ASR_OPENAI_URL: 'http://127.0.0.1:9',
      TRANSLATE_ENGINES: 'openai,apertium',
      TRANSLATE_OPENAI_URL: 'http://127.0.0.1:9',
      TRANSLATE_OPENAI_MODEL: 'qwen2.5:7b',
      TTS_ENGINE: 'openai',
      TTS_OPENAI_URL: 'http://127.0.0.1:9',
      SUMMARY_ENGINE: 'openai',
      SUMMARY_OPENAI_URL: 'http://127.0.0.1:9',
      SUMMARY_OPENAI_MODEL: 'qwen2.5:14b',
      VAD_MODEL: 'silero-v6',
    });
    expect(e.describe()).toEqual({
      asr: 'whisper-1 (OpenAI-compatible)',
      vad: 'Silero VAD (v6)',
      translate: 'qwen2.5:7b (OpenAI-compatible), Apertium',
      tts: 'tts-1 (OpenAI-compatible)',
      summary: 'qwen2.5:14b (OpenAI-compatible)',
    });
  });

  test.each([
    [{ ASR_ENGINE: 'whisper' }, /ASR_ENGINE/],
    [{ ASR_ENGINE: 'openai' }, /ASR_ENGINE=openai needs ASR_OPENAI_URL/],
    [{ ASR_OPENAI_URL: 'not a url' }, /ASR_OPENAI_URL/],
    [{ ASR_ENGINE: 'sherpa-onnx' }, /needs SHERPA_ONNX_MODEL_DIR/],
    [
      { SHERPA_ONNX_LANGUAGES: 'chinese', ASR_ENGINE: 'sherpa-onnx', SHERPA_ONNX_MODEL_DIR: '/x' },
      /SHERPA_ONNX_LANGUAGES: "chinese"/,
    ],
    [{ TRANSLATE_ENGINES: 'apertium,google' }, /TRANSLATE_ENGINES: unknown engine "google"/],
    [
      { TRANSLATE_ENGINES: 'openai', TRANSLATE_OPENAI_URL: 'http://x' },
      /needs TRANSLATE_OPENAI_MODEL/,
    ],
    [{ TRANSLATE_ENGINES: 'libretranslate' }, /needs LIBRETRANSLATE_URL/],
    [{ TTS_ENGINE: 'festival' }, /TTS_ENGINE/],
    [{ SUMMARY_ENGINE: 'gpt' }, /SUMMARY_ENGINE/],
    [{ SUMMARY_ENGINE: 'openai' }, /SUMMARY_ENGINE=openai needs SUMMARY_OPENAI_URL/],
    [{ SUMMARY_ENGINE: 'openai', SUMMARY_OPENAI_URL: 'http://x' }, /needs SUMMARY_OPENAI_MODEL/],
    [{ VAD_SILENCE_MS: 'soon' }, /VAD_SILENCE_MS/],
    [{ POCKETSPHINX_DECODERS: '0' }, /POCKETSPHINX_DECODERS/],
  ])('a bad setting %j is a config error naming it', (env, message) => {
    expect(() => loadConfig({ NODE_ENV: 'test', ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', ...env })).toThrow(message);
  });

  test('a sherpa-onnx model folder that is missing stops the start with the setting named', async () => {
    const error = await engines({
      ASR_ENGINE: 'sherpa-onnx',
      SHERPA_ONNX_MODEL_DIR: '/nonexistent/model',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineConfigError);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toBe(
      'SHERPA_ONNX_MODEL_DIR=/nonexistent/model: no such folder',
    );
  });

  test('a sherpa-onnx folder without the model files says which files it expects', async () => {
    const dir = await folder({ 'tokens.txt': '<blk> 0\n' });
    await expect(
      engines({ ASR_ENGINE: 'sherpa-onnx', SHERPA_ONNX_MODEL_DIR: dir }),
    ).rejects.toThrow(/SHERPA_ONNX_MODEL_DIR=.*no model files \(expected encoder\*\.onnx/);
    const empty = await folder({});
    await expect(
      engines({ ASR_ENGINE: 'sherpa-onnx', SHERPA_ONNX_MODEL_DIR: empty }),
    ).rejects.toThrow(/no tokens\.txt/);
  });

  test('sherpa-onnx model files that do not load are refused at start, and the server lives', async () => {
    const dir = await folder({
      'tokens.txt': '<blk> 0\na 1\n',
      'encoder-epoch-99-avg-1.onnx': 'not a model',
      'decoder-epoch-99-avg-1.onnx': 'not a model',
      'joiner-epoch-99-avg-1.onnx': 'not a model',
    });
    const error = await engines({ ASR_ENGINE: 'sherpa-onnx', SHERPA_ONNX_MODEL_DIR: dir }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(EngineConfigError);
    expect((error as Error).message).toMatch(/^SHERPA_ONNX_MODEL_DIR=.*: the model does not load/);
  });

  test('a PocketSphinx model folder set by hand must be one', async () => {
    const dir = await folder({});
    await expect(engines({ POCKETSPHINX_MODEL_DIR: dir })).rejects.toThrow(
      /POCKETSPHINX_MODEL_DIR: .* has no en-us\/mdef/,
    );
  });

  test('without the Debian programs, translation and synthesis are off with a log line saying what to install', async () => {
    const saved = process.env.PATH;
    process.env.PATH = '/nonexistent';
    let e: Engines;
    try {
      e = await engines({ ASR_ENGINE: 'none' });
    } finally {
      process.env.PATH = saved;
    }
    expect(e.translate).toEqual([]);
    expect(e.tts).toBeNull();
    expect(e.describe().translate).toBe('none');
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^warn: translation through Apertium off: .*install the Debian package apertium/,
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^warn: speech synthesis off: .*install the Debian package espeak-ng/),
    );
  });

  test('close() can be called twice', async () => {
    const e = await engines({ TRANSLATE_ENGINES: 'none', TTS_ENGINE: 'none' });
    await e.close();
    await e.close();
  });
});
