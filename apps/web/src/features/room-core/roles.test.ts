import type { PeerInfo } from '@meet/shared';
import { expect, test } from 'vitest';
import { amHost, isHostMember } from './roles';

const p = (userId: number, isHost = false) => ({ userId, isHost }) as PeerInfo;

test.each([
  ['the latest hostId decides over a stale flag', p(1, true), 2, false],
  ['the new host before their own update', p(2, false), 2, true],
  ['without a host id the flag decides', p(1, true), 0, true],
  ['no host at all', p(1, false), 0, false],
])('%s', (_name, peer, hostId, expected) => {
  expect(isHostMember(peer, hostId)).toBe(expected);
});

test('nobody is host before the join answer', () => {
  expect(amHost({ me: null, hostId: 1 })).toBe(false);
  expect(amHost({ me: p(1), hostId: 1 })).toBe(true);
});
