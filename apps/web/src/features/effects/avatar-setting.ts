/**
 * The avatar chosen on this device, remembered like the other effect settings (SPEC.md section
 * 3's local storage), and the "New" hint of the Avatar tab (section 4: feature hints are new until
 * visited).
 */
import { isAvatarId, type AvatarId } from '@meet/shared';

const SETTING_KEY = 'meet.avatarSetting';

/** The room's error keys after which the avatar is off (failed, or Magic Cam took over). */
export const AVATAR_ENDED: ReadonlySet<string> = new Set([
  'avatarEffectsFailed',
  'avatarEndedByMagic',
]);
const HINT_KEY = 'meet.hint.avatar';

type Store = Pick<Storage, 'getItem' | 'setItem'>;

/** The remembered character; none (the camera) when nothing, or nothing known, is stored. */
export function loadAvatarSetting(storage: Store = localStorage): AvatarId | null {
  try {
    const stored: unknown = JSON.parse(storage.getItem(SETTING_KEY) ?? 'null');
    const id = stored && typeof stored === 'object' ? (stored as { id?: unknown }).id : null;
    // A character a later version no longer ships is the same as none.
    return isAvatarId(id) ? id : null;
  } catch {
    return null;
  }
}

export function saveAvatarSetting(id: AvatarId | null, storage: Store = localStorage): void {
  try {
    storage.setItem(SETTING_KEY, JSON.stringify({ id }));
  } catch {
    // Private mode or a full quota: the choice still applies to this meeting.
  }
}

export function avatarHintVisited(storage: Store = localStorage): boolean {
  return storage.getItem(HINT_KEY) === '1';
}

export function visitAvatarHint(storage: Store = localStorage): void {
  try {
    storage.setItem(HINT_KEY, '1');
  } catch {
    // The hint shows again next time: harmless.
  }
}
