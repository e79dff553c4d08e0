/** The Settings record (SPEC.md section 3) kept in localStorage under `settings`. */
import type { Settings } from '../../room-client/types';
import { DEFAULT_SETTINGS } from './room-store';

export const SETTINGS_KEY = 'settings';

export function loadSettings(): Settings {
  try {
    const raw = localStorage.getItem(SETTINGS_KEY);
    if (!raw) return DEFAULT_SETTINGS;
    const parsed = JSON.parse(raw) as Partial<Settings>;
    // Unknown or mistyped fields from an older version fall back one by one, not all at once.
    return {
      audioID: typeof parsed.audioID === 'string' ? parsed.audioID : '',
      videoID: typeof parsed.videoID === 'string' ? parsed.videoID : '',
      audioOutputID: typeof parsed.audioOutputID === 'string' ? parsed.audioOutputID : '',
      audioEnabled: typeof parsed.audioEnabled === 'boolean' ? parsed.audioEnabled : true,
      videoEnabled: typeof parsed.videoEnabled === 'boolean' ? parsed.videoEnabled : true,
      noiseSuppression:
        typeof parsed.noiseSuppression === 'boolean' ? parsed.noiseSuppression : true,
    };
  } catch {
    return DEFAULT_SETTINGS;
  }
}

export function saveSettings(settings: Settings): void {
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // Private mode or a full quota: the choice still applies to this meeting.
  }
}
