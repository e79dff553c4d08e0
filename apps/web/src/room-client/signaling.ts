/**
 * The `/room` socket: requests answered through acknowledgements (with a time-out), server
 * notifications, and connection events. Reconnects up to 10 times, 1 s apart (SPEC.md section 9).
 *
 * With several servers the socket goes to the meeting's media node (`mediaServer` of the join).
 * A node that says the meeting is elsewhere is left for that one; while the connection is down,
 * the API is asked once a second where the meeting is now (its node may have died and the
 * meeting been placed on another), and the socket moves there.
 */
import { io, type Socket } from 'socket.io-client';
import {
  ROOM_NAMESPACE,
  ROOM_NOTIFICATION_EVENT,
  ROOM_REQUEST_EVENT,
  type ErrorKey,
  type RoomAck,
  type RoomAuth,
  type RoomNotification,
  type RoomRequest,
  type RoomResponses,
} from '@meet/shared';
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

export interface SignalingEvents {
  notification: [message: RoomNotification];
  connected: [reconnect: boolean];
  disconnected: [reason: string];
  failed: [message: string, code: number];
}

const REQUEST_TIMEOUT_MS = 15_000;
const LOCATE_EVERY_MS = 1000;

export interface SignalingTarget {
  /** The media node's address; the page's own server when absent. */
  mediaServer?: string;
  /** Where the meeting's media node is now (the API's answer), while disconnected. */
  locate?: () => Promise<string | undefined>;
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

  connect(auth: RoomAuth, target: SignalingTarget = {}): void {
    this.auth = auth;
    this.target = target;
    this.open(target.mediaServer);
  }

  private open(server: string | undefined): void {
    this.server = server;
    const socket = io(namespaceUrl(server), {
      path: '/socket.io',
      transports: ['websocket'],
      auth: this.auth,
      reconnection: true,
      reconnectionAttempts: 10,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 1000,
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
    socket.on(
      'connect_error',
      (error: Error & { data?: { code?: number; mediaServer?: string } }) => {
        // The meeting is held by another node: go there.
        if (error.data?.mediaServer) {
          this.move(error.data.mediaServer);
          return;
        }
        // A refusal by the server (not a network error) will not get better by retrying.
        if (error.data?.code !== undefined) {
          socket.disconnect();
          this.emit('failed', error.message, error.data.code);
          return;
        }
        this.startLocating();
      },
    );
    socket.io.on('reconnect_failed', () => this.emit('failed', 'Unable to connect to server', -1));
    socket.on('fatal', (data: { code: number; error: string }) =>
      this.emit('failed', data.error, data.code),
    );
    socket.on(ROOM_NOTIFICATION_EVENT, (message: RoomNotification) =>
      this.emit('notification', message),
    );
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

  request<T extends RoomRequest>(request: T): Promise<RoomResponses[T['type']]> {
    const socket = this.socket;
    if (!socket?.connected) return Promise.reject(new RequestError(-1, 'not connected'));
    return new Promise((resolve, reject) => {
      socket
        .timeout(REQUEST_TIMEOUT_MS)
        .emit(ROOM_REQUEST_EVENT, request, (error: Error | null, ack: RoomAck) => {
          if (error) reject(new RequestError(-1, `${request.type} timed out`));
          else if (ack.ok) resolve(ack.data as RoomResponses[T['type']]);
          else reject(new RequestError(ack.code, ack.error, ack.key, ack.params));
        });
    });
  }

  close(): void {
    this.stopLocating();
    this.socket?.removeAllListeners();
    this.socket?.io.removeAllListeners();
    this.socket?.disconnect();
    this.socket = undefined;
    this.removeAllListeners();
  }
}
