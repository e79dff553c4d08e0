/**
 * The captions store in React: `CaptionsProvider` inside the room, `useCaptions` to read a
 * slice (the selector must return a stable value) and `useCaptionsDispatch`. The provider also
 * fills the room's voice volumes (room-core/voice-volume.tsx): how loud a member's own voice
 * plays now. The hooks throw outside the provider.
 */
import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { VoiceVolumeProvider, type VoiceVolumes } from '../room-core/voice-volume';
import type { CaptionsAction, CaptionsState, CaptionsStore } from './captions-store';

const CaptionsContext = createContext<CaptionsStore | null>(null);

export function CaptionsProvider({
  store,
  children,
}: {
  store: CaptionsStore;
  children: ReactNode;
}) {
  const volumes = useMemo(() => voiceVolumesOf(store), [store]);
  return (
    <CaptionsContext.Provider value={store}>
      <VoiceVolumeProvider volumes={volumes}>{children}</VoiceVolumeProvider>
    </CaptionsContext.Provider>
  );
}

/** A voice plays at 1, or at the original volume while its interpreted speech plays for me. */
function voiceVolumesOf(store: CaptionsStore): VoiceVolumes {
  return {
    subscribe: store.subscribe,
    volumeOf: (peerId) => {
      const { interpreting, originalVolume } = store.getState();
      return interpreting.includes(peerId) ? originalVolume : 1;
    },
  };
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
