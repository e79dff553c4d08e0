import { expect, test } from 'vitest';
import type { UserRow } from '../db/schema/index.js';
import { SessionCache } from './session-cache.js';

const user = (id: number, userName = `user${id}`) => ({ id, userName }) as UserRow;
const session = (token: string, expiresAt = 1_000_000) => ({
  token,
  tokenHash: `hash-${token}`,
  expiresAt,
});
const cache = () => new SessionCache({ ttlMs: 1000, maxEntries: 3 });

test('a kept token gives its user until the time limit or the session end', () => {
  const c = cache();
  c.put(c.ticket(), session('a', 1500), user(1), 0);
  expect(c.get('a', 999)?.id).toBe(1);
  expect(c.get('a', 1000)).toBeUndefined();
  c.put(c.ticket(), session('b', 500), user(2), 0);
  expect(c.get('b', 499)?.id).toBe(2);
  expect(c.get('b', 500)).toBeUndefined();
});

test('a clock set back does not keep an entry longer', () => {
  const c = cache();
  c.put(c.ticket(), session('a'), user(1), 5000);
  expect(c.get('a', 4999)).toBeUndefined();
});

test.each([
  ['the user changed', (c: SessionCache) => c.forgetUser(1)],
  ['the session ended', (c: SessionCache) => c.forgetToken('hash-a')],
  ['everything was dropped', (c: SessionCache) => c.reset(true)],
])('a read begun before %s is not kept', (_, change) => {
  const c = cache();
  const ticket = c.ticket();
  change(c);
  c.put(ticket, session('a'), user(1), 0);
  expect(c.get('a', 1)).toBeUndefined();
});

test('forgetting a user drops all their tokens and no one else’s', () => {
  const c = cache();
  c.put(c.ticket(), session('a'), user(1), 0);
  c.put(c.ticket(), session('b'), user(1), 0);
  c.put(c.ticket(), session('c'), user(2), 0);
  c.forgetUser(1);
  expect([c.get('a', 1), c.get('b', 1), c.get('c', 1)?.id]).toEqual([undefined, undefined, 2]);
});

test('forgetting a session by its hash drops that token only', () => {
  const c = cache();
  c.put(c.ticket(), session('a'), user(1), 0);
  c.put(c.ticket(), session('b'), user(1), 0);
  c.forgetToken('hash-a');
  expect([c.get('a', 1), c.get('b', 1)?.id]).toEqual([undefined, 1]);
});

test('when full the oldest entry goes first', () => {
  const c = cache();
  for (const token of ['a', 'b', 'c', 'd']) c.put(c.ticket(), session(token), user(1), 0);
  expect(c.size).toBe(3);
  expect(c.get('a', 1)).toBeUndefined();
  expect(c.get('d', 1)?.id).toBe(1);
});

test('while off nothing is kept', () => {
  const c = cache();
  c.reset(false);
  c.put(c.ticket(), session('a'), user(1), 0);
  expect(c.get('a', 1)).toBeUndefined();
  c.reset(true);
  c.put(c.ticket(), session('a'), user(1), 0);
  expect(c.get('a', 1)?.id).toBe(1);
});

test('kept rows cannot be changed by a caller', () => {
  const c = cache();
  const kept = c.put(c.ticket(), session('a'), user(1, 'Ada'), 0);
  expect(Object.isFrozen(kept)).toBe(true);
});
