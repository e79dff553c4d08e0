/**
 * The `/room` socket: requests answered through acknowledgements (with a time-out), server
 * notifications, and connection events. It reconnects for as long as the page is open, with
 * backoff and jitter, and tries at once when the network or the page comes back (issue 29;
 * SPEC.md section 9 had 10 tries 1 s apart, after which a 30 s outage ended the meeting).
 *
 * With several servers the socket goes to the meeting's media node (`mediaServer` of the join).
 * A node that says the meeting is elsewhere is left for that one; while the connection is down,
 * the API is asked once a second where the meeting is now (its node may have died and the
 * meeting been placed on another), and the socket moves there.
 *
 * Nothing the server says is trusted: each notification, acknowledgement and refusal is parsed
 * with the shared schemas first. A notification that does not parse is logged and dropped; an
 * acknowledgement that does not parse fails its request.
 */
import { io, type Socket } from 'socket.io-client';
import {
  ResultCode,
  ROOM_NAMESPACE,
  ROOM_NOTIFICATION_EVENT,
  ROOM_REQUEST_EVENT,
  roomAckSchema,
  roomFatalSchema,
  roomHandshakeRefusalSchema,
  roomNotificationSchema,
  type ErrorKey,
  type RoomAuth,
  type RoomNotification,
  type RoomRequest,
  type RoomResponses,
} from '@meet/shared';
import { onNetworkReturn, RECONNECT_POLICY, retryNow } from '../message-socket/reconnect-policy';
import { Emitter } from './emitter';

export class RequestError extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** The refusal's catalogue key, when the server gave one: shown in the user's language. */
    readonly key?: ErrorKey,
    readonly params?: Record<string, string | number>,
  ) {
    super(message);
  }
}

/** How the room client's parts ask the server: one request, its typed answer or a RequestError. */
export type RoomRequester = <T extends RoomRequest>(
  request: T,
) => Promise<RoomResponses[T['type']]>;

export interface SignalingEvents {
  notification: [message: RoomNotification];
  connected: [reconnect: boolean];
  disconnected: [reason: string];
  /** The server gave up on the connection; `key` says why in the catalogue, when it did. */
  failed: [message: string, code: number, key?: ErrorKey];
}

const REQUEST_TIMEOUT_MS = 15_000;
const LOCATE_EVERY_MS = 1000;
/**
 * A request the server refused as too many for now (key rateLimited, with the wait) is asked
 * again after that wait, this many times at most; a longer wait is the caller's to show.
 */
const RATE_LIMIT_RETRIES = 2;
const RATE_LIMIT_MAX_WAIT_MS = 5000;

/** When a refusal says the same request may go again: after `retryAfterMs`, if it is soon. */
function retryDelay(error: unknown): number | undefined {
  if (!(error instanceof RequestError) || error.key !== 'rateLimited') return undefined;
  const wait = error.params?.retryAfterMs;
  return typeof wait === 'number' && wait <= RATE_LIMIT_MAX_WAIT_MS ? wait : undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface SignalingTarget {
  /** The media node's address; the page's own server when absent. */
  mediaServer?: string;
  /** Where the meeting's media node is now (the API's answer), while disconnected. */
  locate?: () => Promise<string | undefined>;
}

/**
 * The room's error key for a connection the server gave up on: the meeting full, the sign-in
 * ended (a logout or password reset elsewhere), cut off for flooding, or anything else.
 */
export function failureOf(
  code: number,
  key?: ErrorKey,
): 'meetingFull' | 'signedOut' | 'rateLimited' | 'connectFailed' {
  if (code === ResultCode.meetingFull) return 'meetingFull';
  if (code === ResultCode.authFailed) return 'signedOut';
  if (key === 'rateLimited') return 'rateLimited';
  return 'connectFailed';
}

/** What a message says it is, for a log line (never the message itself: it may be large). */
function typeOf(raw: unknown): string {
  const type = (raw as { type?: unknown } | null)?.type;
  return typeof type === 'string' ? type.slice(0, 40) : typeof raw;
}

/** The notification, or undefined (logged) when it is not one this client understands. */
export function readNotification(raw: unknown): RoomNotification | undefined {
  const parsed = roomNotificationSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  console.warn(
    `room: dropped a malformed notification (${typeOf(raw)}) at ${issue?.path.join('.') ?? ''}`,
  );
  return undefined;
}

/** The socket's address: relative on the page's own origin, absolute on another node. */
function namespaceUrl(server: string | undefined): string {
  if (!server) return ROOM_NAMESPACE;
  const url = new URL(ROOM_NAMESPACE, server);
  return url.origin === window.location.origin ? ROOM_NAMESPACE : url.href;
}

export class Signaling extends Emitter<SignalingEvents> {
  private socket: Socket | undefined;
  private everConnected = false;
  private auth: RoomAuth | undefined;
  private target: SignalingTarget = {};
  private server: string | undefined;
  private locating: ReturnType<typeof setInterval> | undefined;
  private stopRetries: (() => void) | undefined;

  connect(auth: RoomAuth, target: SignalingTarget = {}): void {
    this.auth = auth;
    this.target = target;
    this.stopRetries ??= onNetworkReturn(() => retryNow(this.socket));
    globalThis.addEventListener?.('pagehide', this.pageClosing);
    this.open(target.mediaServer);
  }

  /**
   * The page goes away (a closed tab, a reload, another address): the server hears it before
   * the socket ends, so the others see this member leave rather than "Reconnecting…" for the
   * grace — while the seat still waits, for a reload that comes straight back.
   */
  private readonly pageClosing = () => {
    if (this.socket?.connected) this.socket.emit(ROOM_REQUEST_EVENT, { type: 'pageClosing' });
  };

  private open(server: string | undefined): void {
    this.server = server;
    const socket = io(namespaceUrl(server), {
      path: '/socket.io',
      transports: ['websocket'],
      auth: this.auth,
      // Its own engine connection, so that a retry at once restarts only this socket's backoff.
      forceNew: true,
      ...RECONNECT_POLICY,
      timeout: 10_000,
    });
    this.socket = socket;
    socket.on('connect', () => {
      this.stopLocating();
      const reconnect = this.everConnected;
      this.everConnected = true;
      this.emit('connected', reconnect);
    });
    socket.on('disconnect', (reason) => {
      this.emit('disconnected', reason);
      if (reason !== 'io client disconnect') this.startLocating();
    });
    socket.on('connect_error', (error: Error & { data?: unknown }) => {
      // A network error has no data; data that does not parse is treated like one.
      const refusal =
        error.data === undefined ? undefined : roomHandshakeRefusalSchema.safeParse(error.data);
      if (refusal && !refusal.success) console.warn('room: a malformed handshake refusal');
      const data = refusal?.data;
      // The meeting is held by another node: go there.
      if (data?.mediaServer) {
        this.move(data.mediaServer);
        return;
      }
      // Too many connections lately: the server says when to try again.
      if (data?.key === 'rateLimited') {
        const wait = (data.retryAfterMs ?? 1000) * (1 + Math.random() / 2);
        setTimeout(() => {
          if (this.socket === socket && !socket.connected) socket.connect();
        }, wait);
        return;
      }
      // A refusal by the server (not a network error) will not get better by retrying.
      if (data) {
        socket.disconnect();
        if (data.key) this.emit('failed', error.message, data.code, data.key);
        else this.emit('failed', error.message, data.code);
        return;
      }
      this.startLocating();
    });
    socket.io.on('reconnect_failed', () => this.emit('failed', 'Unable to connect to server', -1));
    socket.on('fatal', (raw: unknown) => {
      // The server hangs up after this either way, so a garbled one still ends the connection.
      const fatal = roomFatalSchema.safeParse(raw);
      if (!fatal.success) console.warn('room: a malformed fatal message');
      const { code, error, key } = fatal.data ?? {
        code: -1,
        error: 'the server closed the connection',
      };
      if (key) this.emit('failed', error, code, key);
      else this.emit('failed', error, code);
    });
    socket.on(ROOM_NOTIFICATION_EVENT, (raw: unknown) => {
      const message = readNotification(raw);
      if (message) this.emit('notification', message);
    });
  }

  /** Leaves this socket for one to `server` (the meeting moved); a reconnect, not a new join. */
  private move(server: string): void {
    const old = this.socket;
    this.socket = undefined;
    old?.removeAllListeners();
    old?.io.removeAllListeners();
    old?.disconnect();
    this.open(server);
  }

  private startLocating(): void {
    const locate = this.target.locate;
    if (!locate || this.locating) return;
    const ask = () =>
      locate().then(
        (server) => {
          if (server && this.locating && server !== this.server && this.socket?.connected !== true)
            this.move(server);
        },
        () => undefined,
      );
    this.locating = setInterval(ask, LOCATE_EVERY_MS);
    void ask();
  }

  private stopLocating(): void {
    clearInterval(this.locating);
    this.locating = undefined;
  }

  get connected(): boolean {
    return this.socket?.connected ?? false;
  }

  /**
   * One request and its answer. One refused as too many for now goes again after the wait the
   * server gave (RATE_LIMIT_RETRIES times at most): a client that only does what a user does
   * never meets the limits, but a burst of them (many tiles at once) must not fail.
   */
  async request<T extends RoomRequest>(request: T): Promise<RoomResponses[T['type']]> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.requestOnce(request);
      } catch (error) {
        const wait = attempt < RATE_LIMIT_RETRIES ? retryDelay(error) : undefined;
        if (wait === undefined) throw error;
        await sleep(wait);
      }
    }
  }

  private requestOnce<T extends RoomRequest>(request: T): Promise<RoomResponses[T['type']]> {
    const socket = this.socket;
    if (!socket?.connected) return Promise.reject(new RequestError(-1, 'not connected'));
    return new Promise((resolve, reject) => {
      socket
        .timeout(REQUEST_TIMEOUT_MS)
        .emit(ROOM_REQUEST_EVENT, request, (error: Error | null, raw: unknown) => {
          if (error) return reject(new RequestError(-1, `${request.type} timed out`));
          const ack = roomAckSchema(request.type as T['type']).safeParse(raw);
          if (!ack.success) {
            console.warn(`room: a malformed answer to ${request.type}`);
            reject(
              new RequestError(
                ResultCode.failure,
                `the server's answer to ${request.type} could not be read`,
                'serverError',
              ),
            );
          } else if (ack.data.ok) resolve(ack.data.data);
          else
            reject(new RequestError(ack.data.code, ack.data.error, ack.data.key, ack.data.params));
        });
    });
  }

  close(): void {
    globalThis.removeEventListener?.('pagehide', this.pageClosing);
    this.stopLocating();
    this.stopRetries?.();
    this.stopRetries = undefined;
    this.socket?.removeAllListeners();
    this.socket?.io.removeAllListeners();
    this.socket?.disconnect();
    this.socket = undefined;
    this.removeAllListeners();
  }
}
