/**
 * The "original volume" (SPEC.md sections 3 and 5): how loud a member's own voice stays while
 * their interpreted speech plays for me, 0 to 1, default 0.2, kept in localStorage under
 * `volume`.
 */
export const ORIGINAL_VOLUME_KEY = 'volume';
export const DEFAULT_ORIGINAL_VOLUME = 0.2;

export function clampVolume(value: number): number {
  if (!Number.isFinite(value)) return DEFAULT_ORIGINAL_VOLUME;
  return Math.min(1, Math.max(0, value));
}

export function loadOriginalVolume(): number {
  try {
    const raw = localStorage.getItem(ORIGINAL_VOLUME_KEY);
    return raw === null || raw.trim() === '' ? DEFAULT_ORIGINAL_VOLUME : clampVolume(Number(raw));
  } catch {
    return DEFAULT_ORIGINAL_VOLUME;
  }
}

export function saveOriginalVolume(value: number): void {
  try {
    localStorage.setItem(ORIGINAL_VOLUME_KEY, String(clampVolume(value)));
  } catch {
    // Private mode or a full quota: the choice still applies to this meeting.
  }
}
