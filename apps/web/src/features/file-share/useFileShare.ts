/**
 * Picture-in-picture sharing from the toolbar: picking a file (the client checks its type and
 * size and says why it refuses one), whether I share one now, pausing its video, stopping.
 */
import { useEffect, useState } from 'react';
import type { FileShareState } from '../../room-client/screen-share';
import { useRoomClient } from '../room-core/RoomContext';

export function useFileShare() {
  const client = useRoomClient();
  const [state, setState] = useState<FileShareState | null>(null);
  useEffect(() => client.on('fileShare', setState), [client]);
  return {
    state,
    share: (file: File) => void client.startFileShare(file),
    togglePause: () => state && client.pauseFileShare(!state.paused),
    stop: () => void client.stopScreenShare(),
  };
}
