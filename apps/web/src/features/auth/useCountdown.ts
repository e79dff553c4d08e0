/** Seconds left until `start()` may be called again (the 60 s resend wait of email codes). */
import { useCallback, useEffect, useState } from 'react';

export function useCountdown(durationMs: number) {
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), 250);
    return () => clearTimeout(timer);
  }, [endsAt, now]);

  const start = useCallback(() => {
    const t = Date.now();
    setNow(t);
    setEndsAt(t + durationMs);
  }, [durationMs]);

  return { secondsLeft: Math.max(0, Math.ceil((endsAt - now) / 1000)), start };
}
