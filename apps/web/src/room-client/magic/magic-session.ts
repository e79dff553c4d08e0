/**
 * One metered Magic Cam session on the `/magic` socket (packages/shared protocol/magic-stream.ts):
 * opened with the token of getToken / getHomePageToken, `start` (the first minute is charged),
 * `prompt`, camera frames for the stream engine, `stop`; the server's `charged` and `closed`.
 * A connection that cannot be made, or drops and does not come back, ends it as 'wsError'; after
 * a reconnect the session is started again. socket.io-client is fetched on first use.
 */
import { z } from 'zod';
import {
  MAGIC_NAMESPACE,
  MESSAGE_RECONNECT_ATTEMPTS,
  MESSAGE_RECONNECT_DELAY_MS,
  REQUEST_TIMEOUT_MS,
  magicChargedEvent,
  magicCloseReason,
  magicClosedEvent,
  type MagicAck,
  type MagicCloseReason,
  type MagicStartRequest,
} from '@meet/shared';
import { deferredSocket } from '../../message-socket/deferred-socket';
import type { SocketLike } from '../../message-socket/message-socket';
import { Emitter } from '../emitter';

export type OpenMagicSocket = (url: string, token: string) => SocketLike;

const ackSchema = z.union([
  z.object({ ok: z.literal(true), balance: z.number() }),
  z.object({ ok: z.literal(false), reason: magicCloseReason }),
]);
/** How long `stop` waits for its acknowledgement before the socket is closed anyway. */
const STOP_WAIT_MS = 2000;

/** An address on the Magic Cam server: relative on the page's origin, absolute on another. */
export function magicUrl(serverUrl: string | undefined, path: string): string {
  if (!serverUrl) return path;
  const url = new URL(path, serverUrl);
  return url.origin === window.location.origin ? `${url.pathname}${url.search}` : url.href;
}

const openSocketIo: OpenMagicSocket = (url, token) =>
  deferredSocket(async () =>
    (await import('socket.io-client')).io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token },
      forceNew: true,
      reconnection: true,
      reconnectionAttempts: MESSAGE_RECONNECT_ATTEMPTS,
      reconnectionDelay: MESSAGE_RECONNECT_DELAY_MS,
      reconnectionDelayMax: MESSAGE_RECONNECT_DELAY_MS,
      randomizationFactor: 0,
    }),
  );

export interface MagicSessionEvents {
  charged: [event: { minutes: number; balance: number }];
  /** The session ended for this reason (never emitted after `stop` or `close`). */
  closed: [reason: MagicCloseReason];
}

export class MagicSession extends Emitter<MagicSessionEvents> {
  private readonly socket: SocketLike;
  private request: MagicStartRequest | undefined;
  private connected: Promise<boolean>;
  private ended = false;

  constructor(token: string, serverUrl: string | undefined, open: OpenMagicSocket = openSocketIo) {
    super();
    this.socket = open(magicUrl(serverUrl, MAGIC_NAMESPACE), token);
    const socket = this.socket;
    this.connected = new Promise((resolve) => {
      socket.on('connect', () => resolve(true));
      // A refusal of the handshake (bad token) or no server at all: nothing will change that.
      socket.on('connect_error', () => {
        if (!this.request) resolve(false);
      });
      socket.io.on('reconnect_failed', () => resolve(false));
    });
    socket.on('connect', () => void this.restart());
    socket.on('charged', (raw: unknown) => {
      const event = magicChargedEvent.safeParse(raw);
      if (event.success) this.emit('charged', event.data);
      else console.warn('magic: dropped a malformed charged event');
    });
    socket.on('closed', (raw: unknown) => {
      const event = magicClosedEvent.safeParse(raw);
      this.end(event.success ? event.data.reason : 'sysError');
    });
    socket.on('disconnect', (reason: string) => {
      // The server ended the connection (without saying why first): it will not come back.
      if (reason === 'io server disconnect') this.end('wsError');
    });
    socket.io.on('reconnect_failed', () => this.end('wsError'));
  }

  /** Starts the session; the answer says whether it runs (balance) or why not. */
  async start(request: MagicStartRequest): Promise<MagicAck> {
    if (!(await this.connected)) {
      this.ended = true;
      this.socket.disconnect();
      return { ok: false, reason: 'wsError' };
    }
    this.request = request;
    return this.ask('start', request);
  }

  /** A new prompt for the running session (no new charge). */
  setPrompt(prompt: string): Promise<MagicAck> {
    if (this.request) this.request = { ...this.request, prompt };
    return this.ask('prompt', { prompt });
  }

  /** One camera frame for the stream engine; dropped while the connection is down. */
  sendFrame(jpeg: ArrayBuffer): void {
    if (this.socket.connected && !this.ended) this.socket.emit('frame', jpeg);
  }

  /** The user stops: the server is told (briefly waited for), then the socket closes. */
  async stop(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    if (this.socket.connected)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, STOP_WAIT_MS);
        this.socket.emit('stop', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    this.close();
  }

  /** Closes the socket at once (the server ends the session when it goes). */
  close(): void {
    this.ended = true;
    this.socket.io.reconnection(false);
    this.socket.disconnect();
    this.removeAllListeners();
  }

  private ask(event: 'start' | 'prompt', body: unknown): Promise<MagicAck> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve({ ok: false, reason: 'timeout' }), REQUEST_TIMEOUT_MS);
      this.socket.emit(event, body, (raw: unknown) => {
        clearTimeout(timer);
        const ack = ackSchema.safeParse(raw);
        resolve(ack.success ? ack.data : { ok: false, reason: 'sysError' });
      });
    });
  }

  /** After a reconnect the server no longer has the session: it is started again. */
  private async restart(): Promise<void> {
    if (!this.request || this.ended) return;
    const ack = await this.ask('start', this.request);
    if (!ack.ok) this.end(ack.reason);
  }

  private end(reason: MagicCloseReason): void {
    if (this.ended) return;
    this.emit('closed', reason);
    this.close();
  }
}
