/**
 * The breakout rooms as the room UI uses them: the state from the store, what is left of the
 * timer or the countdown (ticking each second), and the requests, whose refusals are shown in
 * the user's language.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import type { BreakoutRequest, RoomResponses } from '@meet/shared';
import { RequestError } from '../../room-client/signaling';
import { toast } from '../../ui/toast-store';
import { useRoomClient, useRoomState } from '../room-core/RoomContext';

/** Milliseconds left of the timer (open) or the countdown (closing), null when none runs. */
export function useBreakoutRemaining(): number | null {
  const breakout = useRoomState((s) => s.breakout);
  const at = useRoomState((s) => s.breakoutAt);
  const total = breakout.status === 'closing' ? breakout.closesInMs : breakout.endsInMs;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (total === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [total, at]);
  if (total === null) return null;
  return Math.max(0, total - (Math.max(now, at) - at));
}

export function useBreakoutRequest() {
  const { t } = useTranslation();
  const client = useRoomClient();
  const [busy, setBusy] = useState(false);
  const send = useCallback(
    async <T extends BreakoutRequest>(request: T): Promise<RoomResponses[T['type']] | null> => {
      setBusy(true);
      try {
        return await client.breakout(request);
      } catch (error) {
        const key = error instanceof RequestError ? error.key : undefined;
        toast.error(
          key
            ? t(`errors.${key}`, error instanceof RequestError ? error.params : {})
            : t('room.breakout.failed'),
        );
        return null;
      } finally {
        setBusy(false);
      }
    },
    [client, t],
  );
  return { send, busy };
}
