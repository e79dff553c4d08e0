/**
 * The host controls tab: microphones of everyone (mute all, force mute all, unmute all), the
 * meeting switches (lock, waiting room, screen sharing by participants) and ending the meeting
 * for everyone. A switch follows the click at once and falls back if the server refuses.
 * Test hooks: `mute-all`, `force-mute-all`, `unmute-all`, `input[name=lockRoom|waitingRoom|
 * screenShareAllowed]`, `end-meeting`, and `end-for-all` in its confirmation.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { CONF_MUTE } from '@meet/shared';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
// Captions (issue 10): captions for everyone, AI translation allowed.
import { CaptionsHostControls } from '../captions/CaptionsHostControls';
import { useRoomState } from '../room-core/RoomContext';
import { useEndForAll } from './useEndForAll';
import { useHostActions } from './useHostActions';

type SwitchName = 'lockRoom' | 'waitingRoom' | 'screenShareAllowed';

function Switch({
  name,
  checked,
  label,
  hint,
  onChange,
}: {
  name: SwitchName;
  checked: boolean;
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
        name={name}
        className="room-switch__input"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
    </label>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="room-controls__section">
      <h3 className="room-controls__title">{title}</h3>
      {children}
    </section>
  );
}

export function ControlsTab() {
  const { t } = useTranslation();
  const properties = useRoomState((s) => s.properties);
  const actions = useHostActions();
  const endForAll = useEndForAll();
  // The click's value until the server has answered, so the box does not jump back meanwhile.
  const [pending, setPending] = useState<Partial<Record<SwitchName, boolean>>>({});
  const [ending, setEnding] = useState(false);
  const [busy, setBusy] = useState(false);

  const apply = {
    lockRoom: actions.setLock,
    waitingRoom: actions.setWaitingRoom,
    screenShareAllowed: actions.setScreenShareAllowed,
  };
  const change = async (name: SwitchName, on: boolean) => {
    setPending((p) => ({ ...p, [name]: on }));
    await apply[name](on);
    setPending(({ [name]: _done, ...rest }) => rest);
  };
  const value = (name: SwitchName) => pending[name] ?? properties[name];

  const muteState =
    properties.confMute === CONF_MUTE.forced
      ? t('room.controls.stateForced')
      : properties.confMute === CONF_MUTE.muted
        ? t('room.controls.stateMuted')
        : t('room.controls.stateOpen');

  return (
    <div className="room-controls">
      <Section title={t('room.controls.microphones')}>
        <div className="room-controls__state" data-conf-mute={properties.confMute}>
          {muteState}
        </div>
        <div className="room-controls__buttons">
          <Button
            size="small"
            variant="secondary"
            data-testid="mute-all"
            onClick={() => void actions.muteAll(CONF_MUTE.muted)}
          >
            {t('room.controls.muteAll')}
          </Button>
          <Button
            size="small"
            variant="secondary"
            data-testid="force-mute-all"
            onClick={() => void actions.muteAll(CONF_MUTE.forced)}
          >
            {t('room.controls.forceMuteAll')}
          </Button>
          <Button
            size="small"
            variant="secondary"
            data-testid="unmute-all"
            onClick={() => void actions.muteAll(CONF_MUTE.off)}
          >
            {t('room.controls.unmuteAll')}
          </Button>
        </div>
        <div className="room-controls__hint">{t('room.controls.forceHint')}</div>
      </Section>
      <Section title={t('room.controls.meeting')}>
        <Switch
          name="lockRoom"
          checked={value('lockRoom')}
          label={t('room.controls.lock')}
          hint={t('room.controls.lockHint')}
          onChange={(on) => void change('lockRoom', on)}
        />
        <Switch
          name="waitingRoom"
          checked={value('waitingRoom')}
          label={t('room.controls.waitingRoom')}
          hint={t('room.controls.waitingRoomHint')}
          onChange={(on) => void change('waitingRoom', on)}
        />
        <Switch
          name="screenShareAllowed"
          checked={value('screenShareAllowed')}
          label={t('room.controls.screenShare')}
          hint={t('room.controls.screenShareHint')}
          onChange={(on) => void change('screenShareAllowed', on)}
        />
      </Section>
      <CaptionsHostControls />
      <Section title={t('room.controls.end')}>
        <Button
          size="small"
          className="btn--danger"
          data-testid="end-meeting"
          onClick={() => setEnding(true)}
        >
          {t('room.controls.endMeeting')}
        </Button>
      </Section>
      {ending && (
        <Dialog
          open
          title={t('room.controls.endTitle')}
          onClose={() => setEnding(false)}
          closeLabel={t('common.close')}
          width={400}
          footer={
            <>
              <Button variant="text" onClick={() => setEnding(false)}>
                {t('common.cancel')}
              </Button>
              <Button
                className="btn--danger"
                loading={busy}
                data-testid="end-for-all"
                data-autofocus
                onClick={() => {
                  setBusy(true);
                  void endForAll().then((done) => {
                    setBusy(false);
                    if (done) setEnding(false);
                  });
                }}
              >
                {t('room.controls.endForAll')}
              </Button>
            </>
          }
        >
          <p className="room-dialog__text">{t('room.controls.endBody')}</p>
        </Dialog>
      )}
    </div>
  );
}
