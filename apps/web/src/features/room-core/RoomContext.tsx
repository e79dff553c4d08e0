/**
 * The room's contexts: the RoomClient (components call its methods, never the socket), the
 * room store (read through selectors) and the meeting this room belongs to (its ids for the
 * HTTP calls). The hooks throw outside RoomProvider so a misplaced component fails loudly
 * instead of silently rendering an empty room.
 */
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { RoomClientHandle } from '../../room-client/types';
import type { RoomAction, RoomState, RoomStore } from './room-store';

export type { RoomClientHandle };

/** The meeting as the join call answered it. */
export interface RoomMeeting {
  conferenceId: string;
  /** What the host-control calls name the meeting by. */
  conferenceUri: string;
  /** The planned end (ms), or null for a meeting without one. */
  endTime: number | null;
  /** Its title (a local recording's theme). */
  conferenceName?: string;
  /** With several servers, the meeting's media node (the room's socket, Magic Cam's sessions). */
  mediaServer?: string;
  /** The join's room pass: the first socket is let in without the meeting checked again. */
  roomPass?: string;
}

const ClientContext = createContext<RoomClientHandle | null>(null);
const StoreContext = createContext<RoomStore | null>(null);
const MeetingContext = createContext<RoomMeeting | null>(null);

export function RoomProvider({
  client,
  store,
  meeting,
  children,
}: {
  client: RoomClientHandle;
  store: RoomStore;
  meeting: RoomMeeting;
  children: ReactNode;
}) {
  return (
    <ClientContext.Provider value={client}>
      <StoreContext.Provider value={store}>
        <MeetingContext.Provider value={meeting}>{children}</MeetingContext.Provider>
      </StoreContext.Provider>
    </ClientContext.Provider>
  );
}

export function useRoomMeeting(): RoomMeeting {
  const meeting = useContext(MeetingContext);
  if (!meeting) throw new Error('useRoomMeeting must be used inside RoomProvider');
  return meeting;
}

export function useRoomClient(): RoomClientHandle {
  const client = useContext(ClientContext);
  if (!client) throw new Error('useRoomClient must be used inside RoomProvider');
  return client;
}

/** The store itself, for what follows its changes rather than one slice (RoomAnnouncer). */
export function useRoomStore(): RoomStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useRoomState must be used inside RoomProvider');
  return store;
}

/** A slice of the room state; the selector must return a stable value (a field, not a new object). */
export function useRoomState<T>(selector: (state: RoomState) => T): T {
  const store = useRoomStore();
  return useSyncExternalStore(store.subscribe, () => selector(store.getState()));
}

export function useRoomDispatch(): (action: RoomAction) => void {
  return useRoomStore().dispatch;
}
