/**
 * Keeps the screen on during a meeting (issue 28): a phone would otherwise dim and lock while
 * someone only listens and watches. A Screen Wake Lock is held while `active`, taken again when
 * the page comes back (the browser drops it whenever the page is hidden) and released when the
 * meeting is left. A browser without the API, or one that says no (low battery), changes nothing.
 */
import { useEffect } from 'react';

export function useWakeLock(active: boolean): void {
  useEffect(() => {
    const api = 'wakeLock' in navigator ? navigator.wakeLock : undefined;
    if (!active || !api) return;
    let lock: WakeLockSentinel | null = null;
    let asking = false;
    let stopped = false;
    const acquire = () => {
      if (stopped || asking || document.visibilityState !== 'visible') return;
      if (lock && !lock.released) return;
      asking = true;
      api.request('screen').then(
        (sentinel) => {
          asking = false;
          if (stopped) void sentinel.release().catch(() => undefined);
          else lock = sentinel;
        },
        () => {
          asking = false;
        },
      );
    };
    acquire();
    document.addEventListener('visibilitychange', acquire);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', acquire);
      void lock?.release().catch(() => undefined);
    };
  }, [active]);
}
