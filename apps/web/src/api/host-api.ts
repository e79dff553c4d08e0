/**
 * The in-meeting calls of SPEC.md section 7 that act on the meeting rather than on media:
 * `conference/set` with its command types, host transfer and the nickname in the meeting (the
 * waiting room's: waiting-room-api.ts). The server decides who may do what; these only ask.
 * List parameters go as comma-joined strings, as the spec's getMemberList shows.
 */
import type { CommandType } from '@meet/shared';
import { apiPost, type RequestOptions } from './client';

/** The `ext` of a `conference/set` command, as the client builds it. */
export interface CommandExt {
  ext_type: CommandType;
  ext_value?: string;
  scope?: 'all';
  new_host_code?: string;
  code_list?: string;
}

/** A list parameter as the server reads it: ids joined by commas. */
export const idList = (ids: readonly (number | string)[]) => ids.map(String).join(',');

export const hostApi = {
  command: (conferenceUri: string, ext: CommandExt, options?: RequestOptions) =>
    apiPost(
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
        : { ext_type: type, ext_value: value, code_list: idList(who) },
    ),
  changeHost: (conferenceUri: string, userId: number) =>
    apiPost('conference/changeHost', { conferenceUri, newHostCode: String(userId) }),
  updateNickname: (conferenceId: string, userConferenceName: string, options?: RequestOptions) =>
    apiPost(
      'conference/updateUserConferenceNickname',
      { conferenceId, userConferenceName },
      options,
    ),
};
