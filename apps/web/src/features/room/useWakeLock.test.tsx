import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { useWakeLock } from './useWakeLock';

/** A Screen Wake Lock as the browser gives it: `released` once let go, or once the page hides. */
function fakeWakeLock() {
  const sentinels: { released: boolean; release: () => Promise<void> }[] = [];
  const request = vi.fn(async () => {
    const sentinel = {
      released: false,
      release: vi.fn(async () => {
        sentinel.released = true;
      }),
    };
    sentinels.push(sentinel);
    return sentinel;
  });
  Object.defineProperty(navigator, 'wakeLock', { configurable: true, value: { request } });
  return { request, sentinels };
}

let visibility: DocumentVisibilityState = 'visible';
function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  delete (navigator as { wakeLock?: unknown }).wakeLock;
});

const settle = () => act(async () => {});

describe('useWakeLock: the screen stays on during a meeting', () => {
  test('a lock is taken while in the meeting and let go on leaving', async () => {
    const lock = fakeWakeLock();
    const { rerender, unmount } = renderHook(({ active }) => useWakeLock(active), {
      initialProps: { active: true },
    });
    await settle();
    expect(lock.request).toHaveBeenCalledTimes(1);
    expect(lock.request).toHaveBeenCalledWith('screen');
    rerender({ active: false });
    await settle();
    expect(lock.sentinels[0]!.released).toBe(true);
    unmount();
    expect(lock.request).toHaveBeenCalledTimes(1);
  });

  test('after the page was hidden (the browser let the lock go) it is taken again on return', async () => {
    const lock = fakeWakeLock();
    renderHook(() => useWakeLock(true));
    await settle();
    // What the browser does when the page hides.
    lock.sentinels[0]!.released = true;
    setVisibility('hidden');
    await settle();
    expect(lock.request).toHaveBeenCalledTimes(1);
    setVisibility('visible');
    await settle();
    expect(lock.request).toHaveBeenCalledTimes(2);
    // Visible again with the lock still held: no second lock.
    setVisibility('visible');
    await settle();
    expect(lock.request).toHaveBeenCalledTimes(2);
  });

  test('a lock granted after leaving is let go at once', async () => {
    const lock = fakeWakeLock();
    const release = vi.fn(async () => {});
    let grant: (s: { released: boolean; release: typeof release }) => void = () => {};
    lock.request.mockImplementationOnce(() => new Promise((resolve) => (grant = resolve)));
    const { unmount } = renderHook(() => useWakeLock(true));
    unmount();
    await act(async () => grant({ released: false, release }));
    expect(release).toHaveBeenCalledTimes(1);
  });

  test('not in the meeting yet, or no Wake Lock API, or a refusal: nothing happens', async () => {
    const lock = fakeWakeLock();
    renderHook(() => useWakeLock(false));
    await settle();
    expect(lock.request).not.toHaveBeenCalled();
    lock.request.mockRejectedValueOnce(new DOMException('low battery', 'NotAllowedError'));
    const refused = renderHook(() => useWakeLock(true));
    await settle();
    refused.unmount();
    delete (navigator as { wakeLock?: unknown }).wakeLock;
    expect(() => renderHook(() => useWakeLock(true)).unmount()).not.toThrow();
  });
});
