/**
 * A remote video that stopped moving (issue 29): no new decoded frame for FROZEN_AFTER_MS while
 * it should be playing. Its tile then says "Poor connection" rather than showing a still picture
 * as if it were live. The frame count is the video element's own (getVideoPlaybackQuality, or
 * WebKit's decoded-frame count); a video that never had a frame is "connecting", not frozen.
 */
import { useEffect, useState, type RefObject } from 'react';

export const FROZEN_AFTER_MS = 2000;
const SAMPLE_MS = 500;

type FrameCounting = HTMLVideoElement & { webkitDecodedFrameCount?: number };

/** Frames decoded so far, or undefined where the browser does not say. */
export function decodedFrames(video: FrameCounting): number | undefined {
  const quality = video.getVideoPlaybackQuality?.();
  if (quality) return quality.totalVideoFrames;
  return video.webkitDecodedFrameCount;
}

/** Follows one video's frame count: frozen once it has not moved for FROZEN_AFTER_MS. */
export class FreezeWatch {
  private frames: number | undefined;
  private movedAt = 0;

  /** A sample of the frame count at `now`; whether the video is frozen. */
  sample(frames: number | undefined, now: number): boolean {
    if (frames === undefined) return false;
    if (this.frames === undefined || frames !== this.frames) {
      // The first sample, or new frames (a count that went back is a new stream): moving.
      this.frames = frames;
      this.movedAt = now;
      return false;
    }
    return frames > 0 && now - this.movedAt >= FROZEN_AFTER_MS;
  }
}

/** Whether the video in `ref` is frozen, sampled while `active` (a remote camera playing). */
export function useFrozenVideo(ref: RefObject<HTMLVideoElement | null>, active: boolean): boolean {
  const [frozen, setFrozen] = useState(false);
  useEffect(() => {
    if (!active) {
      setFrozen(false);
      return;
    }
    let watch = new FreezeWatch();
    const timer = setInterval(() => {
      const video = ref.current;
      // A hidden page decodes nothing: that is not the network; counting starts again on return.
      if (!video || document.visibilityState === 'hidden') {
        watch = new FreezeWatch();
        return;
      }
      setFrozen(watch.sample(decodedFrames(video), performance.now()));
    }, SAMPLE_MS);
    return () => clearInterval(timer);
  }, [ref, active]);
  return active && frozen;
}
