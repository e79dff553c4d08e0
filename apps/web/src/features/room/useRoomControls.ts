/** The toolbar's state and actions: toggles, devices, share, view mode, panel and leave. */
import { useCallback } from 'react';
import { dialogFor } from '@meet/shared';
import type { Settings } from '../../room-client/types';
import { useTrack } from './media';
import { useRoomClient, useRoomDispatch, useRoomState } from './RoomContext';
import { sharersOf, type ViewMode } from './room-store';
import { saveSettings } from './settings-storage';

export function useRoomControls() {
  const client = useRoomClient();
  const dispatch = useRoomDispatch();
  const meId = useRoomState((s) => s.me?.peerId ?? null);
  const settings = useRoomState((s) => s.settings);
  const devices = useRoomState((s) => s.devices);
  const permissions = useRoomState((s) => s.permissions);
  const viewMode = useRoomState((s) => s.viewMode);
  const gridDisabled = useRoomState((s) => sharersOf(s).length > 0);
  const sharing = useRoomState((s) => s.localShare);
  const panelOpen = useRoomState((s) => s.panel === 'members');
  const connection = useRoomState((s) => s.connection);
  const memberCount = useRoomState((s) => s.peers.length + (s.me ? 1 : 0));
  // What is on is what I hold a local track for: the client drops the track when it turns off.
  const micOn = !!useTrack(meId ?? 'local', 'camera', 'audio');
  const cameraOn = !!useTrack(meId ?? 'local', 'camera', 'video');

  const update = useCallback(
    (patch: Partial<Settings>) => {
      dispatch({ type: 'settings', settings: patch });
      saveSettings({ ...settings, ...patch });
    },
    [dispatch, settings],
  );

  const toggle = (kind: 'audio' | 'video', on: boolean) => {
    // A known permission failure shows its dialog; the attempt still runs in case it was fixed.
    if (!on && dialogFor(permissions[kind])) dispatch({ type: 'permissionModal', kind });
    update(kind === 'audio' ? { audioEnabled: !on } : { videoEnabled: !on });
    void (kind === 'audio' ? client.setMicrophone(!on) : client.setCamera(!on));
  };

  return {
    micOn,
    cameraOn,
    sharing,
    settings,
    devices,
    viewMode,
    gridDisabled,
    panelOpen,
    connection,
    memberCount,
    toggleMic: () => toggle('audio', micOn),
    toggleCamera: () => toggle('video', cameraOn),
    chooseDevice(field: 'audioID' | 'videoID' | 'audioOutputID', id: string) {
      update({ [field]: id });
      if (field === 'audioID') void client.switchDevice({ audioInputId: id });
      else if (field === 'videoID') void client.switchDevice({ videoInputId: id });
      else void client.switchDevice({ audioOutputId: id });
    },
    toggleShare() {
      // The store learns about my share from the tracks (room-binding), also when the browser's
      // own "Stop sharing" button ends it.
      void (sharing ? client.stopScreenShare() : client.startScreenShare());
    },
    setViewMode: (mode: ViewMode) => dispatch({ type: 'viewMode', mode }),
    togglePanel: () => dispatch({ type: 'panel', panel: panelOpen ? null : 'members' }),
    leave: () => void client.leave(),
  };
}
