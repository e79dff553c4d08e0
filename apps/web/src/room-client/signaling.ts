/**
 * The `/room` socket: requests answered through acknowledgements (with a time-out), server
 * notifications, and connection events. Reconnects up to 10 times, 1 s apart (SPEC.md section 9).
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

export class Signaling extends Emitter<SignalingEvents> {
  private socket: Socket | undefined;
  private everConnected = false;

  connect(auth: RoomAuth): void {
    const socket = io(ROOM_NAMESPACE, {
      path: '/socket.io',
      transports: ['websocket'],
      auth,
      reconnection: true,
      reconnectionAttempts: 10,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 1000,
      timeout: 10_000,
    });
    this.socket = socket;
    socket.on('connect', () => {
      const reconnect = this.everConnected;
      this.everConnected = true;
      this.emit('connected', reconnect);
    });
    socket.on('disconnect', (reason) => this.emit('disconnected', reason));
    socket.on('connect_error', (error: Error & { data?: { code?: number } }) => {
      // A refusal by the server (not a network error) will not get better by retrying.
      if (error.data?.code !== undefined) {
        socket.disconnect();
        this.emit('failed', error.message, error.data.code);
      }
    });
    socket.io.on('reconnect_failed', () => this.emit('failed', 'Unable to connect to server', -1));
    socket.on('fatal', (data: { code: number; error: string }) =>
      this.emit('failed', data.error, data.code),
    );
    socket.on(ROOM_NOTIFICATION_EVENT, (message: RoomNotification) =>
      this.emit('notification', message),
    );
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
    this.socket?.removeAllListeners();
    this.socket?.io.removeAllListeners();
    this.socket?.disconnect();
    this.socket = undefined;
    this.removeAllListeners();
  }
}
