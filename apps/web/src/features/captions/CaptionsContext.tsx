/**
 * The captions store in React: `CaptionsProvider` inside the room, `useCaptions` to read a
 * slice (the selector must return a stable value), `useCaptionsDispatch`, and `useVoiceVolume`
 * for how loud a member's own voice plays now. The hooks throw outside the provider.
 */
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { CaptionsAction, CaptionsState, CaptionsStore } from './captions-store';

const CaptionsContext = createContext<CaptionsStore | null>(null);

export function CaptionsProvider({
  store,
  children,
}: {
  store: CaptionsStore;
  children: ReactNode;
}) {
  return <CaptionsContext.Provider value={store}>{children}</CaptionsContext.Provider>;
}

/** The store itself, for actions that read the latest state when they run. */
export function useCaptionsStore(): CaptionsStore {
  const store = useContext(CaptionsContext);
  if (!store) throw new Error('useCaptions must be used inside CaptionsProvider');
  return store;
}

export function useCaptions<T>(selector: (state: CaptionsState) => T): T {
  const store = useCaptionsStore();
  return useSyncExternalStore(store.subscribe, () => selector(store.getState()));
}

export function useCaptionsDispatch(): (action: CaptionsAction) => void {
  return useCaptionsStore().dispatch;
}

/** 1, or the original volume while this member's interpreted speech plays for me. */
export function useVoiceVolume(peerId: string): number {
  return useCaptions((s) => (s.interpreting.includes(peerId) ? s.originalVolume : 1));
}
