import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { FIRST_RESTART_MS, IceWatch, RESTART_EVERY_MS } from './ice-watch';

/** A peer connection's states, moved by the test as a browser would. */
class Transport {
  connectionState: RTCPeerConnectionState = 'connected';
  iceConnectionState: RTCIceConnectionState = 'connected';
  onconnectionstatechange: (() => void) | null = null;
  oniceconnectionstatechange: (() => void) | null = null;
  ice(state: RTCIceConnectionState) {
    this.iceConnectionState = state;
    this.oniceconnectionstatechange?.();
  }
  all(state: RTCPeerConnectionState) {
    this.connectionState = state;
    this.onconnectionstatechange?.();
  }
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function watched() {
  const pc = new Transport();
  const restart = vi.fn(async () => undefined);
  const states: string[] = [];
  const watch = new IceWatch(pc as unknown as RTCPeerConnection, restart, (s) => states.push(s));
  return { pc, restart, states, watch };
}

test('ICE disconnected restarts after a moment, not at once (a blip heals by itself)', async () => {
  const { pc, restart } = watched();
  pc.ice('disconnected');
  await vi.advanceTimersByTimeAsync(FIRST_RESTART_MS - 100);
  expect(restart).not.toHaveBeenCalled();
  await vi.advanceTimersByTimeAsync(100);
  expect(restart).toHaveBeenCalledTimes(1);
});

test('a blip that heals before the moment is over restarts nothing', async () => {
  const { pc, restart } = watched();
  pc.ice('disconnected');
  await vi.advanceTimersByTimeAsync(800);
  pc.ice('connected');
  await vi.advanceTimersByTimeAsync(10_000);
  expect(restart).not.toHaveBeenCalled();
});

test('a transport that stays down is restarted again every few seconds until it is up', async () => {
  const { pc, restart } = watched();
  pc.all('failed');
  await vi.advanceTimersByTimeAsync(FIRST_RESTART_MS + 2 * RESTART_EVERY_MS);
  expect(restart).toHaveBeenCalledTimes(3);
  pc.all('connected');
  await vi.advanceTimersByTimeAsync(3 * RESTART_EVERY_MS);
  expect(restart).toHaveBeenCalledTimes(3);
});

test('a restart whose request fails is tried again too', async () => {
  const { pc, restart } = watched();
  restart.mockRejectedValueOnce(new Error('socket down'));
  pc.ice('failed');
  await vi.advanceTimersByTimeAsync(FIRST_RESTART_MS + RESTART_EVERY_MS);
  expect(restart).toHaveBeenCalledTimes(2);
});

test('the connection state still reaches its listener; a stopped watch restarts nothing', async () => {
  const { pc, restart, states, watch } = watched();
  pc.all('disconnected');
  expect(states).toEqual(['disconnected']);
  watch.stop();
  await vi.advanceTimersByTimeAsync(30_000);
  expect(restart).not.toHaveBeenCalled();
  expect(pc.onconnectionstatechange).toBeNull();
});
