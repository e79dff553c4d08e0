/** When a drain ends: its time, a second signal, or the meetings that were running all ending. */
import { expect, test } from 'vitest';
import { Drain } from './drain.js';

test('with no meeting it lasts the full time, so load balancers see /readyz fail first', async () => {
  const drain = new Drain();
  const started = Date.now();
  const end = drain.run({ seconds: 0.4, liveMeetings: () => 0 });
  expect(drain.draining).toBe(true);
  expect(await end).toBe('timeout');
  expect(Date.now() - started).toBeGreaterThanOrEqual(380);
});

test('a second signal ends it at once', async () => {
  const drain = new Drain();
  const end = drain.run({ seconds: 60, liveMeetings: () => 2 });
  await new Promise((r) => setTimeout(r, 50));
  drain.stop();
  expect(await end).toBe('signal');
  expect(drain.draining).toBe(true);
});

test('the meetings running at the start all ending ends it', async () => {
  const drain = new Drain();
  let live = 2;
  const end = drain.run({ seconds: 60, liveMeetings: () => live });
  live = 1;
  await new Promise((r) => setTimeout(r, 300));
  live = 0;
  expect(await end).toBe('meetingsEnded');
});

test('the cluster is told before anything else, and a drain runs once', async () => {
  const drain = new Drain();
  const told: string[] = [];
  const end = drain.run({
    seconds: 0.1,
    liveMeetings: () => 0,
    onStart: async () => void told.push('cluster'),
  });
  await expect(drain.run({ seconds: 1, liveMeetings: () => 0 })).rejects.toThrow(/already/);
  expect(await end).toBe('timeout');
  expect(told).toEqual(['cluster']);
});
