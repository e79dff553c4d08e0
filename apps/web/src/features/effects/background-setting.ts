/**
 * What the effects dialog remembers on this device (SPEC.md section 3, "Background setting"),
 * the upload rules checked before sending (section 5), and the "New" hint of the entry (section
 * 4, feature hints are new until visited). Pure apart from the storage it is handed.
 */
import {
  BACKGROUND_EXTENSIONS,
  BACKGROUND_MAX_BYTES,
  type BackgroundSetting,
  type ErrorKey,
} from '@meet/shared';

const SETTING_KEY = 'meet.backgroundSetting';
const HINT_KEY = 'meet.hint.effects';
export const NO_BACKGROUND: BackgroundSetting = { status: 'none' };

type Store = Pick<Storage, 'getItem' | 'setItem'>;

export function loadBackgroundSetting(storage: Store = localStorage): BackgroundSetting {
  try {
    const value = JSON.parse(storage.getItem(SETTING_KEY) ?? 'null') as BackgroundSetting | null;
    if (value?.status === 'blur') return { status: 'blur' };
    if (value?.status === 'image' && typeof value.viewImg === 'string' && value.viewImg)
      return { status: 'image', id: String(value.id ?? ''), viewImg: value.viewImg };
  } catch {
    // A damaged entry is the same as none.
  }
  return NO_BACKGROUND;
}

export function saveBackgroundSetting(setting: BackgroundSetting, storage: Store = localStorage) {
  storage.setItem(SETTING_KEY, JSON.stringify(setting));
}

/** The catalogue key that refuses this file, or null when it may be uploaded. */
export function uploadRefusal(file: { name: string; size: number }): ErrorKey | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!file.name.includes('.') || !(BACKGROUND_EXTENSIONS as readonly string[]).includes(ext))
    return 'backgroundType';
  if (file.size >= BACKGROUND_MAX_BYTES) return 'fileNotExceed2M';
  return null;
}

/** The setting after deleting `id`: deleting the active image resets to none. */
export function afterDelete(setting: BackgroundSetting, id: string): BackgroundSetting {
  return setting.status === 'image' && setting.id === id ? NO_BACKGROUND : setting;
}

export function isSelected(setting: BackgroundSetting, choice: BackgroundSetting): boolean {
  if (setting.status !== choice.status) return false;
  return setting.status !== 'image' || setting.id === choice.id;
}

export function effectsHintVisited(storage: Store = localStorage): boolean {
  return storage.getItem(HINT_KEY) === '1';
}

export function visitEffectsHint(storage: Store = localStorage): void {
  storage.setItem(HINT_KEY, '1');
}
