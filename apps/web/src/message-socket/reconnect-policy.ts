/**
 * How the `/room` and `/message` sockets come back (issue 29): socket.io's own reconnection,
 * never giving up while the page is open — 0.5 s doubling to 10 s with full jitter — and a try
 * at once when the browser says the network is back (`online`) or the page is looked at again
 * (`visibilitychange` to visible), instead of waiting out the backoff.
 */
import { SOCKET_RECONNECT_MAX_MS, SOCKET_RECONNECT_MIN_MS } from '@meet/shared';

/** socket.io-client's reconnection options. */
export const RECONNECT_POLICY = {
  reconnection: true,
  reconnectionAttempts: Infinity,
  reconnectionDelay: SOCKET_RECONNECT_MIN_MS,
  reconnectionDelayMax: SOCKET_RECONNECT_MAX_MS,
  // socket.io waits delay × (1 ± random × factor): with 1, anywhere from 0 to twice the delay.
  randomizationFactor: 1,
} as const;

/** The part of a socket.io client socket a retry needs. */
export interface RetryableSocket {
  readonly connected: boolean;
  /** False once closed on purpose (it will not reconnect). */
  readonly active: boolean;
  disconnect(): unknown;
  connect(): unknown;
}

/**
 * A socket waiting for its next reconnect try tries now, its backoff started over. Nothing for a
 * connected socket, or one closed on purpose. With its own manager (`forceNew`), `disconnect`
 * of an unconnected socket only cancels the pending try; it emits no `disconnect`.
 */
export function retryNow(socket: RetryableSocket | null | undefined): void {
  if (!socket || socket.connected || !socket.active) return;
  socket.disconnect();
  socket.connect();
}

/** Calls `retry` when the network is back or the page visible again; returns the stop. */
export function onNetworkReturn(retry: () => void): () => void {
  const visible = () => {
    if (document.visibilityState === 'visible') retry();
  };
  window.addEventListener('online', retry);
  document.addEventListener('visibilitychange', visible);
  return () => {
    window.removeEventListener('online', retry);
    document.removeEventListener('visibilitychange', visible);
  };
}
