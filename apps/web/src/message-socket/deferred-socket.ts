/**
 * A SocketLike whose real socket comes later: socket.io-client is a chunk of its own, fetched when
 * the message socket first connects, so the first screen does not wait for it. Until the socket
 * is there it is not connected and its listeners wait for it; closed before then, it never
 * connects. If the chunk cannot be fetched (offline), the listeners hear a failed connection.
 */

/** The part of a socket.io client socket the message socket uses (a test passes a fake). */
export interface SocketLike {
  readonly connected: boolean;
  on(event: string, listener: (...args: never[]) => void): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  disconnect(): unknown;
  /** Tries to connect now if it is waiting to reconnect (reconnect-policy.ts's retryNow). */
  retryNow?(): void;
  readonly io: {
    on(event: string, listener: (...args: never[]) => void): unknown;
    reconnection(value: boolean): unknown;
  };
}

type Listener = (...args: never[]) => void;
type Listen = { on: 'socket' | 'manager'; event: string; listener: Listener };

export function deferredSocket(open: () => Promise<SocketLike>): SocketLike {
  let socket: SocketLike | null = null;
  let closed = false;
  const listens: Listen[] = [];

  const attach = ({ on, event, listener }: Listen) =>
    void (on === 'socket' ? socket!.on(event, listener) : socket!.io.on(event, listener));
  const fail = (on: Listen['on'], event: string, ...args: unknown[]) => {
    for (const listen of listens)
      if (listen.on === on && listen.event === event)
        (listen.listener as (...a: unknown[]) => void)(...args);
  };

  open().then(
    (real) => {
      if (closed) {
        real.io.reconnection(false);
        real.disconnect();
        return;
      }
      socket = real;
      listens.forEach(attach);
    },
    (error: unknown) => {
      if (closed) return;
      fail('socket', 'connect_error', error instanceof Error ? error : new Error(String(error)));
      fail('manager', 'reconnect_failed');
    },
  );

  const listen = (on: Listen['on'], event: string, listener: Listener) => {
    const entry = { on, event, listener };
    if (socket) attach(entry);
    else listens.push(entry);
  };

  const deferred: SocketLike = {
    get connected() {
      return socket?.connected ?? false;
    },
    on(event, listener) {
      listen('socket', event, listener);
      return deferred;
    },
    emit(event, ...args) {
      return socket?.emit(event, ...args);
    },
    disconnect() {
      closed = true;
      return socket?.disconnect();
    },
    retryNow() {
      if (!closed) socket?.retryNow?.();
    },
    io: {
      on(event, listener) {
        listen('manager', event, listener);
        return deferred.io;
      },
      // Before the socket is there only closing turns reconnection off, and closing is kept.
      reconnection(value) {
        socket?.io.reconnection(value);
        return deferred.io;
      },
    },
  };
  return deferred;
}
