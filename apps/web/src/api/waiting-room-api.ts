/**
 * The waiting room's calls of SPEC.md section 7: the host's list of who waits, letting them in or
 * turning them away (optionally for good), and the meeting's waiting-room switch. The server
 * decides who may do what; these only ask.
 */
import { WAITING_STATUS, type WaitingEntry } from '@meet/shared';
import { apiPost } from './client';
import { idList } from './host-api';

/**
 * The waiting list arrives as a bare list or wrapped in `{ list }`; admitted entries (status 1)
 * are not waiting any more.
 */
export function waitingEntries(payload: unknown): WaitingEntry[] {
  const list = Array.isArray(payload)
    ? payload
    : ((payload as { list?: unknown } | null)?.list ?? []);
  return (Array.isArray(list) ? (list as WaitingEntry[]) : []).filter(
    (entry) => entry.status !== WAITING_STATUS.admitted,
  );
}

export const waitingRoomApi = {
  waitingList: async (conferenceUri: string) =>
    waitingEntries(
      await apiPost('conference/getWaitingRoomMemberList', { conferenceUri }, { silent: true }),
    ),
  approveJoin: (conferenceUri: string, userIds: readonly number[]) =>
    apiPost('conference/approveJoin', { conferenceUri, userIdList: idList(userIds) }),
  denyJoin: (conferenceUri: string, userIds: readonly number[], addToBlackList: boolean) =>
    apiPost('conference/denyJoin', {
      conferenceUri,
      userIdList: idList(userIds),
      addToBlackList: addToBlackList ? 1 : 0,
    }),
  updateWaitingRoomStatus: (conferenceUri: string, on: boolean) =>
    apiPost('conference/updateWaitingRoomStatus', { conferenceUri, status: on ? 1 : 0 }),
};
