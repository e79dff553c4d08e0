/**
 * The voice changer in the microphone's menu, next to the devices: reachable with the camera off
 * (the effects dialog needs the camera on, as SPEC.md says). The same choice and remembered
 * setting as the dialog's Sound tab, applied at once to what is sent. Test hooks:
 * voice-menu-none / voice-menu-deeper / voice-menu-higher / voice-menu-robot (aria-checked).
 */
import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { VOICE_MODES, type VoiceMode } from '../../room-client/voice-effects';
import { CheckIcon } from '../room-core/room-icons';
import { useRoomClient } from '../room-core/RoomContext';
import { loadVoiceSetting, saveVoiceSetting } from './voice-setting';

const LABELS = {
  none: 'room.effects.voiceNone',
  deeper: 'room.effects.voiceDeeper',
  higher: 'room.effects.voiceHigher',
  robot: 'room.effects.voiceRobot',
} as const;

export function VoiceMenu({ onChosen }: { onChosen: () => void }) {
  const { t } = useTranslation();
  const client = useRoomClient();
  const [voice, setVoice] = useState<VoiceMode>(loadVoiceSetting);
  const choose = (mode: VoiceMode) => {
    setVoice(mode);
    saveVoiceSetting(mode);
    void client.setVoice(mode);
    onChosen();
  };
  return (
    <div className="room-menu__group">
      <div className="room-menu__title" title={t('room.effects.voiceEngine')}>
        {t('room.effects.voice')}
      </div>
      {VOICE_MODES.map((mode) => (
        <button
          key={mode}
          type="button"
          role="menuitemradio"
          aria-checked={voice === mode}
          data-testid={`voice-menu-${mode}`}
          className="room-menu__item"
          onClick={() => choose(mode)}
        >
          <span className="room-menu__check">{voice === mode && <CheckIcon size={18} />}</span>
          <span className="room-menu__label">{t(LABELS[mode])}</span>
        </button>
      ))}
    </div>
  );
}
