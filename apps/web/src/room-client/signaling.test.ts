import { afterEach, describe, expect, test, vi } from 'vitest';
import type { RoomNotification } from '@meet/shared';
import { peerInfo } from '../test/peer-info';

/** The socket.io client socket as the server side of a test drives it. */
class ServerSide {
  connected = true;
  readonly handlers = new Map<string, (...args: unknown[]) => void>();
  /** What the next request is answered with (the queue's first, while it has one). */
  answer: unknown;
  readonly answers: unknown[] = [];
  connects = 0;
  readonly io = { on: () => undefined, removeAllListeners: () => undefined };
  on(event: string, handler: (...args: unknown[]) => void) {
    this.handlers.set(event, handler);
    return this;
  }
  timeout() {
    return {
      emit: (_event: string, _request: unknown, ack: (error: Error | null, raw: unknown) => void) =>
        ack(null, this.answers.length ? this.answers.shift() : this.answer),
    };
  }
  say(event: string, ...args: unknown[]) {
    this.handlers.get(event)?.(...args);
  }
  disconnect() {}
  connect() {
    this.connects += 1;
  }
  removeAllListeners() {}
}

const opened: ServerSide[] = [];
vi.mock('socket.io-client', () => ({
  io: () => {
    const socket = new ServerSide();
    opened.push(socket);
    return socket;
  },
}));

const { RequestError, Signaling, failureOf } = await import('./signaling');

afterEach(() => {
  opened.length = 0;
  vi.restoreAllMocks();
});

function connect() {
  const signaling = new Signaling();
  const heard: RoomNotification[] = [];
  signaling.on('notification', (n) => heard.push(n));
  signaling.connect({ token: 't', conferenceId: '123456789', deviceId: 'd' });
  return { signaling, heard, server: opened[0]! };
}

const warnings = () => vi.spyOn(console, 'warn').mockImplementation(() => undefined);

describe('signaling: what the server says is parsed before use', () => {
  test('a well-formed notification is handed on', () => {
    const { heard, server } = connect();
    server.say('notification', { type: 'newPeer', peer: peerInfo(2) });
    expect(heard).toEqual([{ type: 'newPeer', peer: peerInfo(2) }]);
  });

  test('a malformed notification is logged with its type and dropped; the next one still comes', () => {
    const warn = warnings();
    const { heard, server } = connect();
    const { displayName: _name, ...nameless } = peerInfo(2);
    server.say('notification', { type: 'newPeer', peer: nameless });
    server.say('notification', { type: 'peerUpdated', peer: { ...peerInfo(3), feeds: 'x' } });
    server.say('notification', { type: 'newPeer!', peer: peerInfo(4) });
    server.say('notification', 'not even an object');
    expect(heard).toEqual([]);
    expect(warn.mock.calls.map(([line]) => String(line))).toEqual([
      expect.stringContaining('(newPeer)'),
      expect.stringContaining('(peerUpdated)'),
      expect.stringContaining('(newPeer!)'),
      expect.stringContaining('(string)'),
    ]);
    server.say('notification', { type: 'peerClosed', peerId: '2' });
    expect(heard).toEqual([{ type: 'peerClosed', peerId: '2' }]);
  });

  test('a field the protocol does not have does not reach the room', () => {
    const { heard, server } = connect();
    server.say('notification', { type: 'peerClosed', peerId: '2', script: '<b>' });
    expect(heard).toEqual([{ type: 'peerClosed', peerId: '2' }]);
  });

  test('a well-formed answer resolves the request with its data', async () => {
    const { signaling, server } = connect();
    server.answer = { ok: true, data: { jsep: null } };
    await expect(signaling.request({ type: 'restartIce', target: 'camera' })).resolves.toEqual({
      jsep: null,
    });
  });

  test('a refusal rejects with its code and catalogue key', async () => {
    const { signaling, server } = connect();
    server.answer = {
      ok: false,
      code: -1,
      error: 'too long',
      key: 'chatTooLong',
      params: { max: 1 },
    };
    const error = await signaling.request({ type: 'sendMessage', content: 'hi' }).catch((e) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({ code: -1, key: 'chatTooLong', params: { max: 1 } });
  });

  test.each([
    ['an answer of another request', { ok: true, data: { jsep: null } }],
    ['a chat message without its text', { ok: true, data: { message: { id: 1 } } }],
    ['a refusal with a key the catalogue lacks', { ok: false, code: 1, error: 'x', key: 'boom' }],
    ['no answer at all', undefined],
  ])('%s rejects the request with a clear error', async (_name, answer) => {
    const warn = warnings();
    const { signaling, server } = connect();
    server.answer = answer;
    const error = await signaling.request({ type: 'sendMessage', content: 'hi' }).catch((e) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({
      key: 'serverError',
      message: "the server's answer to sendMessage could not be read",
    });
    expect(warn).toHaveBeenCalledWith('room: a malformed answer to sendMessage');
  });

  test('a garbled fatal message still ends the connection', () => {
    warnings();
    const { signaling, server } = connect();
    const failed = vi.fn();
    signaling.on('failed', failed);
    server.say('fatal', { code: 'x' });
    server.say('fatal', { code: 3000, error: 'locked' });
    expect(failed.mock.calls).toEqual([
      ['the server closed the connection', -1],
      ['locked', 3000],
    ]);
  });

  test('a handshake refusal naming a node that is no web address is not followed', () => {
    warnings();
    const { signaling, server } = connect();
    const failed = vi.fn();
    signaling.on('failed', failed);
    const refusal = (data: unknown) => Object.assign(new Error('elsewhere'), { data });
    server.say('connect_error', refusal({ code: -1, mediaServer: 'javascript:alert(1)' }));
    expect(opened).toHaveLength(1);
    server.say('connect_error', refusal({ code: -1, mediaServer: 'http://node-2.example:3001' }));
    expect(opened).toHaveLength(2);
    expect(failed).not.toHaveBeenCalled();
  });

  test('a fatal message with a catalogue key passes the key on', () => {
    const { signaling, server } = connect();
    const failed = vi.fn();
    signaling.on('failed', failed);
    server.say('fatal', { code: -1, error: 'Too many requests', key: 'rateLimited' });
    expect(failed).toHaveBeenCalledWith('Too many requests', -1, 'rateLimited');
  });
});

describe("signaling: the server's flood limits", () => {
  const limited = (retryAfterMs?: number) => ({
    ok: false,
    code: -1,
    error: 'Too many requests',
    key: 'rateLimited',
    ...(retryAfterMs === undefined ? {} : { params: { retryAfterMs } }),
  });

  test('a request refused as too many for now goes again after the wait the server gave', async () => {
    vi.useFakeTimers();
    try {
      const { signaling, server } = connect();
      server.answers.push(limited(300));
      server.answer = { ok: true, data: { jsep: null } };
      const answer = signaling.request({ type: 'restartIce', target: 'camera' });
      await vi.advanceTimersByTimeAsync(299);
      expect(server.answers).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1);
      await expect(answer).resolves.toEqual({ jsep: null });
    } finally {
      vi.useRealTimers();
    }
  });

  test('refused again and again, or with no wait given, the request fails with the key', async () => {
    vi.useFakeTimers();
    try {
      const { signaling, server } = connect();
      server.answer = limited(100);
      const again = signaling.request({ type: 'restartIce', target: 'camera' }).catch((e) => e);
      await vi.advanceTimersByTimeAsync(1000);
      expect(await again).toMatchObject({ key: 'rateLimited' });
      server.answer = limited();
      const once = signaling.request({
        type: 'join',
        displayName: 'A',
        audioEnabled: false,
        videoEnabled: false,
      });
      await expect(once).rejects.toMatchObject({ key: 'rateLimited' });
    } finally {
      vi.useRealTimers();
    }
  });

  test('a handshake refused as too many connections tries again after the wait, not failing', async () => {
    vi.useFakeTimers();
    try {
      const { signaling, server } = connect();
      const failed = vi.fn();
      signaling.on('failed', failed);
      server.connected = false;
      server.say(
        'connect_error',
        Object.assign(new Error('Too many requests'), {
          data: { code: -1, key: 'rateLimited', retryAfterMs: 2000 },
        }),
      );
      await vi.advanceTimersByTimeAsync(1999);
      expect(server.connects).toBe(0);
      await vi.advanceTimersByTimeAsync(1001);
      expect(server.connects).toBe(1);
      expect(failed).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('what a connection the server ended means for the room', () => {
  test.each([
    [3004, undefined, 'meetingFull'],
    [203, 'signedOut', 'signedOut'],
    [203, undefined, 'signedOut'],
    [-1, 'rateLimited', 'rateLimited'],
    [-1, undefined, 'connectFailed'],
    [3000, undefined, 'connectFailed'],
  ] as const)('code %i, key %s → %s', (code, key, failure) => {
    expect(failureOf(code, key)).toBe(failure);
  });
});
