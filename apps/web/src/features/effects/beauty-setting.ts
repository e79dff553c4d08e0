/**
 * The beautify setting remembered on this device like the background (SPEC.md section 3), and
 * the "New" hint of the Beautify tab (section 4: feature hints are new until visited).
 */
import { NO_BEAUTY, normalizeBeautify, type BeautifySetting } from '@meet/shared';

const SETTING_KEY = 'meet.beautifySetting';
const HINT_KEY = 'meet.hint.beautify';

type Store = Pick<Storage, 'getItem' | 'setItem'>;

export function loadBeautySetting(storage: Store = localStorage): BeautifySetting {
  try {
    return normalizeBeautify(JSON.parse(storage.getItem(SETTING_KEY) ?? 'null'));
  } catch {
    // A damaged entry is the same as none.
    return NO_BEAUTY;
  }
}

export function saveBeautySetting(setting: BeautifySetting, storage: Store = localStorage): void {
  try {
    storage.setItem(SETTING_KEY, JSON.stringify(setting));
  } catch {
    // Private mode or a full quota: the setting still applies to this meeting.
  }
}

export function beautyHintVisited(storage: Store = localStorage): boolean {
  return storage.getItem(HINT_KEY) === '1';
}

export function visitBeautyHint(storage: Store = localStorage): void {
  storage.setItem(HINT_KEY, '1');
}
