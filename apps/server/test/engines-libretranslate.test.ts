/** Contract tests of the LibreTranslate engine against a local server speaking its protocol. */
import { afterEach, describe, expect, test } from 'vitest';
import { LibreTranslateEngine } from '../src/engines/translate/libretranslate-engine.js';
import {
  startFakeLibreTranslate,
  type FakeLibreTranslate,
} from './engine-servers/libretranslate-server.js';

const lines: string[] = [];
const log = {
  info: (m: string) => lines.push(m),
  warn: (m: string) => lines.push(m),
  error: (m: string) => lines.push(m),
};
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  lines.length = 0;
});

async function start(apiKey?: string): Promise<FakeLibreTranslate> {
  const server = await startFakeLibreTranslate(apiKey);
  cleanups.push(() => server.close());
  return server;
}

function engineFor(url: string, key?: string): LibreTranslateEngine {
  const engine = new LibreTranslateEngine(url, key, 5000, log);
  cleanups.push(() => engine.close());
  return engine;
}

describe('libretranslate', () => {
  test('contract test: pairs come from GET /languages, in our codes (zh-Hans is zh)', async () => {
    const server = await start();
    const engine = engineFor(server.url);
    await engine.refresh();
    expect(engine.pairs).toEqual([
      ['en', 'zh'],
      ['en', 'es'],
      ['zh', 'en'],
      ['es', 'en'],
    ]);
  });

  test('contract test: POST /translate with q, source, target, format text and the key', async () => {
    const server = await start('secret');
    server.dictionary.set('en>zh-Hans:good morning everyone', '大家早上好');
    server.dictionary.set('zh-Hans>en:谢谢', 'thank you');
    const engine = engineFor(server.url, 'secret');
    await engine.refresh();
    expect(await engine.translate('good morning everyone', 'en', 'zh')).toBe('大家早上好');
    expect(await engine.translate('谢谢', 'zh', 'en')).toBe('thank you');
    expect(server.requests[0]).toEqual({
      q: 'good morning everyone',
      source: 'en',
      target: 'zh-Hans',
      format: 'text',
      api_key: 'secret',
    });
  });

  test('contract test: a refusal is an error naming the engine and the status', async () => {
    const server = await start('secret');
    const engine = engineFor(server.url, 'wrong');
    await engine.refresh();
    await expect(engine.translate('hello', 'en', 'es')).rejects.toThrow(
      /^libretranslate: .*answered 403/,
    );
  });

  test('a server that is down at start gives no pairs and a log line, not a crash', async () => {
    const engine = engineFor('http://127.0.0.1:9');
    await engine.refresh();
    expect(engine.pairs).toEqual([]);
    expect(lines.join('\n')).toMatch(/libretranslate: .*languages failed/);
  });
});
