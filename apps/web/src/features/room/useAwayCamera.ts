/**
 * A phone in the background (issue 28): when the page is hidden — another app, the home screen,
 * the screen locked — my camera goes off for the others, as its button turns it off, rather than
 * showing them a frozen frame; it comes back on return if it was on. Audio goes on meanwhile.
 */
import { useEffect } from 'react';
import { useRoomClient } from '../room-core/RoomContext';

export function useAwayCamera(enabled: boolean): void {
  const client = useRoomClient();
  useEffect(() => {
    if (!enabled) return;
    const follow = () => void client.setAway(document.visibilityState === 'hidden');
    document.addEventListener('visibilitychange', follow);
    return () => document.removeEventListener('visibilitychange', follow);
  }, [client, enabled]);
}
