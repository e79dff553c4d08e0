import { describe, expect, test } from 'vitest';
import { ICE_POLICY_KEY, peerConnectionConfig } from './ice-config';

const turn = [{ urls: ['turn:192.0.2.10:3478'], username: '1780300800:42', credential: 'c' }];
const storage = (value: string | null) => ({ getItem: () => value });

describe('peer connection configuration', () => {
  test.each([
    ['no hook', null, 'all'],
    ['the relay hook', 'relay', 'relay'],
    ['anything else', 'all', 'all'],
    ['a misspelt value', 'Relay', 'all'],
  ] as const)('%s: policy %s gives %s', (_, value, policy) => {
    expect(peerConnectionConfig(turn, storage(value))).toEqual({
      iceServers: turn,
      bundlePolicy: 'max-bundle',
      iceTransportPolicy: policy,
    });
  });

  test('the hook is read from localStorage; blocked storage means no hook', () => {
    localStorage.setItem(ICE_POLICY_KEY, 'relay');
    expect(peerConnectionConfig([]).iceTransportPolicy).toBe('relay');
    localStorage.removeItem(ICE_POLICY_KEY);
    expect(peerConnectionConfig([]).iceTransportPolicy).toBe('all');
    const blocked = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    expect(peerConnectionConfig([], blocked).iceTransportPolicy).toBe('all');
  });
});
