/**
 * What a join leaves behind for the meeting page: the device id (localStorage, kept across
 * meetings so a rejoin from this browser is the same device) and the join payload (sessionStorage,
 * one tab's meeting only).
 */
import type { JoinPayload } from '@meet/shared';
import { DEVICE_ID_LENGTH } from '@meet/shared';
import { StorageKeys, randomId } from '../auth/auth-store';

const JOIN_PAYLOAD_KEY = 'joinPayload';

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

/** The payload of this tab's last join, if it was for `conferenceId`. */
export function joinPayloadFor(conferenceId: string): JoinPayload | null {
  const raw = sessionStorage.getItem(JOIN_PAYLOAD_KEY);
  if (!raw) return null;
  try {
    const payload = JSON.parse(raw) as JoinPayload;
    return payload.conferenceId === conferenceId ? payload : null;
  } catch {
    return null;
  }
}

export function clearJoinPayload() {
  sessionStorage.removeItem(JOIN_PAYLOAD_KEY);
}

/** Digits only, as people paste ids with spaces ("123 456 789"). */
export function normalizeConferenceId(value: string): string {
  return value.replace(/\s+/g, '');
}

/** A typed id the server could know: 9 or 10 digits. */
export function isWellFormedConferenceId(value: string): boolean {
  return /^\d{9,10}$/.test(normalizeConferenceId(value));
}

/** "123 456 789" or "123 456 7890": the id in groups as people read it aloud. */
export function formatConferenceId(id: string): string {
  const match = /^(\d{3})(\d{3})(\d{3,4})$/.exec(id);
  return match ? `${match[1]} ${match[2]} ${match[3]}` : id;
}
