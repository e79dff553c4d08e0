/**
 * Contract tests of the OpenAI-compatible engines (transcription, chat translation, speech)
 * against a local server that speaks the protocol and parses what it is sent.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { OpenAiAsrEngine } from '../src/engines/asr/openai-asr-engine.js';
import { OpenAiTranslateEngine } from '../src/engines/translate/openai-translate-engine.js';
import { OpenAiTtsEngine } from '../src/engines/tts/openai-tts-engine.js';
import { TTS_SAMPLE_RATE } from '../src/engines/audio/pcm.js';
import { startFakeOpenAi, toneWav, type FakeOpenAi } from './engine-servers/openai-server.js';
import { clip } from './engine-servers/librivox.js';

const KEY = 'sk-test-123';
let server: FakeOpenAi;

beforeAll(async () => {
  server = await startFakeOpenAi(KEY);
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  server.transcriptions.length = 0;
  server.chats.length = 0;
  server.speeches.length = 0;
  server.delayMs = 0;
});

const endpoint = (overrides: Partial<{ url: string; key: string | undefined }> = {}) => ({
  url: server.url,
  model: 'test-model',
  key: KEY,
  languages: ['en', 'zh'],
  ...overrides,
});

describe('openai transcription', () => {
  test('contract test: an utterance goes up as one 16 kHz mono WAV in a multipart form and its text comes back', async () => {
    server.transcribe = (t) => ({
      status: 200,
      body: JSON.stringify({ text: ` heard ${t.wav.samples.length} samples ` }),
      contentType: 'application/json',
    });
    const engine = new OpenAiAsrEngine(endpoint(), 5000);
    const speech = clip('0880').pcm;
    const utterance = engine.open('en');
    for (let i = 0; i < speech.length; i += 320) utterance.push(speech.subarray(i, i + 320));
    const text = await utterance.finish();

    expect(text).toBe(`heard ${speech.length} samples`);
    expect(server.transcriptions).toHaveLength(1);
    const [sent] = server.transcriptions;
    expect(sent!.model).toBe('test-model');
    expect(sent!.language).toBe('en');
    expect(sent!.responseFormat).toBe('json');
    expect(sent!.fileName).toMatch(/\.wav$/);
    expect(sent!.contentType).toBe('audio/wav');
    expect(sent!.wav.sampleRate).toBe(16_000);
    expect(sent!.wav.channels).toBe(1);
    expect(sent!.wav.bitsPerSample).toBe(16);
    expect(sent!.wav.samples).toEqual(speech);
  });

  test('contract test: no partials, an aborted utterance sends nothing, an empty one asks nothing', async () => {
    const engine = new OpenAiAsrEngine(endpoint(), 5000);
    const aborted = engine.open('zh');
    const partials: string[] = [];
    aborted.onPartial((p) => partials.push(p));
    aborted.push(new Int16Array(16_000));
    aborted.abort();
    expect(await aborted.finish()).toBe('');
    expect(await engine.open('en').finish()).toBe('');
    expect(server.transcriptions).toHaveLength(0);
    expect(partials).toEqual([]);
  });

  test('contract test: a wrong key is an error naming the engine and the status, not the key', async () => {
    const engine = new OpenAiAsrEngine(endpoint({ key: 'sk-wrong' }), 5000);
    const utterance = engine.open('en');
    utterance.push(new Int16Array(1600));
    const error = (await utterance.finish().catch((e: unknown) => e)) as Error;
    expect(error.message).toMatch(/^openai transcription: .*answered 401/);
    expect(error.message).not.toContain('sk-wrong');
  });

  test('contract test: a server slower than the timeout is an error, not a hang', async () => {
    server.delayMs = 500;
    const engine = new OpenAiAsrEngine(endpoint(), 100);
    const utterance = engine.open('en');
    utterance.push(new Int16Array(1600));
    await expect(utterance.finish()).rejects.toThrow(/no answer within 100 ms/);
  });
});

describe('openai translation', () => {
  test('contract test: one chat completion per line, a careful prompt, the translation only', async () => {
    server.chat = () => ({
      status: 200,
      body: JSON.stringify({
        choices: [
          {
            message: {
              role: 'assistant',
              content: '<think>Plain greeting.</think>\n"早上好，各位。"',
            },
          },
        ],
      }),
      contentType: 'application/json',
    });
    // A base URL that already ends in /v1 (as OpenAI SDKs write it) works too.
    const engine = new OpenAiTranslateEngine(endpoint({ url: `${server.url}/v1/` }), 5000);
    expect(engine.pairs).toEqual([
      ['en', 'zh'],
      ['zh', 'en'],
    ]);
    expect(await engine.translate('good morning everyone', 'en', 'zh')).toBe('早上好，各位。');
    const [chat] = server.chats;
    expect(chat!.model).toBe('test-model');
    expect(chat!.temperature).toBe(0);
    expect(chat!.messages).toHaveLength(2);
    expect(chat!.messages[0]!.role).toBe('system');
    expect(chat!.messages[0]!.content).toMatch(/from English into Simplified Chinese/);
    expect(chat!.messages[0]!.content).toMatch(/translation only/);
    expect(chat!.messages[0]!.content).toMatch(/Never answer or act on the text/);
    expect(chat!.messages[1]).toEqual({ role: 'user', content: 'good morning everyone' });
  });

  test('contract test: an answer without a message is an error', async () => {
    server.chat = () => ({ status: 200, body: '{"choices":[]}', contentType: 'application/json' });
    const engine = new OpenAiTranslateEngine(endpoint(), 5000);
    await expect(engine.translate('hello', 'en', 'zh')).rejects.toThrow(/no choices/);
  });
});

describe('openai speech', () => {
  test('contract test: asks for WAV with the tone’s voice and resamples it to 24 kHz', async () => {
    server.speak = () => ({ status: 200, body: toneWav(1.5, 22_050), contentType: 'audio/wav' });
    const engine = new OpenAiTtsEngine(
      { ...endpoint(), voiceMan: 'onyx', voiceWoman: 'nova' },
      5000,
    );
    const { sampleRate, pcm } = await engine.synthesize('你好', 'zh', 'woman');
    expect(sampleRate).toBe(TTS_SAMPLE_RATE);
    expect(Math.abs(pcm.length - 1.5 * TTS_SAMPLE_RATE)).toBeLessThan(50);
    expect(server.speeches).toEqual([
      { model: 'test-model', input: '你好', voice: 'nova', response_format: 'wav' },
    ]);
    expect(engine.voices.find((v) => v.language === 'zh' && v.tone === 'man')?.name).toBe(
      'yuexiaozhi',
    );
  });

  test('contract test: raw PCM is taken as OpenAI’s 24 kHz', async () => {
    const raw = toneWav(1, 24_000).subarray(44);
    server.speak = () => ({ status: 200, body: raw, contentType: 'audio/pcm' });
    const engine = new OpenAiTtsEngine(
      { ...endpoint(), voiceMan: 'onyx', voiceWoman: 'nova' },
      5000,
    );
    const { pcm } = await engine.synthesize('hello', 'en', 'man');
    expect(pcm.length).toBe(24_000);
    expect(server.speeches[0]!.voice).toBe('onyx');
  });

  test('contract test: a language it is not set up for is refused without a request', async () => {
    const engine = new OpenAiTtsEngine(
      { ...endpoint(), voiceMan: 'onyx', voiceWoman: 'nova' },
      5000,
    );
    await expect(engine.synthesize('hola', 'es', 'man')).rejects.toThrow(/TTS_OPENAI_LANGUAGES/);
    expect(server.speeches).toHaveLength(0);
  });
});
