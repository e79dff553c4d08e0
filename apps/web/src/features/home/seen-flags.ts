/**
 * Flags remembered per account in localStorage (SPEC.md section 3, "feature-visited flags"): the
 * Integrations entry has been viewed (its red dot goes), the calendar banner has been dismissed.
 * Per email as the spec says (the account's code when it has none), so another account signing
 * in on the same browser still sees them. Kept in a small store so every reader updates at once.
 */
import { useCallback, useSyncExternalStore } from 'react';

export type SeenFlag = 'integrationsSeen' | 'calendarBannerDismissed';

const listeners = new Set<() => void>();

export const flagKey = (flag: SeenFlag, account: string) => `${flag}:${account}`;

/** Whose flags: the email (lowercase), else the account code; null before the user is known. */
export function accountOf(user: { email?: string; code?: string } | null | undefined) {
  const email = user?.email?.trim().toLowerCase();
  if (email) return email;
  return user?.code ? `code:${user.code}` : null;
}

export function readFlag(flag: SeenFlag, account: string): boolean {
  try {
    return localStorage.getItem(flagKey(flag, account)) === '1';
  } catch {
    return false;
  }
}

export function setFlag(flag: SeenFlag, account: string): void {
  try {
    localStorage.setItem(flagKey(flag, account), '1');
  } catch {
    // Storage full or refused: the flag lasts this page only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key?.includes(':')) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * A flag of the account and the call that sets it. Before the account is known the flag reads
 * as set, so a red dot or banner never flashes for someone who already dismissed it.
 */
export function useSeenFlag(flag: SeenFlag, account: string | null): [boolean, () => void] {
  const value = useSyncExternalStore(subscribe, () =>
    account === null ? true : readFlag(flag, account),
  );
  const mark = useCallback(() => {
    if (account !== null) setFlag(flag, account);
  }, [flag, account]);
  return [value, mark];
}
