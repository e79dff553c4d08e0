/**
 * What the host (and, for the hand, any member) asks the server to do, through host-api.ts
 * (the waiting room's calls: waiting-room-api.ts).
 * Every action resolves true on success; a refusal has already been shown by the API client
 * (its msg, in the user's language) and resolves false. Switches that the server will confirm
 * with `roomUpdated` are applied to the store at once, so the checkbox follows the click.
 */
import { useMemo } from 'react';
import { CONF_MUTE, HAND, type PeerInfo } from '@meet/shared';
import { ApiError } from '../../api/client';
import { hostApi } from '../../api/host-api';
import { waitingRoomApi } from '../../api/waiting-room-api';
import { useRoomDispatch, useRoomMeeting } from '../room-core/RoomContext';

async function attempt(call: () => Promise<unknown>): Promise<boolean> {
  try {
    await call();
    return true;
  } catch (error) {
    if (error instanceof ApiError) return false;
    throw error;
  }
}

export type HostActions = ReturnType<typeof useHostActions>;

export function useHostActions() {
  const { conferenceUri: uri } = useRoomMeeting();
  const dispatch = useRoomDispatch();

  return useMemo(() => {
    const command = hostApi.commandFor;
    return {
      /** A force-muted member is allowed to unmute again; anyone else is muted and held so. */
      toggleMemberMute: (peer: PeerInfo) =>
        attempt(() =>
          command(uri, 'conf_mute', String(peer.forceMuted ? CONF_MUTE.off : CONF_MUTE.forced), [
            peer.userId,
          ]),
        ),
      toggleMemberVideo: (peer: PeerInfo) =>
        attempt(() => command(uri, 'video_enable', peer.videoDisabled ? '1' : '0', [peer.userId])),
      /** '1' approves, '0' refuses: one member's hand, or every raised hand. */
      answerHands: (who: number[] | 'all', approve: boolean) =>
        attempt(() => command(uri, 'hand_up', approve ? '1' : '0', who)),
      makeHost: (userId: number) =>
        attempt(() =>
          hostApi.command(uri, { ext_type: 'change_host', new_host_code: String(userId) }),
        ),
      /** The creator takes the host role back. */
      reclaimHost: (myUserId: number) => attempt(() => hostApi.changeHost(uri, myUserId)),
      remove: (userId: number) => attempt(() => command(uri, 'kick_member', '', [userId])),
      muteAll: (value: number) => attempt(() => command(uri, 'conf_mute', String(value), 'all')),
      setLock: async (on: boolean) => {
        const done = await attempt(() =>
          hostApi.command(uri, { ext_type: 'lock_room', ext_value: on ? '1' : '0' }),
        );
        if (done) dispatch({ type: 'properties', properties: { lockRoom: on } });
        return done;
      },
      setScreenShareAllowed: async (on: boolean) => {
        const done = await attempt(() =>
          hostApi.command(uri, { ext_type: 'screen_share', ext_value: on ? '1' : '0' }),
        );
        if (done) dispatch({ type: 'properties', properties: { screenShareAllowed: on } });
        return done;
      },
      setWaitingRoom: async (on: boolean) => {
        const done = await attempt(() => waitingRoomApi.updateWaitingRoomStatus(uri, on));
        if (done) dispatch({ type: 'properties', properties: { waitingRoom: on } });
        return done;
      },
      endForAll: () => attempt(() => hostApi.command(uri, { ext_type: 'conf_dismiss' })),
      /** A member's own hand: up asks to speak, down withdraws it. */
      raiseHand: (up: boolean) =>
        attempt(() =>
          hostApi.command(uri, {
            ext_type: 'hand_up',
            ext_value: up ? String(HAND.apply) : String(HAND.none),
          }),
        ),
      admit: (userIds: number[]) => attempt(() => waitingRoomApi.approveJoin(uri, userIds)),
      deny: (userIds: number[], addToBlackList: boolean) =>
        attempt(() => waitingRoomApi.denyJoin(uri, userIds, addToBlackList)),
    };
  }, [uri, dispatch]);
}
