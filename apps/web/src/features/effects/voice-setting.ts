/** The voice changer's choice, remembered on this device like the background. */
import { VOICE_MODES, type VoiceMode } from '../../room-client/voice-effects';

const VOICE_KEY = 'meet.voiceSetting';

type Store = Pick<Storage, 'getItem' | 'setItem'>;

export function loadVoiceSetting(storage: Store = localStorage): VoiceMode {
  try {
    const value = storage.getItem(VOICE_KEY);
    return (VOICE_MODES as readonly string[]).includes(value ?? '') ? (value as VoiceMode) : 'none';
  } catch {
    return 'none';
  }
}

export function saveVoiceSetting(mode: VoiceMode, storage: Store = localStorage): void {
  try {
    storage.setItem(VOICE_KEY, mode);
  } catch {
    // Private mode or a full quota: the choice still applies to this meeting.
  }
}
