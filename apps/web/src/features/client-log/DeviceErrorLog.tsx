/**
 * Sends the room's device errors (camera or microphone failing in the permission flow) to the
 * client log. Renders nothing; it sits in the room's `extras` (pre-join screen and toolbar),
 * reads the permission states from the room store and logs each new failure once — a failure
 * already handled when it moves from the pre-join screen to the toolbar is not logged again.
 */
import { useEffect, useRef } from 'react';
import { CLIENT_LOG_EVENT } from '@meet/shared';
import type { PermissionStates } from '../../room-client/types';
import { useRoomMeeting, useRoomState } from '../room-core/RoomContext';
import { ALL_ALLOWED, deviceErrors } from './device-errors';
import type { ClientLogger } from './client-logger';
import { clientLogger } from './logger';

/** Permission states already logged (the store makes a new object for every change). */
const handled = new WeakSet<PermissionStates>();

export function DeviceErrorLog({ logger = clientLogger }: { logger?: ClientLogger }) {
  const permissions = useRoomState((s) => s.permissions);
  const peerId = useRoomState((s) => s.me?.peerId ?? '');
  const { conferenceId, conferenceUri } = useRoomMeeting();
  const previous = useRef<PermissionStates | null>(null);

  useEffect(() => {
    const prev = previous.current ?? ALL_ALLOWED;
    previous.current = permissions;
    if (handled.has(permissions)) return;
    handled.add(permissions);
    for (const value of deviceErrors(prev, permissions, peerId ? 'room' : 'prejoin')) {
      logger.log(CLIENT_LOG_EVENT.deviceError, {
        peerId,
        roomId: conferenceUri,
        meetingId: conferenceId,
        value: { ...value },
      });
    }
  }, [permissions, peerId, conferenceId, conferenceUri, logger]);

  return null;
}
