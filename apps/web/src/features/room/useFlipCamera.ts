/**
 * The phone's flip-camera button (front ↔ back): offered only with more than one camera, usable
 * while the camera is on, one flip at a time.
 */
import { useState } from 'react';
import { useTrack } from '../room-core/media';
import { useRoomClient, useRoomState } from '../room-core/RoomContext';

export function useFlipCamera() {
  const client = useRoomClient();
  const cameras = useRoomState((s) => s.devices.videoInputs.length);
  const meId = useRoomState((s) => s.me?.peerId ?? null);
  const cameraOn = !!useTrack(meId ?? 'local', 'camera', 'video');
  const [busy, setBusy] = useState(false);
  return {
    offered: cameras > 1,
    disabled: !cameraOn || busy,
    flip() {
      setBusy(true);
      void client.flipCamera().finally(() => setBusy(false));
    },
  };
}
