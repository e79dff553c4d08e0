/**
 * The long-lived `/message` socket (SPEC.md sections 4 and 7): one per app, opened with the
 * signed-in user's id, device id and token, a ping every 10 s while connected, reconnects for as
 * long as the page is open (reconnect-policy.ts: backoff with jitter, a try at once when the
 * network or the page comes back), and silence once the server says a newer connection of the same user
 * and device replaced this one, or once the server ends it because its sign-in ended (a logout,
 * a password reset: `onSignedOut` hears why). Handlers registered with `onMessage` outlive reconnects and
 * sign-in changes, so a screen subscribes once and keeps hearing whichever connection is open.
 * Every push is read by its socket's `read` (the shared schema) before a handler hears it.
 */
import {
  MESSAGE_EVENT,
  MESSAGE_NAMESPACE,
  MESSAGE_PING_MS,
  ResultCode,
  type ErrorKey,
  type MessageAuth,
  type MessageEnvelope,
} from '@meet/shared';
import { deferredSocket, type SocketLike } from './deferred-socket';
import { onNetworkReturn, RECONNECT_POLICY, retryNow } from './reconnect-policy';
import { buildEnvelope, type ClientMessageJson, type ServerMsgType } from './envelope';
import { MessageDispatcher, type MessageHandler } from './message-dispatcher';

export type { SocketLike };

/** The `/message` socket: one that also reads its pushes. */
export interface MessageSocketLike extends SocketLike {
  /** A push of the message event, checked: null (logged) when it is not one this client knows. */
  read(raw: unknown): MessageEnvelope | null;
}

export type OpenSocket = (auth: MessageAuth) => MessageSocketLike;

export type MessageSocketStatus =
  | 'idle'
  | 'connecting'
  | 'connected'
  | 'reconnecting'
  /** A newer connection of the same user and device took over; no more reconnects. */
  | 'replaced'
  /** The sign-in it was opened with ended (or was refused, 203); no more reconnects. */
  | 'signedOut'
  /** The reconnect attempts ran out, or the server refused the handshake. */
  | 'failed';

// socket.io-client is fetched on the first connection, not with the first screen; so is the
// reading of pushes, whose schema brings zod. No push comes before both are there.
const openSocketIo: OpenSocket = (auth) => {
  let read: MessageSocketLike['read'] = () => null;
  const socket = deferredSocket(async () => {
    const [{ io }, reader] = await Promise.all([
      import('socket.io-client'),
      import('./server-envelope'),
    ]);
    read = reader.parseServerEnvelope;
    const real = io(MESSAGE_NAMESPACE, {
      path: '/socket.io',
      transports: ['websocket'],
      auth,
      // Its own engine connection: a shared one would also stop the room socket's reconnects
      // when this one is replaced.
      forceNew: true,
      ...RECONNECT_POLICY,
    });
    return Object.assign(real, { retryNow: () => retryNow(real) });
  });
  return Object.assign(socket, { read: (raw: unknown) => read(raw) });
};

export class MessageSocket {
  private readonly dispatcher = new MessageDispatcher();
  private readonly connectListeners = new Set<(reconnect: boolean) => void>();
  private readonly statusListeners = new Set<() => void>();
  private readonly signedOutListeners = new Set<(key: ErrorKey, auth: MessageAuth) => void>();
  private socket: MessageSocketLike | null = null;
  /** What the current socket was opened with. */
  private auth: MessageAuth | null = null;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private currentStatus: MessageSocketStatus = 'idle';
  private stopRetries: (() => void) | undefined;

  constructor(
    private readonly open: OpenSocket = openSocketIo,
    private readonly pingMs: number = MESSAGE_PING_MS,
  ) {
    // Replacement is the socket's own business; screens may still listen to it as a notice.
    this.dispatcher.on('new_connection_replace', () => this.replaced());
    this.dispatcher.on('signed_out', ({ key }) => this.signedOut(key));
  }

  get status(): MessageSocketStatus {
    return this.currentStatus;
  }

  get connected(): boolean {
    return this.socket?.connected ?? false;
  }

  /** Opens a connection for `auth`, closing any earlier one first. */
  start(auth: MessageAuth): void {
    this.stop();
    const socket = this.open(auth);
    this.socket = socket;
    this.auth = auth;
    this.setStatus('connecting');
    let everConnected = false;
    const current = () => this.socket === socket;
    // Back online, or the page looked at again: a socket waiting to reconnect tries now.
    this.stopRetries = onNetworkReturn(() => {
      if (
        current() &&
        (this.currentStatus === 'reconnecting' || this.currentStatus === 'connecting')
      )
        socket.retryNow?.();
    });

    socket.on('connect', () => {
      if (!current()) return;
      const reconnect = everConnected;
      everConnected = true;
      this.setStatus('connected');
      this.startPing();
      for (const listener of [...this.connectListeners]) {
        try {
          listener(reconnect);
        } catch (error) {
          console.error('message-socket: connect listener failed', error);
        }
      }
    });
    socket.on('disconnect', (reason: string) => {
      if (!current()) return;
      this.stopPing();
      if (this.currentStatus === 'replaced' || this.currentStatus === 'signedOut') return;
      // The server hanging up on purpose is not retried by socket.io; anything else is.
      this.setStatus(reason === 'io server disconnect' ? 'failed' : 'reconnecting');
    });
    socket.on('connect_error', (error: Error & { data?: { code?: unknown } }) => {
      if (!current()) return;
      // The token no longer signs anyone in (it ended while this socket was away): no retry helps.
      if (error.data?.code === ResultCode.authFailed) return this.signedOut('authFailed');
      console.warn('message-socket: cannot connect', error.message);
    });
    socket.io.on('reconnect_failed', () => {
      if (current()) this.setStatus('failed');
    });
    socket.on(MESSAGE_EVENT, (raw: unknown) => {
      if (!current()) return;
      const envelope = socket.read(raw);
      if (envelope) this.dispatcher.dispatch(envelope);
    });
  }

  /** Closes the connection (sign-out, token gone); handlers stay registered. */
  stop(): void {
    const socket = this.socket;
    if (!socket) return;
    this.socket = null;
    this.auth = null;
    this.stopPing();
    this.stopRetries?.();
    this.stopRetries = undefined;
    socket.io.reconnection(false);
    socket.disconnect();
    this.setStatus('idle');
  }

  /** Sends at once if connected; false otherwise (nothing is queued for later). */
  send(messageJson: ClientMessageJson): boolean {
    const socket = this.socket;
    if (!socket?.connected) return false;
    socket.emit(MESSAGE_EVENT, buildEnvelope(messageJson));
    return true;
  }

  onMessage<T extends ServerMsgType>(msgType: T, handler: MessageHandler<T>): () => void {
    return this.dispatcher.on(msgType, handler);
  }

  /** Called on every (re)connection; `reconnect` is false for a connection's first one. */
  onConnect(listener: (reconnect: boolean) => void): () => void {
    this.connectListeners.add(listener);
    return () => this.connectListeners.delete(listener);
  }

  onStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /**
   * Called when the server ends the connection because its sign-in ended, with the catalogue key
   * of why (`authFailed` when it refused the token outright) and the credentials it was opened
   * with.
   */
  onSignedOut(listener: (key: ErrorKey, auth: MessageAuth) => void): () => void {
    this.signedOutListeners.add(listener);
    return () => this.signedOutListeners.delete(listener);
  }

  private replaced() {
    const socket = this.socket;
    if (!socket) return;
    this.setStatus('replaced');
    this.stopPing();
    socket.io.reconnection(false);
    socket.disconnect();
  }

  private signedOut(key: ErrorKey) {
    const socket = this.socket;
    const auth = this.auth;
    if (!socket || !auth || this.currentStatus === 'signedOut') return;
    this.setStatus('signedOut');
    this.stopPing();
    socket.io.reconnection(false);
    socket.disconnect();
    for (const listener of [...this.signedOutListeners]) {
      try {
        listener(key, auth);
      } catch (error) {
        console.error('message-socket: signed-out listener failed', error);
      }
    }
  }

  private startPing() {
    this.stopPing();
    this.pingTimer = setInterval(() => this.send({ msgType: 'ping' }), this.pingMs);
  }

  private stopPing() {
    if (this.pingTimer !== undefined) clearInterval(this.pingTimer);
    this.pingTimer = undefined;
  }

  private setStatus(status: MessageSocketStatus) {
    if (this.currentStatus === status) return;
    this.currentStatus = status;
    for (const listener of [...this.statusListeners]) {
      try {
        listener();
      } catch (error) {
        console.error('message-socket: status listener failed', error);
      }
    }
  }
}
