import { afterEach, describe, expect, test, vi } from 'vitest';
import { deferredSocket } from './deferred-socket';
import { FakeSocket } from './fake-socket';

const auth = { userId: 7, deviceId: 'dev-1', token: 'tok' };

/** A socket whose client is "fetched" when the test says so. */
function setup() {
  let arrive!: (socket: FakeSocket) => void;
  let fail!: (error: Error) => void;
  const socket = deferredSocket(
    () =>
      new Promise((resolve, reject) => {
        arrive = resolve;
        fail = reject;
      }),
  );
  return {
    socket,
    arrive: (real: FakeSocket) => arrive(real),
    fail: (error: Error) => fail(error),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => vi.restoreAllMocks());

describe('deferredSocket', () => {
  test('listeners registered before the client arrives hear the real socket', async () => {
    const { socket, arrive } = setup();
    const connected = vi.fn();
    const failed = vi.fn();
    socket.on('connect', connected);
    socket.io.on('reconnect_failed', failed);
    expect(socket.connected).toBe(false);
    const real = new FakeSocket(auth);
    arrive(real);
    await settle();
    real.serverConnect();
    expect(connected).toHaveBeenCalledOnce();
    expect(socket.connected).toBe(true);
    socket.emit('message', { hello: 1 });
    expect(real.sent).toEqual([{ hello: 1 }]);
    real.reconnectFailed();
    expect(failed).toHaveBeenCalledOnce();
  });

  test('closed before the client arrives, it never connects', async () => {
    const { socket, arrive } = setup();
    socket.io.reconnection(false);
    socket.disconnect();
    const real = new FakeSocket(auth);
    const disconnect = vi.spyOn(real, 'disconnect');
    arrive(real);
    await settle();
    expect(disconnect).toHaveBeenCalled();
    expect(real.reconnectionEnabled).toBe(false);
    expect(socket.connected).toBe(false);
  });

  test('a client that cannot be fetched is a failed connection', async () => {
    const { socket, fail } = setup();
    const connectError = vi.fn();
    const failed = vi.fn();
    socket.on('connect_error', connectError);
    socket.io.on('reconnect_failed', failed);
    fail(new Error('offline'));
    await settle();
    expect(connectError).toHaveBeenCalledWith(new Error('offline'));
    expect(failed).toHaveBeenCalledOnce();
  });
});
