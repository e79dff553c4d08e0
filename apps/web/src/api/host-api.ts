/**
 * The in-meeting calls of SPEC.md section 7 that act on the meeting rather than on media:
 * `conference/set` with its command types, host transfer, the waiting room and the nickname
 * in the meeting. The server decides who may do what; these only ask. List parameters go as
 * comma-joined strings, as the spec's getMemberList shows.
 */
import { WAITING_STATUS, type CommandType, type WaitingEntry } from '@meet/shared';
import { apiPost, type RequestOptions } from './client';

/** The `ext` of a `conference/set` command, as the client builds it. */
export interface CommandExt {
  ext_type: CommandType;
  ext_value?: string;
  scope?: 'all';
  new_host_code?: string;
  code_list?: string;
}

const joined = (ids: readonly (number | string)[]) => ids.map(String).join(',');

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

export const hostApi = {
  command: (conferenceUri: string, ext: CommandExt, options?: RequestOptions) =>
    apiPost<null>(
      'conference/set',
      { conferenceUri, setContent: JSON.stringify({ room: conferenceUri, ext }) },
      options,
    ),
  /** A command about some members (their user ids), or about everyone. */
  commandFor: (
    conferenceUri: string,
    type: CommandType,
    value: string,
    who: readonly number[] | 'all',
  ) =>
    hostApi.command(
      conferenceUri,
      who === 'all'
        ? { ext_type: type, ext_value: value, scope: 'all' }
        : { ext_type: type, ext_value: value, code_list: joined(who) },
    ),
  changeHost: (conferenceUri: string, userId: number) =>
    apiPost<null>('conference/changeHost', { conferenceUri, newHostCode: String(userId) }),
  waitingList: async (conferenceUri: string) =>
    waitingEntries(
      await apiPost<unknown>(
        'conference/getWaitingRoomMemberList',
        { conferenceUri },
        { silent: true },
      ),
    ),
  approveJoin: (conferenceUri: string, userIds: readonly number[]) =>
    apiPost<null>('conference/approveJoin', { conferenceUri, userIdList: joined(userIds) }),
  denyJoin: (conferenceUri: string, userIds: readonly number[], addToBlackList: boolean) =>
    apiPost<null>('conference/denyJoin', {
      conferenceUri,
      userIdList: joined(userIds),
      addToBlackList: addToBlackList ? 1 : 0,
    }),
  updateWaitingRoomStatus: (conferenceUri: string, on: boolean) =>
    apiPost<null>('conference/updateWaitingRoomStatus', { conferenceUri, status: on ? 1 : 0 }),
  updateNickname: (conferenceId: string, userConferenceName: string, options?: RequestOptions) =>
    apiPost<null>(
      'conference/updateUserConferenceNickname',
      { conferenceId, userConferenceName },
      options,
    ),
};
