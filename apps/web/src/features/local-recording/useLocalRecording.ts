/**
 * The local recording button's behaviour: the recorder's state from the client, start (from the
 * click, as the folder picker needs) with the meeting's number and theme and the room's scene,
 * stop, and a notice for each finished file.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import type { LocalRecordingState } from '@meet/shared';
import { toast } from '../../ui/toast-store';
import { useRoomClient, useRoomMeeting, useRoomStore } from '../room-core/RoomContext';
import { recordingScene } from './recording-scene';

export function useLocalRecording() {
  const { t } = useTranslation();
  const client = useRoomClient();
  const store = useRoomStore();
  const meeting = useRoomMeeting();
  const [state, setState] = useState<LocalRecordingState>('idle');

  useEffect(() => {
    const offState = client.on('localRecording', setState);
    const offSaved = client.on('localRecordingSaved', (name) =>
      toast.success(t('room.localRecording.saved', { name })),
    );
    return () => {
      offState();
      offSaved();
    };
  }, [client, t]);

  return {
    state,
    toggle() {
      if (state === 'recording') void client.stopLocalRecording();
      else if (state === 'idle')
        void client.startLocalRecording(
          {
            meetingId: meeting.conferenceId,
            theme: meeting.conferenceName ?? '',
          },
          () => recordingScene(store.getState()),
        );
    },
  };
}
