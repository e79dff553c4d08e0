/**
 * How loud a member's own voice plays now, for RemoteAudio (media.tsx). The room core only
 * holds the slot and a feature fills it: interpretation (features/captions) turns a voice down
 * while its interpreted speech plays, so the core need not import captions. `useVoiceVolume`
 * throws outside VoiceVolumeProvider, like the room's other hooks.
 */
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';

/** Voice volumes as an external store: read one with `volumeOf`, hear of changes by `subscribe`. */
export interface VoiceVolumes {
  subscribe(listener: () => void): () => void;
  /** 0–1: how loud this member's voice plays now. */
  volumeOf(peerId: string): number;
}

const VoiceVolumeContext = createContext<VoiceVolumes | null>(null);

export function VoiceVolumeProvider({
  volumes,
  children,
}: {
  volumes: VoiceVolumes;
  children: ReactNode;
}) {
  return <VoiceVolumeContext.Provider value={volumes}>{children}</VoiceVolumeContext.Provider>;
}

export function useVoiceVolume(peerId: string): number {
  const volumes = useContext(VoiceVolumeContext);
  if (!volumes) throw new Error('useVoiceVolume must be used inside VoiceVolumeProvider');
  return useSyncExternalStore(volumes.subscribe, () => volumes.volumeOf(peerId));
}
