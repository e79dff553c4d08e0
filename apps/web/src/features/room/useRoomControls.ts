/**
 * The toolbar's state and actions: toggles (held off while the host says so), devices, share,
 * view mode, raised hand, the panel's people and chat tabs, and leave.
 */
import { useCallback, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { dialogFor, HAND } from '@meet/shared';
import type { Settings } from '../../room-client/types';
import { toast } from '../../ui/toast-store';
import { canShareScreen, useFormFactor } from '../../ui/useFormFactor';
import { useTrack } from '../room-core/media';
import { useRoomClient, useRoomDispatch, useRoomState } from '../room-core/RoomContext';
import { sharersOf, type PanelTab, type ViewMode } from '../room-core/room-store';
import { amHost } from '../room-core/roles';
import { saveSettings } from '../room-core/settings-storage';
import { useHostActions } from './useHostActions';

export type RoomControls = ReturnType<typeof useRoomControls>;

export function useRoomControls() {
  const { t } = useTranslation();
  const client = useRoomClient();
  const actions = useHostActions();
  const dispatch = useRoomDispatch();
  const meId = useRoomState((s) => s.me?.peerId ?? null);
  const settings = useRoomState((s) => s.settings);
  const devices = useRoomState((s) => s.devices);
  const permissions = useRoomState((s) => s.permissions);
  const viewMode = useRoomState((s) => s.viewMode);
  const gridDisabled = useRoomState((s) => sharersOf(s).length > 0);
  const sharing = useRoomState((s) => s.localShare);
  const panel = useRoomState((s) => s.panel);
  const unread = useRoomState((s) => s.chatUnread);
  const helpCount = useRoomState((s) => s.breakout.members.filter((m) => m.askedForHelp).length);
  const host = useRoomState(amHost);
  const forceMuted = useRoomState((s) => !!s.me?.forceMuted);
  const videoDisabled = useRoomState((s) => !!s.me?.videoDisabled);
  const handUp = useRoomState((s) => s.me?.handUp === HAND.apply);
  const shareAllowed = useRoomState((s) => s.properties.screenShareAllowed);
  const [handBusy, setHandBusy] = useState(false);
  const connection = useRoomState((s) => s.connection);
  const memberCount = useRoomState((s) => s.peers.length + (s.me ? 1 : 0));
  // What is on is what I hold a local track for: the client drops the track when it turns off.
  const micOn = !!useTrack(meId ?? 'local', 'camera', 'audio');
  const cameraOn = !!useTrack(meId ?? 'local', 'camera', 'video');
  // No share button where there is nothing to share with (a phone, no getDisplayMedia).
  const shareOffered = canShareScreen(useFormFactor());

  const update = useCallback(
    (patch: Partial<Settings>) => {
      dispatch({ type: 'settings', settings: patch });
      saveSettings({ ...settings, ...patch });
    },
    [dispatch, settings],
  );

  // Held off by the host: what is on may still be turned off, nothing may be turned on.
  const micHeld = forceMuted && !micOn;
  const cameraHeld = videoDisabled && !cameraOn;
  const shareHeld = !host && !shareAllowed && !sharing;
  const openTab = (tab: PanelTab) => dispatch({ type: 'panel', panel: panel === tab ? null : tab });

  const toggle = (kind: 'audio' | 'video', on: boolean) => {
    if (!on && (kind === 'audio' ? micHeld : cameraHeld)) {
      toast.warning(t(kind === 'audio' ? 'room.errors.forceMuted' : 'room.errors.videoDisabled'));
      return;
    }
    // A known permission failure shows its dialog; the attempt still runs in case it was fixed.
    if (!on && dialogFor(permissions[kind])) dispatch({ type: 'permissionModal', kind });
    update(kind === 'audio' ? { audioEnabled: !on } : { videoEnabled: !on });
    void (kind === 'audio' ? client.setMicrophone(!on) : client.setCamera(!on));
  };

  return {
    micOn,
    cameraOn,
    sharing,
    shareOffered,
    settings,
    devices,
    viewMode,
    gridDisabled,
    panelOpen: panel === 'members',
    chatOpen: panel === 'chat',
    breakoutOpen: panel === 'breakout',
    helpCount,
    unread,
    host,
    micHeld,
    cameraHeld,
    shareHeld,
    handUp,
    handBusy,
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
      if (shareHeld) {
        toast.warning(t('room.toolbar.shareDisallowed'));
        return;
      }
      // The store learns about my share from the tracks (room-binding), also when the browser's
      // own "Stop sharing" button ends it.
      void (sharing ? client.stopScreenShare() : client.startScreenShare());
    },
    setViewMode: (mode: ViewMode) => dispatch({ type: 'viewMode', mode }),
    togglePanel: () => openTab('members'),
    toggleChat: () => openTab('chat'),
    toggleBreakout: () => openTab('breakout'),
    toggleHand() {
      setHandBusy(true);
      void actions.raiseHand(!handUp).finally(() => setHandBusy(false));
    },
  };
}
