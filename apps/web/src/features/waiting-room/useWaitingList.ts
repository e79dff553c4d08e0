/**
 * The host's copy of the waiting list: the server pushes it (`waitingList`), and it is fetched
 * when I become host and whenever the waiting tab opens, so nothing pushed while I was not
 * listening is missed.
 */
import { useEffect } from 'react';
import { ApiError } from '../../api/client';
import { hostApi } from '../../api/host-api';
import { useRoomDispatch, useRoomMeeting, useRoomState } from './RoomContext';
import { amHost } from './roles';

export function useWaitingListRefresh(when: boolean): void {
  const { conferenceUri } = useRoomMeeting();
  const dispatch = useRoomDispatch();
  useEffect(() => {
    if (!when) return;
    let live = true;
    hostApi.waitingList(conferenceUri).then(
      (entries) => {
        if (live) dispatch({ type: 'waitingList', entries });
      },
      (error: unknown) => {
        if (!(error instanceof ApiError)) throw error;
      },
    );
    return () => {
      live = false;
    };
  }, [when, conferenceUri, dispatch]);
}

/** Mounted once in the room: a member who becomes host sees who is already waiting. */
export function useWaitingListSync(): void {
  const ready = useRoomState((s) => amHost(s) && s.connection === 'connected');
  useWaitingListRefresh(ready);
}
