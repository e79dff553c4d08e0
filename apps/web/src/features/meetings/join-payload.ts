/**
 * The join payload this tab kept (join-session.ts's saveJoinPayload), read back and checked
 * against the API's own schema: what sessionStorage holds may be an older build's shape or
 * edited by hand, and the meeting page connects with it. A module apart from join-session.ts,
 * which the first screen imports, so that zod loads with the meeting page and not before.
 */
import { joinPayload, type JoinPayload } from '@meet/shared';
import { JOIN_PAYLOAD_KEY } from './join-session';

/** The payload of this tab's last join, if it was for `conferenceId` and reads as one. */
export function joinPayloadFor(conferenceId: string): JoinPayload | null {
  const raw = sessionStorage.getItem(JOIN_PAYLOAD_KEY);
  if (!raw) return null;
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = joinPayload.safeParse(stored);
  return parsed.success && parsed.data.conferenceId === conferenceId ? parsed.data : null;
}
