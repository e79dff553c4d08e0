import { describe, expect, test } from 'vitest';
import { turnCredentials, turnIceServers } from './turn-credentials.js';

const turn = { urls: ['turn:turn.example.com:3478'], secret: 'north-wind', ttlSeconds: 86_400 };
/** 2026-05-31 08:00:00 UTC. */
const now = 1_780_214_400_000;

describe('TURN REST credentials', () => {
  // Expected passwords computed independently: `printf %s USERNAME | openssl dgst -sha1
  // -hmac SECRET -binary | base64`.
  test.each([
    ['north-wind', 42, 1_780_300_800, '1780300800:42', 'Xr7axUWwVF7Jt9gIpyOzHkwa7lo='],
    ['s3cret', 7, 1_700_086_400, '1700086400:7', 'ZJ74PoKYUdO1NjzQnwt991IGiro='],
  ])(
    'secret %s, user %s, expiry %s: username %s, password %s',
    (secret, userId, expiresAt, username, credential) => {
      expect(turnCredentials(secret, userId, expiresAt)).toEqual({ username, credential });
    },
  );

  test('a member gets every configured address with credentials that end TTL seconds from now', () => {
    expect(turnIceServers(turn, 42, now)).toEqual([
      {
        urls: ['turn:turn.example.com:3478'],
        username: '1780300800:42',
        credential: 'Xr7axUWwVF7Jt9gIpyOzHkwa7lo=',
      },
    ]);
  });

  test('the expiry is in whole unix seconds', () => {
    const [server] = turnIceServers({ ...turn, ttlSeconds: 60 }, 1, now + 999);
    expect(server?.username).toBe(`${now / 1000 + 60}:1`);
  });

  test('without TURN configured members get no ICE servers', () => {
    expect(turnIceServers(undefined, 42, now)).toEqual([]);
  });
});
