import type { FastifyBaseLogger } from 'fastify';
import { expect, test, vi } from 'vitest';
import { sha256 } from '../lib/crypto.js';
import { AccountChanges } from './account-changes.js';
import { SessionCache } from './session-cache.js';
import { SignedInSockets } from './signed-in-sockets.js';

const log = { warn: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;

function setup(stillSignedIn: (token: string) => Promise<boolean> = async () => true) {
  const changes = new AccountChanges(new SessionCache(), (run) => run(), log);
  return { changes, sockets: new SignedInSockets(changes, stillSignedIn, log) };
}

test('a logout closes the sockets of that token only, telling signedOut', () => {
  const { changes, sockets } = setup();
  const closed: string[] = [];
  sockets.track({ userId: 1, token: 'a' }, (key) => closed.push(`a1:${key}`));
  sockets.track({ userId: 1, token: 'a' }, (key) => closed.push(`a2:${key}`));
  sockets.track({ userId: 1, token: 'b' }, (key) => closed.push(`b:${key}`));
  changes.sessionEnded(sha256('a'));
  expect(closed).toEqual(['a1:signedOut', 'a2:signedOut']);
  expect(sockets.size).toBe(1);
});

test('a password reset closes every socket of the user and no one else’s', () => {
  const { changes, sockets } = setup();
  const closed: string[] = [];
  sockets.track({ userId: 1, token: 'a' }, (key) => closed.push(`a:${key}`));
  sockets.track({ userId: 1, token: 'b' }, (key) => closed.push(`b:${key}`));
  sockets.track({ userId: 2, token: 'c' }, (key) => closed.push(`c:${key}`));
  changes.allSessionsEnded(1, 'passwordChanged');
  expect(closed).toEqual(['a:passwordChanged', 'b:passwordChanged']);
  expect(sockets.size).toBe(1);
});

test('a change to the user row closes nothing', () => {
  const { changes, sockets } = setup();
  const close = vi.fn();
  sockets.track({ userId: 1, token: 'a' }, close);
  changes.userChanged(1);
  expect(close).not.toHaveBeenCalled();
});

test('an untracked (disconnected) socket is not closed again', () => {
  const { changes, sockets } = setup();
  const close = vi.fn();
  const untrack = sockets.track({ userId: 1, token: 'a' }, close);
  untrack();
  changes.allSessionsEnded(1, 'passwordChanged');
  expect(close).not.toHaveBeenCalled();
  expect(sockets.size).toBe(0);
});

test('a sign-in that ended before the socket was tracked still closes it, once', async () => {
  const { changes, sockets } = setup(async () => false);
  const close = vi.fn();
  sockets.track({ userId: 1, token: 'a' }, close);
  await vi.waitFor(() => expect(close).toHaveBeenCalledWith('signedOut'));
  changes.sessionEnded(sha256('a'));
  expect(close).toHaveBeenCalledTimes(1);
});

test('one socket failing to close does not keep the others open', () => {
  const { changes, sockets } = setup();
  const second = vi.fn();
  sockets.track({ userId: 1, token: 'a' }, () => {
    throw new Error('boom');
  });
  sockets.track({ userId: 1, token: 'b' }, second);
  changes.allSessionsEnded(1, 'passwordChanged');
  expect(second).toHaveBeenCalledWith('passwordChanged');
});

test('after Redis comes back, sockets whose sign-in ended meanwhile are closed', async () => {
  const live = new Set(['a', 'b']);
  const { changes, sockets } = setup(async (token) => live.has(token));
  const closed: string[] = [];
  sockets.track({ userId: 1, token: 'a' }, (key) => closed.push(`a:${key}`));
  sockets.track({ userId: 2, token: 'b' }, (key) => closed.push(`b:${key}`));
  await Promise.resolve();
  // A logout of b on another node, not heard here.
  live.delete('b');
  changes.emit('resubscribed');
  await vi.waitFor(() => expect(closed).toEqual(['b:signedOut']));
  expect(sockets.size).toBe(1);
});
