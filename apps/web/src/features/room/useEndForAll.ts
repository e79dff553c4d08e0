/**
 * Ending the meeting for everyone (`conf_dismiss`). The server closes the room for every member
 * (roomClosed "ended"), this tab included; should that word not arrive, this tab leaves by
 * itself shortly after, rather than staying in a meeting that is over.
 */
import { useCallback } from 'react';
import { useRoomClient } from '../room-core/RoomContext';
import { useHostActions } from './useHostActions';

const LEAVE_FALLBACK_MS = 3000;

export function useEndForAll(): () => Promise<boolean> {
  const client = useRoomClient();
  const { endForAll } = useHostActions();
  return useCallback(async () => {
    const done = await endForAll();
    // Safe after unmount too: a closed client's leave does nothing anyone listens to.
    if (done) setTimeout(() => void client.leave(), LEAVE_FALLBACK_MS);
    return done;
  }, [client, endForAll]);
}
