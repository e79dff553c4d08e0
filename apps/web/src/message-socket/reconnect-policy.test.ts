// @vitest-environment node
/**
 * The reconnect policy with a real socket.io client and server (issue 29): it does not give up
 * after SPEC.md's 10 tries, a retry at once connects without waiting out the backoff, and a
 * socket closed on purpose stays closed. onNetworkReturn's events are checked apart.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { onNetworkReturn, RECONNECT_POLICY, retryNow } from './reconnect-policy';

let http: HttpServer | undefined;
let server: Server | undefined;
let client: Socket | undefined;

/** A socket.io server on `port` (0: any free one); its port. */
async function serve(port = 0): Promise<number> {
  http = createServer();
  server = new Server(http);
  await new Promise<void>((resolve) => http!.listen(port, '127.0.0.1', resolve));
  return (http.address() as AddressInfo).port;
}

/** The server goes away as on a network loss: its connections close, with no goodbye. */
async function stop(): Promise<void> {
  await new Promise<void>((resolve) => server!.close(() => resolve()));
  server = undefined;
  http = undefined;
}

afterEach(async () => {
  client?.disconnect();
  client = undefined;
  if (server) await stop();
});

const connectedWithin = (socket: Socket, ms: number) =>
  new Promise<boolean>((resolve) => {
    if (socket.connected) return resolve(true);
    const timer = setTimeout(() => resolve(false), ms);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });

describe('reconnect policy (socket.io)', () => {
  test('never gives up: backoff 0.5 s doubling to 10 s with jitter', () => {
    expect(RECONNECT_POLICY).toMatchObject({
      reconnection: true,
      reconnectionAttempts: Infinity,
      reconnectionDelay: 500,
      reconnectionDelayMax: 10_000,
      randomizationFactor: 1,
    });
  });

  test('a socket waiting out its backoff connects at once on retryNow, and one closed on purpose stays closed', async () => {
    const port = await serve();
    client = io(`http://127.0.0.1:${port}`, {
      transports: ['websocket'],
      forceNew: true,
      ...RECONNECT_POLICY,
      // A long wait, so that only the retry can bring it back within the test.
      reconnectionDelay: 60_000,
      reconnectionDelayMax: 60_000,
      randomizationFactor: 0,
    });
    expect(await connectedWithin(client, 5000)).toBe(true);
    let failedForGood = false;
    client.io.on('reconnect_failed', () => (failedForGood = true));

    // The server goes away; the client drops and waits a minute for its next try.
    await stop();
    await vi.waitFor(() => expect(client!.connected).toBe(false));
    await serve(port);
    expect(await connectedWithin(client, 1500)).toBe(false);

    retryNow(client);
    expect(await connectedWithin(client, 5000)).toBe(true);
    expect(failedForGood).toBe(false);

    // Connected: nothing to do. Closed on purpose: no reconnect.
    const id = client.id;
    retryNow(client);
    expect(client.id).toBe(id);
    client.disconnect();
    retryNow(client);
    expect(await connectedWithin(client, 1000)).toBe(false);
  });
});

describe('onNetworkReturn', () => {
  test('calls back when the browser is online again or the page visible again, until stopped', () => {
    const events = new EventTarget();
    const doc = Object.assign(new EventTarget(), { visibilityState: 'hidden' });
    vi.stubGlobal('window', events);
    vi.stubGlobal('document', doc);
    try {
      const retry = vi.fn();
      const stopListening = onNetworkReturn(retry);
      events.dispatchEvent(new Event('online'));
      expect(retry).toHaveBeenCalledTimes(1);
      // Hidden: not yet.
      doc.dispatchEvent(new Event('visibilitychange'));
      expect(retry).toHaveBeenCalledTimes(1);
      doc.visibilityState = 'visible';
      doc.dispatchEvent(new Event('visibilitychange'));
      expect(retry).toHaveBeenCalledTimes(2);
      stopListening();
      events.dispatchEvent(new Event('online'));
      expect(retry).toHaveBeenCalledTimes(2);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
