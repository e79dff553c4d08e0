/**
 * When the host message appears (SPEC.md section 2): two seconds after joining, to the host,
 * in a meeting without an end time, unless this page was reloaded into the meeting.
 */
import { StorageKeys } from '../auth/auth-store';

export const HOST_MESSAGE_DELAY_MS = 2000;
/**
 * Long enough to read two short sentences; it waits while the pointer or the focus is on it,
 * and closing it is one click.
 */
export const HOST_MESSAGE_SHOW_MS = 6000;

export function shouldShowHostMessage(input: {
  host: boolean;
  endTime: number | null;
  reloaded: boolean;
}): boolean {
  return input.host && input.endTime === null && !input.reloaded;
}

/**
 * A reload of the meeting page: the meetings feature's flag is still set, or this document was
 * loaded by reloading this meeting's address (the flag is cleared on the way back in).
 */
export function wasReloaded(
  conferenceId: string,
  storage: Pick<Storage, 'getItem'> = localStorage,
  navigation: readonly PerformanceEntry[] = typeof performance === 'undefined'
    ? []
    : performance.getEntriesByType('navigation'),
): boolean {
  if (storage.getItem(StorageKeys.meetingRoomReload)) return true;
  const entry = navigation[0] as (PerformanceEntry & { type?: string }) | undefined;
  if (entry?.type !== 'reload') return false;
  try {
    return new URL(entry.name).pathname === `/meeting/${conferenceId}`;
  } catch {
    return false;
  }
}
