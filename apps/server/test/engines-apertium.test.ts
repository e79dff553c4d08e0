/** Debian's Apertium for real: the installed pairs, English ↔ Spanish, kept-running pipelines. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ApertiumEngine, ApertiumMissingError } from '../src/engines/translate/apertium-engine.js';

const lines: string[] = [];
const log = {
  info: (m: string) => lines.push(m),
  warn: (m: string) => lines.push(m),
  error: (m: string) => lines.push(m),
};
let engine: ApertiumEngine;

beforeAll(async () => {
  engine = await ApertiumEngine.create(log);
});

afterAll(async () => {
  await engine.close();
});

describe('apertium', () => {
  test('finds the installed pairs: English to Spanish and back, no Chinese', () => {
    expect(engine.pairs).toContainEqual(['en', 'es']);
    expect(engine.pairs).toContainEqual(['es', 'en']);
    expect(engine.pairs.some(([from, to]) => from === 'zh' || to === 'zh')).toBe(false);
  });

  test('translates an English sentence into Spanish', async () => {
    const text = await engine.translate(
      'The young man was not happy with the meeting.',
      'en',
      'es',
    );
    expect(text).toMatch(/^El hombre joven no/);
    expect(text).toMatch(/feliz/);
    expect(text).toMatch(/reunión\.$/);
  });

  test('translates Spanish into English', async () => {
    const text = await engine.translate('El perro come pan en la casa.', 'es', 'en');
    expect(text.toLowerCase()).toMatch(/dog/);
    expect(text.toLowerCase()).toMatch(/bread/);
    expect(text.toLowerCase()).toMatch(/house/);
  });

  test('recognizer output without capitals or punctuation translates too', async () => {
    const text = await engine.translate('he was not an ill disposed young man', 'en', 'es');
    expect(text).toMatch(/hombre joven/);
  });

  test('a kept-running pipeline answers many lines in order, each within tens of ms', async () => {
    await engine.translate('Hello.', 'en', 'es');
    const sentences = [
      'The dog eats.',
      'The cat sleeps.',
      'The house is big.',
      'I have two books.',
    ];
    const started = performance.now();
    const answers = await Promise.all(sentences.map((s) => engine.translate(s, 'en', 'es')));
    const elapsed = performance.now() - started;
    expect(answers[0]).toMatch(/perro/);
    expect(answers[1]).toMatch(/gato/);
    expect(answers[2]).toMatch(/casa/);
    expect(answers[3]).toMatch(/libros/);
    // One call of the `apertium` command takes 400–600 ms; the kept pipeline, 5–15 ms a line.
    expect(elapsed).toBeLessThan(400);
  });

  test("characters special to Apertium's stream format come through as written", async () => {
    const text = await engine.translate('The price is $5 [about] 5/2 <now> {ok} ^ \\.', 'en', 'es');
    for (const part of ['$5', '[', ']', '5/2', '<', '>', '{', '}', '^', '\\']) {
      expect(text).toContain(part);
    }
  });

  test('a pair it does not have is an error; empty text is empty', async () => {
    await expect(engine.translate('hello', 'en', 'zh')).rejects.toThrow(/no en→zh pair/);
    expect(await engine.translate('   ', 'en', 'es')).toBe('');
  });

  test('without language pairs there is no engine, with a message saying what to install', async () => {
    const error = await ApertiumEngine.create(log, '/nonexistent').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApertiumMissingError);
    expect((error as Error).message).toMatch(/install one \(e\.g\. apertium-eng-spa\)/);
  });
});
