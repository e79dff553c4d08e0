/**
 * The host's caption switches in the controls tab: captions for everyone (off also keeps
 * participants from turning them on) and whether participants may use AI translation. A switch
 * follows the click at once and falls back if the server refuses. Test hooks: the inputs
 * `captions-for-all` and `allow-translation`.
 */
import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { useCaptions } from './CaptionsContext';
import { useCaptionActions } from './useCaptionActions';

type Name = 'forAll' | 'allowTranslation';

function Switch({
  testId,
  checked,
  disabled,
  label,
  hint,
  onChange,
}: {
  testId: string;
  checked: boolean;
  disabled: boolean;
  label: string;
  hint: string;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className="room-switch">
      <span className="room-switch__text">
        <span className="room-switch__label">{label}</span>
        <span className="room-switch__hint">{hint}</span>
      </span>
      <input
        type="checkbox"
        role="switch"
        className="room-switch__input"
        data-testid={testId}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
    </label>
  );
}

export function CaptionsHostControls() {
  const { t } = useTranslation();
  const actions = useCaptionActions();
  const meeting = useCaptions((s) => s.meeting);
  const [pending, setPending] = useState<Partial<Record<Name, boolean>>>({});
  const apply = {
    forAll: actions.setCaptionsForAll,
    allowTranslation: actions.setTranslateAllowed,
  };
  const change = async (name: Name, on: boolean) => {
    setPending((p) => ({ ...p, [name]: on }));
    await apply[name](on);
    setPending(({ [name]: _done, ...rest }) => rest);
  };
  const forAll = pending.forAll ?? (meeting?.asrStatus === 1 && !meeting.locked);
  const allowTranslation = pending.allowTranslation ?? !!meeting?.translateAllowed;
  return (
    <section className="room-controls__section">
      <h3 className="room-controls__title">{t('room.captions.host.title')}</h3>
      <Switch
        testId="captions-for-all"
        checked={forAll}
        disabled={!meeting}
        label={t('room.captions.host.forAll')}
        hint={t('room.captions.host.forAllHint')}
        onChange={(on) => void change('forAll', on)}
      />
      <Switch
        testId="allow-translation"
        checked={allowTranslation}
        disabled={!meeting}
        label={t('room.captions.host.allowTranslation')}
        hint={t('room.captions.host.allowTranslationHint')}
        onChange={(on) => void change('allowTranslation', on)}
      />
    </section>
  );
}
