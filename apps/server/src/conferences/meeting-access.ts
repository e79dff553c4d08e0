/**
 * Who may read what a meeting's members read — its polls, captions and transcript, the credits
 * its creator pays with — and who is a member in the lookup guard's eyes: one rule for all of
 * them. Its host and its creator, and everyone who took part; but nobody the host removed (the
 * blocklist), whatever else they were, as a kick is meant to end their access, not only their
 * seat.
 */
import type { ConferenceMemberRow, ConferenceRow } from '../db/schema/index.js';
import { AppError } from '../lib/app-error.js';
import type { ConferencesRepository } from './conferences-repository.js';

export interface MeetingAccess {
  /** The caller's live membership (the newest device), when in the meeting now. */
  member: ConferenceMemberRow | undefined;
  /** Joined it at some time, on any device, whatever became of that. */
  tookPart: boolean;
  /** Removed by the host: on the meeting's blocklist. */
  removed: boolean;
  /** May read the meeting's member-only things. */
  mayRead: boolean;
}

export async function meetingAccess(
  conferences: ConferencesRepository,
  conf: ConferenceRow,
  userId: number,
): Promise<MeetingAccess> {
  const history = await conferences.membersOfUser(conf.id, userId);
  const member = history.find((m) => m.state === 'joined');
  const tookPart = history.length > 0;
  const removed = await conferences.isBlocked(conf.id, userId);
  const own = userId > 0 && (userId === conf.hostId || userId === conf.creatorId);
  return { member, tookPart, removed, mayRead: !removed && (own || tookPart) };
}

/** The caller's access, refused with notInMeeting (403) when they may not read the meeting. */
export async function requireMeetingReader(
  conferences: ConferencesRepository,
  conf: ConferenceRow,
  userId: number,
): Promise<MeetingAccess> {
  const access = await meetingAccess(conferences, conf, userId);
  if (!access.mayRead) throw AppError.forbidden('notInMeeting');
  return access;
}
