/**
 * The host's copy of the waiting list (the room store's `waiting`): the server pushes it
 * (`waitingList`), and it is fetched when I become host and whenever the waiting tab opens, so
 * nothing pushed while I was not listening is missed. The room says when and takes the list.
 */
import { useEffect } from 'react';
import { ApiError } from '../../api/client';
import { waitingRoomApi } from '../../api/waiting-room-api';
import type { WaitingDispatch } from './waiting-list';

/** Fetches the list when `when` turns true, into the room store through its `dispatch`. */
export function useWaitingListRefresh(
  when: boolean,
  conferenceUri: string,
  dispatch: WaitingDispatch,
): void {
  useEffect(() => {
    if (!when) return;
    let live = true;
    waitingRoomApi.waitingList(conferenceUri).then(
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
