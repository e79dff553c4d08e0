/** The time zone Home shows meetings in: the browser's, until the user picks another (kept). */
import { useCallback, useState } from 'react';
import { StorageKeys } from '../auth/auth-store';

export function browserTimezone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

function storedTimezone(): string {
  const stored = localStorage.getItem(StorageKeys.meetingsTimezone);
  if (stored) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: stored });
      return stored;
    } catch {
      // A zone this browser no longer knows falls back to the browser's own.
    }
  }
  return browserTimezone();
}

export function useTimezone() {
  const [timezone, setState] = useState(storedTimezone);
  const setTimezone = useCallback((next: string) => {
    localStorage.setItem(StorageKeys.meetingsTimezone, next);
    setState(next);
  }, []);
  return [timezone, setTimezone] as const;
}
