/**
 * What each waiting-room notice of the `/message` socket means for someone waiting (SPEC.md
 * section 4): approval joins again; every other notice ends the wait.
 * Pure, so the table is tested on its own.
 */
import type { WaitingRoomMessage } from '@meet/shared';

/** Why a wait ended on the end screen: not let in, turned away for good, the meeting closed. */
export type WaitEndReason = 'denied' | 'blocked' | 'closed';

/**
 * What a notice does to a wait: approval joins; a decision (not let in, turned away for good,
 * the meeting closed) ends it on the end screen; a fault ends it with a warning to try again.
 */
export type WaitingOutcome =
  | { kind: 'join' }
  | { kind: 'screen'; reason: WaitEndReason }
  | { kind: 'warning'; warning: 'join.networkErrorRetryTip' };

const OUTCOMES: Record<WaitingRoomMessage, WaitingOutcome> = {
  waiting_room_deny: { kind: 'screen', reason: 'denied' },
  waiting_room_approve: { kind: 'join' },
  conference_closed: { kind: 'screen', reason: 'closed' },
  waiting_room_error: { kind: 'warning', warning: 'join.networkErrorRetryTip' },
  waiting_room_kick_out: { kind: 'screen', reason: 'blocked' },
};

export const WAITING_ROOM_MESSAGE_TYPES = Object.keys(OUTCOMES) as WaitingRoomMessage[];

export function waitingOutcome(msgType: WaitingRoomMessage): WaitingOutcome {
  return OUTCOMES[msgType];
}

/** The meeting someone waits for, as the 3018 reply names it. */
export interface WaitingFor {
  conferenceId: string;
  conferenceUri: string | null;
}

/** A notice is for this wait when it names the same meeting (by uri or number). */
export function isForWait(
  wait: WaitingFor,
  notice: { conferenceUri?: string; conferenceId?: string | number },
): boolean {
  if (wait.conferenceUri && notice.conferenceUri === wait.conferenceUri) return true;
  return notice.conferenceId !== undefined && String(notice.conferenceId) === wait.conferenceId;
}

/** The meeting uri in a 3018 reply's payload, if it carries one. */
export function conferenceUriOf(payload: unknown): string | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const uri = (payload as { conferenceUri?: unknown }).conferenceUri;
  return typeof uri === 'string' && uri.length > 0 ? uri : null;
}
