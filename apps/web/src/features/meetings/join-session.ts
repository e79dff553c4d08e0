/**
 * What a join leaves behind for the meeting page: the device id (localStorage, kept across
 * meetings so a rejoin from this browser is the same device) and the join payload (sessionStorage,
 * one tab's meeting only).
 */
import type { JoinPayload } from '@meet/shared';
import { DEVICE_ID_LENGTH, formatConferenceNumber } from '@meet/shared';
import { StorageKeys, randomId } from '../auth/auth-store';

/** Where this tab keeps its join payload (join-payload.ts reads it back, checked). */
export const JOIN_PAYLOAD_KEY = 'joinPayload';

/** The browser's 18-character device id, created the first time a meeting needs it. */
export function ensureDeviceId(): string {
  let id = localStorage.getItem(StorageKeys.deviceId);
  if (!id || id.length !== DEVICE_ID_LENGTH) {
    id = randomId();
    localStorage.setItem(StorageKeys.deviceId, id);
  }
  return id;
}

const DISPLAY_NAME_KEY = 'joinDisplayName';

export function saveJoinPayload(payload: JoinPayload, displayName?: string) {
  sessionStorage.setItem(JOIN_PAYLOAD_KEY, JSON.stringify(payload));
  if (displayName !== undefined) sessionStorage.setItem(DISPLAY_NAME_KEY, displayName);
}

/** The name this tab joined with (what others see in the meeting). */
export function joinDisplayName(): string | null {
  return sessionStorage.getItem(DISPLAY_NAME_KEY);
}

/** The meeting of this tab's last join, if any. */
export function joinedMeetingId(): string | null {
  const raw = sessionStorage.getItem(JOIN_PAYLOAD_KEY);
  if (!raw) return null;
  try {
    const id = (JSON.parse(raw) as Partial<JoinPayload>).conferenceId;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

export function clearJoinPayload() {
  sessionStorage.removeItem(JOIN_PAYLOAD_KEY);
  sessionStorage.removeItem(AUTO_JOIN_KEY);
  sessionStorage.removeItem(IN_ROOM_KEY);
}

const IN_ROOM_KEY = 'joinInRoom';
/** A reload this soon after being in the room goes straight back in (issue 29, as Meet does). */
export const RELOAD_REJOIN_MS = 60_000;

/** This tab is in the meeting's room now (refreshed as the page unloads: `stillInRoom`). */
export function markInRoom(conferenceId: string, now = Date.now()) {
  sessionStorage.setItem(IN_ROOM_KEY, JSON.stringify({ conferenceId, at: now }));
}

function inRoomMark(): { conferenceId: string; at: number } | null {
  try {
    const mark = JSON.parse(sessionStorage.getItem(IN_ROOM_KEY) ?? 'null') as {
      conferenceId?: unknown;
      at?: unknown;
    } | null;
    return typeof mark?.conferenceId === 'string' && typeof mark.at === 'number'
      ? { conferenceId: mark.conferenceId, at: mark.at }
      : null;
  } catch {
    return null;
  }
}

/** The page unloads while in the room: the mark's time becomes now. */
export function stillInRoom(conferenceId: string, now = Date.now()) {
  if (inRoomMark()?.conferenceId === conferenceId) markInRoom(conferenceId, now);
}

/** Was this tab in the meeting's room within the last minute (a reload mid-meeting)? */
export function recentlyInRoom(conferenceId: string, now = Date.now()): boolean {
  const mark = inRoomMark();
  return mark?.conferenceId === conferenceId && now - mark.at < RELOAD_REJOIN_MS;
}

export function clearInRoom() {
  sessionStorage.removeItem(IN_ROOM_KEY);
}

const AUTO_JOIN_KEY = 'joinAutoEnter';

/**
 * This tab's join was the host letting it in from the waiting room: the room is entered at once,
 * without the pre-join screen's "Join now" (SPEC.md section 4: approval triggers the join).
 */
export function markAutoJoin(conferenceId: string) {
  sessionStorage.setItem(AUTO_JOIN_KEY, conferenceId);
}

export function isAutoJoin(conferenceId: string): boolean {
  return sessionStorage.getItem(AUTO_JOIN_KEY) === conferenceId;
}

export function clearAutoJoin() {
  sessionStorage.removeItem(AUTO_JOIN_KEY);
}

// Spaces, hyphen-minus and the Unicode dashes that word processors and chat apps put in pasted text.
const SEPARATORS = /[\s\-\u2010-\u2015\u2212]+/g;
const NOT_ID_CHARACTER = /[^\d\s\-\u2010-\u2015\u2212]/g;
const LEADING_SEPARATORS = /^[\s\-\u2010-\u2015\u2212]+/;

/** Digits only, as people paste ids grouped by spaces or dashes ("123 456 789", "123-456-789"). */
export function normalizeConferenceId(value: string): string {
  return value.replace(SEPARATORS, '');
}

/**
 * What a meeting ID field keeps of what was typed or pasted: digits, with spaces and dashes as
 * separators; anything else is not accepted.
 */
export function conferenceIdInput(value: string): string {
  // Separators before the first digit separate nothing (what is left of "ID: 123…").
  return value.replace(NOT_ID_CHARACTER, '').replace(LEADING_SEPARATORS, '');
}

/**
 * For `onBeforeInput`: a typed character that is not part of an id is refused before it reaches
 * the field, so the caret stays where it was. Pastes go through `conferenceIdInput` instead,
 * which keeps the id out of "ID: 123-456-789".
 */
export function refuseNonIdCharacter(event: { data: string; preventDefault(): void }) {
  if (event.data.length === 1 && event.data.replace(NOT_ID_CHARACTER, '') === '') {
    event.preventDefault();
  }
}

/** A typed id the server could know: 9 or 10 digits. */
export function isWellFormedConferenceId(value: string): boolean {
  return /^\d{9,10}$/.test(normalizeConferenceId(value));
}

/** "123 456 789" or "123 456 7890": the id in groups as people read it aloud. */
export const formatConferenceId = formatConferenceNumber;
