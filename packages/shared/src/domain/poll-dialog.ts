/**
 * Who does what with a poll (SPEC.md sections 3–4): who manages a meeting's polls, the dialog's
 * buttons by role, status and place, the mode an opened poll shows, who sees the counts, and the
 * more-apps badge.
 */
import { CONFERENCE_STATUS } from '../constants.js';
import { POLL_STATUS, type PollStatus } from './poll.js';

export interface PollMeeting {
  hostId: number;
  creatorId: number;
  /** CONFERENCE_STATUS: 1 reserved, 2 running, 3 finished. */
  status: number;
}

/**
 * Who manages a meeting's polls: its host; and its creator whenever nobody holds the host role
 * live — before the meeting, after it, or while the role is empty — so polls can be prepared
 * and ended polls downloaded from Home.
 */
export function isPollHost(userId: number, meeting: PollMeeting): boolean {
  if (userId <= 0) return false;
  if (userId === meeting.hostId) return true;
  const live = meeting.status === CONFERENCE_STATUS.running && meeting.hostId !== 0;
  return userId === meeting.creatorId && !live;
}

export type PollButton =
  'delete' | 'edit' | 'confirm' | 'launch' | 'participate' | 'end' | 'shareResults' | 'download';

export interface PollButtonContext {
  isHost: boolean;
  status: PollStatus;
  /** The dialog is open inside the meeting (not from Home). */
  inMeeting: boolean;
  /** The viewer has voted. */
  joined: boolean;
}

/** The dialog's buttons, exactly SPEC.md section 4's table. `shareResults` is a checkbox. */
export function pollButtons(ctx: PollButtonContext): PollButton[] {
  if (!ctx.isHost) return ['confirm'];
  switch (ctx.status) {
    case POLL_STATUS.notLaunched:
      return ctx.inMeeting ? ['delete', 'edit', 'launch'] : ['delete', 'edit', 'confirm'];
    case POLL_STATUS.inProgress:
      if (!ctx.inMeeting) return ['delete'];
      return ctx.joined ? ['delete', 'end'] : ['delete', 'participate', 'end'];
    case POLL_STATUS.ended:
      return ctx.inMeeting ? ['delete', 'shareResults'] : ['delete', 'shareResults', 'download'];
  }
}

export type PollDialogMode = 'add' | 'edit' | 'result' | 'vote';

/** Opening an existing poll: a member who can still vote votes; everyone else sees the result view. */
export function openingPollMode(ctx: PollButtonContext): Exclude<PollDialogMode, 'add' | 'edit'> {
  const canVote = ctx.inMeeting && ctx.status === POLL_STATUS.inProgress && !ctx.joined;
  return canVote && !ctx.isHost ? 'vote' : 'result';
}

/** Voters see counts and percentages only when they are host or the results are published. */
export function canSeeResults(isHost: boolean, resultPublished: number | boolean): boolean {
  return isHost || resultPublished === 1 || resultPublished === true;
}

/** The more-apps badge: a launched poll this member has not answered. */
export function hasUnansweredPoll(polls: readonly { status: number; joined: number }[]): boolean {
  return polls.some((p) => p.status === POLL_STATUS.inProgress && p.joined === 0);
}
