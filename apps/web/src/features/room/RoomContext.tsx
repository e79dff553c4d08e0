/**
 * The room's two contexts: the RoomClient (components call its methods, never the socket) and
 * the room store (read through selectors). Both hooks throw outside RoomProvider so a
 * misplaced component fails loudly instead of silently rendering an empty room.
 */
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { RoomClientHandle } from '../../room-client/types';
import type { RoomAction, RoomState, RoomStore } from './room-store';

export type { RoomClientHandle };

const ClientContext = createContext<RoomClientHandle | null>(null);
const StoreContext = createContext<RoomStore | null>(null);

export function RoomProvider({
  client,
  store,
  children,
}: {
  client: RoomClientHandle;
  store: RoomStore;
  children: ReactNode;
}) {
  return (
    <ClientContext.Provider value={client}>
      <StoreContext.Provider value={store}>{children}</StoreContext.Provider>
    </ClientContext.Provider>
  );
}

export function useRoomClient(): RoomClientHandle {
  const client = useContext(ClientContext);
  if (!client) throw new Error('useRoomClient must be used inside RoomProvider');
  return client;
}

function useStore(): RoomStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useRoomState must be used inside RoomProvider');
  return store;
}

/** A slice of the room state; the selector must return a stable value (a field, not a new object). */
export function useRoomState<T>(selector: (state: RoomState) => T): T {
  const store = useStore();
  return useSyncExternalStore(store.subscribe, () => selector(store.getState()));
}

export function useRoomDispatch(): (action: RoomAction) => void {
  return useStore().dispatch;
}
