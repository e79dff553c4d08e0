/**
 * The PocketSphinx decoder pool's policy under load (issue 31: never lose speech silently), with
 * the real decoder processes on LibriVox speech: a decoder that is slow — here paused, as a busy
 * machine starves it — is waited for, not killed; more decoders start, up to the limit, when
 * utterances wait; only a decoder truly stuck (no CPU used for `stallMs` while it owes an answer)
 * is killed, and then its utterance fails loudly (the captions turn it into a "not recognised"
 * line) while the pool goes on with a fresh decoder.
 */
import { afterEach, beforeAll, expect, test } from 'vitest';
import { cpuTicks, findDecoderBinary } from '../src/engines/asr/pocketsphinx-decoder.js';
import { PocketsphinxEngine } from '../src/engines/asr/pocketsphinx-engine.js';
import { DEBIAN_POCKETSPHINX_MODEL } from '../src/engines/registry.js';
import { DEFAULT_POCKETSPHINX_ARGS } from '../src/engines/settings.js';
import type { AsrUtterance } from '../src/engines/types.js';
import { buildDecoder, clip, wordErrors } from './engine-servers/librivox.js';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const STALL_MS = 3000;
const engines: PocketsphinxEngine[] = [];

function engineWith(maxDecoders: number, stallMs = STALL_MS): PocketsphinxEngine {
  const engine = new PocketsphinxEngine(
    {
      binary: findDecoderBinary()!,
      modelDir: DEBIAN_POCKETSPHINX_MODEL,
      args: DEFAULT_POCKETSPHINX_ARGS.split(' '),
      maxDecoders,
      stallMs,
    },
    quiet,
  );
  engines.push(engine);
  return engine;
}

function pushAll(utterance: AsrUtterance, pcm: Int16Array): void {
  for (let i = 0; i < pcm.length; i += 320) utterance.push(pcm.subarray(i, i + 320));
}

const speech = () => clip('0880');
const accurate = (text: string) => {
  const { errors, words } = wordErrors(speech().text, text);
  return errors / words;
};

beforeAll(() => buildDecoder());
afterEach(async () => {
  await Promise.all(engines.splice(0).map((e) => e.close()));
});

test('the CPU a process used is read from /proc', () => {
  expect(cpuTicks(process.pid)).toBeGreaterThan(0);
  expect(cpuTicks(2 ** 30)).toBeUndefined();
});

test('a decoder held back longer than it may sit idle, but then working, is waited for and its words come', async () => {
  const engine = engineWith(1);
  await engine.ready();
  const [pid] = engine.pids();
  const utterance = engine.open('en', 'a');
  // Starved from the start: the whole utterance is owed while it gets no CPU.
  process.kill(pid!, 'SIGSTOP');
  pushAll(utterance, speech().pcm);
  const text = utterance.finish();
  // Held back for less than the stall limit, twice: slow, not stuck.
  await new Promise((r) => setTimeout(r, STALL_MS * 0.6));
  process.kill(pid!, 'SIGCONT');
  await new Promise((r) => setTimeout(r, 300));
  process.kill(pid!, 'SIGSTOP');
  await new Promise((r) => setTimeout(r, STALL_MS * 0.6));
  process.kill(pid!, 'SIGCONT');
  expect(accurate(await text)).toBeLessThan(0.5);
  expect(engine.pids()).toEqual([pid]);
});

test('a stuck decoder is killed: its utterance fails with the reason, the next one gets a fresh decoder', async () => {
  const engine = engineWith(1);
  await engine.ready();
  const [pid] = engine.pids();
  const stuck = engine.open('en', 'a');
  process.kill(pid!, 'SIGSTOP');
  pushAll(stuck, speech().pcm);
  const began = Date.now();
  await expect(stuck.finish()).rejects.toThrow(/stuck \(no CPU used for \d+ s\)/);
  expect(Date.now() - began).toBeGreaterThanOrEqual(STALL_MS - 100);
  const next = engine.open('en', 'a');
  pushAll(next, speech().pcm);
  expect(accurate(await next.finish())).toBeLessThan(0.5);
  expect(engine.pids()).not.toContain(pid);
});

test('utterances waiting behind a slow decoder get more decoders up to the limit, none dropped', async () => {
  // Held back for as long as the others take: it must not count as stuck meanwhile.
  const engine = engineWith(2, 120_000);
  await engine.ready();
  const [slow] = engine.pids();
  const first = engine.open('en', 'a');
  process.kill(slow!, 'SIGSTOP');
  pushAll(first, speech().pcm);
  const results = [first.finish()];
  // Three more people speak while the first decoder is held back: one more decoder starts (the
  // limit is two), and the others wait for it, in order.
  for (const speaker of ['b', 'c', 'd']) {
    const utterance = engine.open('en', speaker);
    pushAll(utterance, speech().pcm);
    results.push(utterance.finish());
  }
  await expect.poll(() => engine.pool().size, { timeout: 10_000 }).toBe(2);
  const others = await Promise.all(results.slice(1));
  for (const text of others) expect(accurate(text)).toBeLessThan(0.5);
  expect(engine.pool().size).toBe(2);
  process.kill(slow!, 'SIGCONT');
  expect(accurate(await results[0]!)).toBeLessThan(0.5);
});
