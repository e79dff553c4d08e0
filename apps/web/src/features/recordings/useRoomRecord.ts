/**
 * The host's record button: what the popover offers (record-rules.ts), the chosen type and
 * layout, and Start / Stop. Whether the meeting is being recorded is the room's
 * `properties.recordStatus`, which the server announces to every member; this hook only asks.
 * A refusal (quota full, Pro only, already recording) is shown as the server words it.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { recordsApi } from '../../api/records-api';
import { openUpgrade } from '../billing/upgrade-events';
import { useRoomMeeting, useRoomState } from '../room-core/RoomContext';
import { amHost } from '../room-core/roles';
import {
  allowedChoice,
  defaultChoice,
  recordMenu,
  type RecordAbility,
  type RecordChoice,
} from './record-rules';

export const recordAbilityKey = (conferenceId: string) => ['recordAbility', conferenceId] as const;

/** If meeting info cannot be read, the server still decides: nothing is locked here. */
const UNKNOWN_ABILITY: RecordAbility = { audioRecord: 1, videoRecord: 1 };

export function useRoomRecord() {
  const host = useRoomState(amHost);
  const recordStatus = useRoomState((s) => s.properties.recordStatus);
  const recordType = useRoomState((s) => s.properties.recordType);
  const connected = useRoomState((s) => s.connection === 'connected');
  const { conferenceId, conferenceUri } = useRoomMeeting();
  const ability = useQuery({
    queryKey: recordAbilityKey(conferenceId),
    queryFn: async () =>
      (await recordsApi.meetingForViewer(conferenceId, { silent: true })).recordFuncStatus,
    enabled: host,
    staleTime: 60_000,
    retry: false,
  });
  const menu = recordMenu({
    host,
    recordStatus,
    ability: ability.data ?? (ability.isError ? UNKNOWN_ABILITY : null),
  });
  const [picked, setPicked] = useState<RecordChoice | null>(null);
  const choice = picked ?? defaultChoice(menu);
  const [busy, setBusy] = useState(false);

  const run = async (call: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    try {
      await call();
      return true;
    } catch {
      // The API client has shown the server's message.
      return false;
    } finally {
      setBusy(false);
    }
  };

  return {
    menu,
    recording: recordStatus === 1,
    /** properties.recordType: 1 audio, 2 video. */
    recordingType: recordType === 1 ? ('audio' as const) : ('video' as const),
    choice,
    choose: (next: Partial<RecordChoice>) => setPicked({ ...choice, ...next }),
    canStart: connected && !busy && allowedChoice(menu, choice) !== null,
    busy,
    connected,
    /** Resolves true when the server accepted. */
    start: () => {
      const allowed = allowedChoice(menu, choice);
      if (!allowed) return Promise.resolve(false);
      return run(() => recordsApi.startRecord({ conferenceUri, ...allowed }));
    },
    stop: () => run(() => recordsApi.stopRecord(conferenceUri)),
    /** In the meeting, payment opens in a new tab so the meeting stays open. */
    upgrade: () => openUpgrade({ channel: 'videoRecordPro', newTab: true }),
  };
}
