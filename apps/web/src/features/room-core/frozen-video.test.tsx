/** A remote video that stops decoding frames is told apart from one still connecting (issue 29). */
import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { FROZEN_AFTER_MS, FreezeWatch, useFrozenVideo } from './frozen-video';

describe('FreezeWatch', () => {
  test('frozen once the count has not moved for 2 s; moving again clears it', () => {
    const watch = new FreezeWatch();
    expect(watch.sample(10, 0)).toBe(false);
    expect(watch.sample(10, FROZEN_AFTER_MS - 1)).toBe(false);
    expect(watch.sample(10, FROZEN_AFTER_MS)).toBe(true);
    expect(watch.sample(11, FROZEN_AFTER_MS + 500)).toBe(false);
    // A count that went back (a new stream) counts as moving.
    expect(watch.sample(3, FROZEN_AFTER_MS + 1000)).toBe(false);
  });

  test('a video that never had a frame, or a browser that does not count, is not frozen', () => {
    const watch = new FreezeWatch();
    expect(watch.sample(0, 0)).toBe(false);
    expect(watch.sample(0, 10_000)).toBe(false);
    expect(new FreezeWatch().sample(undefined, 10_000)).toBe(false);
  });
});

describe('useFrozenVideo', () => {
  let frames = 0;
  beforeEach(() => {
    vi.useFakeTimers();
    frames = 0;
  });
  afterEach(() => vi.useRealTimers());

  function Probe({ active, onFrozen }: { active: boolean; onFrozen: (f: boolean) => void }) {
    const ref = useRef<HTMLVideoElement>(null);
    onFrozen(useFrozenVideo(ref, active));
    return (
      <video
        ref={(el) => {
          if (el)
            Object.assign(el, {
              getVideoPlaybackQuality: () => ({ totalVideoFrames: frames }),
            });
          ref.current = el;
        }}
      />
    );
  }

  test('follows the element’s frame count while active', () => {
    let frozen = false;
    const seen = (f: boolean) => (frozen = f);
    const { rerender } = render(<Probe active onFrozen={seen} />);
    frames = 30;
    act(() => vi.advanceTimersByTime(1000));
    expect(frozen).toBe(false);
    act(() => vi.advanceTimersByTime(2500));
    expect(frozen).toBe(true);
    frames = 31;
    act(() => vi.advanceTimersByTime(500));
    expect(frozen).toBe(false);
    act(() => vi.advanceTimersByTime(3000));
    expect(frozen).toBe(true);
    rerender(<Probe active={false} onFrozen={seen} />);
    expect(frozen).toBe(false);
  });
});
