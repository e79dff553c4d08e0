import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { MESSAGE_PING_MS, type MessageAuth } from '@meet/shared';
import { FakeSocket } from './fake-socket';
import { MessageSocket } from './message-socket';

const auth: MessageAuth = { userId: 7, deviceId: 'dev-1', token: 'tok' };

function setup() {
  const sockets: FakeSocket[] = [];
  const messages = new MessageSocket((a) => {
    const socket = new FakeSocket(a);
    sockets.push(socket);
    return socket;
  });
  return { messages, sockets, last: () => sockets[sockets.length - 1]! };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('MessageSocket', () => {
  test('connects with the user id, device id and token', () => {
    const { messages, last } = setup();
    messages.start(auth);
    expect(last().auth).toEqual(auth);
    expect(messages.status).toBe('connecting');
    last().serverConnect();
    expect(messages.status).toBe('connected');
  });

  test('pings every 10 s while connected, and stops pinging when disconnected', () => {
    const { messages, last } = setup();
    messages.start(auth);
    last().serverConnect();
    vi.advanceTimersByTime(MESSAGE_PING_MS * 3);
    expect(last().sentJson()).toEqual([
      { msgType: 'ping' },
      { msgType: 'ping' },
      { msgType: 'ping' },
    ]);
    last().drop();
    expect(messages.status).toBe('reconnecting');
    vi.advanceTimersByTime(MESSAGE_PING_MS * 3);
    expect(last().sent).toHaveLength(3);
  });

  test('send goes out only while connected and says whether it did', () => {
    const { messages, last } = setup();
    expect(messages.send({ msgType: 'ping' })).toBe(false);
    messages.start(auth);
    expect(messages.send({ msgType: 'ping' })).toBe(false);
    last().serverConnect();
    expect(messages.send({ msgType: 'leave_waiting_room', conferenceUri: 'u' })).toBe(true);
    expect(last().sentJson()).toEqual([{ msgType: 'leave_waiting_room', conferenceUri: 'u' }]);
  });

  test('connect listeners learn whether a connection is a reconnection', () => {
    const { messages, last } = setup();
    const seen: boolean[] = [];
    messages.onConnect((reconnect) => seen.push(reconnect));
    messages.start(auth);
    last().serverConnect();
    last().drop();
    last().serverConnect();
    expect(seen).toEqual([false, true]);
  });

  test('handlers hear server messages and outlive a new sign-in', () => {
    const { messages, sockets } = setup();
    const handler = vi.fn();
    messages.onMessage('waiting_room_deny', handler);
    messages.start(auth);
    messages.start({ ...auth, token: 'tok-2' });
    expect(sockets[0]!.reconnectionEnabled).toBe(false);
    sockets[1]!.serverConnect();
    const deny = { msgType: 'waiting_room_deny', code: 0, conferenceUri: 'u', conferenceId: '1' };
    // The old connection is closed; anything it still delivers is ignored.
    sockets[0]!.push(deny);
    sockets[1]!.push(deny);
    expect(handler).toHaveBeenCalledOnce();
  });

  test('a malformed push is logged with its type and dropped; the next one is heard', () => {
    const { messages, last } = setup();
    const handler = vi.fn();
    messages.onMessage('waiting_room_approve', handler);
    messages.start(auth);
    last().serverConnect();
    const approve = { msgType: 'waiting_room_approve', code: 1, conferenceUri: 'u' } as const;
    last().push(approve);
    last().push({ ...approve, conferenceId: 1 });
    expect(handler).not.toHaveBeenCalled();
    expect(vi.mocked(console.warn).mock.calls).toEqual([
      ['message-socket: dropped a malformed message (waiting_room_approve)'],
      ['message-socket: dropped a malformed message (waiting_room_approve)'],
    ]);
    last().push({ ...approve, conferenceId: '123456789' });
    expect(handler).toHaveBeenCalledOnce();
    expect(messages.status).toBe('connected');
  });

  test('new_connection_replace stops the reconnects and the pings', () => {
    const { messages, last } = setup();
    const notice = vi.fn();
    messages.onMessage('new_connection_replace', notice);
    messages.start(auth);
    last().serverConnect();
    last().push({ msgType: 'new_connection_replace' });
    expect(messages.status).toBe('replaced');
    expect(last().reconnectionEnabled).toBe(false);
    expect(last().connected).toBe(false);
    expect(notice).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(MESSAGE_PING_MS * 2);
    expect(last().sent).toHaveLength(0);
  });

  test('signed_out ends the connection for good and tells why, with the credentials used', () => {
    const { messages, last } = setup();
    const heard: unknown[] = [];
    messages.onSignedOut((key, used) => heard.push([key, used]));
    messages.start(auth);
    last().serverConnect();
    last().push({ msgType: 'signed_out', code: 203, key: 'passwordChanged' });
    expect(messages.status).toBe('signedOut');
    expect(last().reconnectionEnabled).toBe(false);
    expect(last().connected).toBe(false);
    expect(heard).toEqual([['passwordChanged', auth]]);
    vi.advanceTimersByTime(MESSAGE_PING_MS * 2);
    expect(last().sent).toHaveLength(0);
  });

  test('a handshake refused with 203 is a sign-out (authFailed); another refusal is not', () => {
    const { messages, last } = setup();
    const heard: string[] = [];
    messages.onSignedOut((key) => heard.push(key));
    messages.start(auth);
    last().refuse(-1);
    expect(heard).toEqual([]);
    last().refuse(203);
    expect(heard).toEqual(['authFailed']);
    expect(messages.status).toBe('signedOut');
    expect(last().reconnectionEnabled).toBe(false);
  });

  test('running out of reconnects is a failure', () => {
    const { messages, last } = setup();
    messages.start(auth);
    last().serverConnect();
    last().drop();
    last().reconnectFailed();
    expect(messages.status).toBe('failed');
  });

  test('stop (sign-out) closes the connection and sends nothing more', () => {
    const { messages, last } = setup();
    messages.start(auth);
    last().serverConnect();
    messages.stop();
    expect(messages.status).toBe('idle');
    expect(last().connected).toBe(false);
    expect(last().reconnectionEnabled).toBe(false);
    expect(messages.send({ msgType: 'ping' })).toBe(false);
    messages.stop();
  });
});
