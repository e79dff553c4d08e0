/**
 * TURN relays in the join answer (README: "TURN"): with TURN_* set every member gets the
 * configured addresses with their own credentials by the TURN REST scheme, expiring after
 * TURN_TTL_SECONDS; the settings are refused when half given or not TURN addresses.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../src/config/config.js';
import { ConfigError } from '../src/config/config-error.js';
import { build, listen, type TestApp } from './helper.js';
import { createMeeting, enter, visitor, type Member } from './room-members.js';

const SECRET = 'turn-test-secret';
const URLS = ['turn:192.0.2.10:3478?transport=udp', 'turns:turn.example.com:5349?transport=tcp'];
const TTL = 600;

let t: TestApp;
let base: string;
const open: Member[] = [];

beforeAll(async () => {
  t = await build({
    JANUS: 'on',
    TURN_URLS: URLS.join(', '),
    TURN_SECRET: SECRET,
    TURN_TTL_SECONDS: String(TTL),
  });
  base = await listen(t);
});
afterAll(async () => {
  open.forEach((m) => m.socket.disconnect());
  await t.close();
});

describe('TURN in the join answer', () => {
  test('each member gets the TURN addresses with their own credentials, good for TURN_TTL_SECONDS', async () => {
    const meeting = await createMeeting(t);
    const guest = await visitor(t);
    const before = Math.floor(Date.now() / 1000);
    const host = await enter(t, base, { token: meeting.hostToken }, meeting.id, 'Host');
    const other = await enter(t, base, guest, meeting.id, 'Guest');
    const after = Math.ceil(Date.now() / 1000);
    open.push(host.member, other.member);

    for (const [joined, userId] of [
      [host.joined, meeting.hostId],
      [other.joined, guest.userId],
    ] as const) {
      expect(joined.iceServers).toHaveLength(1);
      const [server] = joined.iceServers;
      expect(server?.urls).toEqual(URLS);
      const [expiry, who] = (server?.username ?? '').split(':');
      expect(who).toBe(String(userId));
      expect(Number(expiry)).toBeGreaterThanOrEqual(before + TTL);
      expect(Number(expiry)).toBeLessThanOrEqual(after + TTL);
      // What coturn (use-auth-secret) recomputes from the shared secret.
      expect(server?.credential).toBe(
        createHmac('sha1', SECRET).update(server!.username!).digest('base64'),
      );
    }
    expect(host.joined.iceServers[0]?.credential).not.toBe(other.joined.iceServers[0]?.credential);
  });
});

describe('TURN settings', () => {
  test('without TURN_URLS there is no TURN (members get no ICE servers)', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).turn).toBeUndefined();
  });

  test.each([
    [{ TURN_URLS: 'turn:a.example:3478' }, /TURN_URLS needs TURN_SECRET/],
    [{ TURN_SECRET: 's' }, /TURN_SECRET needs TURN_URLS/],
    [{ TURN_URLS: 'stun:a.example:3478', TURN_SECRET: 's' }, /expected turn: or turns:/],
    [{ TURN_URLS: 'turn:a.example', TURN_SECRET: 's', TURN_TTL_SECONDS: '0' }, /at least 1/],
  ])('%o is refused at start', (env, message) => {
    expect(() => loadConfig({ NODE_ENV: 'test', ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', ...env })).toThrow(message);
  });

  test('the TTL defaults to a day', () => {
    expect(
      loadConfig({ NODE_ENV: 'test', TURN_URLS: 'turn:a.example:3478', TURN_SECRET: 's' }).turn,
    ).toEqual({ urls: ['turn:a.example:3478'], secret: 's', ttlSeconds: 86_400 });
  });
});
