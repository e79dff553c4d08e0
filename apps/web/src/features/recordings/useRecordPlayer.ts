/**
 * The record page's player: the media element, where it is (for the transcript line and the
 * chapter shown as current), and seeking to a time from a transcript line or a chapter.
 */
import { useCallback, useRef, useState } from 'react';

export function useRecordPlayer() {
  const media = useRef<HTMLMediaElement | null>(null);
  const [positionMs, setPositionMs] = useState(0);

  const seek = useCallback((ms: number) => {
    const element = media.current;
    if (!element) return;
    element.currentTime = ms / 1000;
    setPositionMs(ms);
    // Playing is a nicety; a browser that blocks it still shows the right frame.
    const played = element.paused ? element.play?.() : undefined;
    if (played && typeof played.catch === 'function') played.catch(() => undefined);
  }, []);

  return {
    ref: useCallback((element: HTMLMediaElement | null) => {
      media.current = element;
    }, []),
    positionMs,
    onTimeUpdate: useCallback(() => {
      if (media.current) setPositionMs(Math.round(media.current.currentTime * 1000));
    }, []),
    seek,
  };
}

export type RecordPlayer = ReturnType<typeof useRecordPlayer>;
