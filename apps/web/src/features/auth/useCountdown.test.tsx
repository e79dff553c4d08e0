import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { useCountdown } from './useCountdown';

const NOW = Date.UTC(2026, 10, 28, 12);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

/** Lets `ms` go by as a browser would: each re-render schedules the next tick. */
function pass(ms: number) {
  for (let left = ms; left > 0; left -= 250) act(() => vi.advanceTimersByTime(Math.min(250, left)));
}

describe('useCountdown', () => {
  test('counts down from start() to zero, second by second', () => {
    const { result } = renderHook(() => useCountdown(60_000));
    expect(result.current.secondsLeft).toBe(0);
    act(() => result.current.start());
    expect(result.current.secondsLeft).toBe(60);
    pass(10_000);
    expect(result.current.secondsLeft).toBe(50);
    pass(60_000);
    expect(result.current.secondsLeft).toBe(0);
  });

  test('restored after a reload, it goes on from when the code was sent, and keeps counting', () => {
    const { result } = renderHook(() => useCountdown(60_000, NOW - 25_000));
    expect(result.current.secondsLeft).toBe(35);
    pass(5_000);
    expect(result.current.secondsLeft).toBe(30);
    pass(30_000);
    expect(result.current.secondsLeft).toBe(0);
  });

  test('a code sent longer ago than the wait can be sent again at once', () => {
    const { result } = renderHook(() => useCountdown(60_000, NOW - 90_000));
    expect(result.current.secondsLeft).toBe(0);
  });
});
