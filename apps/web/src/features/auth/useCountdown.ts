/**
 * Seconds left until `start()` may be called again (the 60 s resend wait of codes). The wait runs
 * from an instant, not from when the component appeared: a flow restored after a reload passes
 * the time its code was sent (`startedAt`) and the count goes on from there.
 */
import { useCallback, useEffect, useState } from 'react';

export function useCountdown(durationMs: number, startedAt?: number) {
  const [endsAt, setEndsAt] = useState(() =>
    startedAt === undefined ? 0 : startedAt + durationMs,
  );
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), 250);
    return () => clearTimeout(timer);
  }, [endsAt, now]);

  /** Starts the wait at `from` (now unless given). */
  const start = useCallback(
    (from = Date.now()) => {
      setNow(Date.now());
      setEndsAt(from + durationMs);
    },
    [durationMs],
  );

  return { secondsLeft: Math.max(0, Math.ceil((endsAt - now) / 1000)), start };
}
