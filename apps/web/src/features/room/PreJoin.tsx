/**
 * The pre-join screen: camera preview, microphone level, device pickers and on/off toggles,
 * then "Join now". Choices are saved as the Settings record (localStorage `settings`).
 */
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { LOCAL_PEER_ID, type MediaDeviceInfoLike, type Settings } from '../../room-client/types';
import { TrackVideo, useTrack } from '../room-core/media';
import { CamIcon, CamOffIcon, MicIcon, MicOffIcon, SpeakerIcon } from '../room-core/room-icons';
// Background effects (issue 15).
import { loadBackgroundSetting } from '../effects/background-setting';
import { loadBeautySetting } from '../effects/beauty-setting';
import { loadVoiceSetting } from '../effects/voice-setting';
import { loadAvatarSetting } from '../effects/avatar-setting';
import { useOfferedOnly } from '../effects/useEffectsOffered';
import { useRoomClient, useRoomDispatch, useRoomState } from '../room-core/RoomContext';
import { saveSettings } from '../room-core/settings-storage';

function DeviceSelect({
  label,
  icon,
  devices,
  value,
  onChange,
  testId,
}: {
  label: string;
  icon: React.ReactNode;
  devices: MediaDeviceInfoLike[];
  value: string;
  onChange: (id: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const known = devices.some((d) => d.deviceId === value);
  return (
    <label className="prejoin-select">
      <span className="prejoin-select__icon">{icon}</span>
      <span className="room-sr-only">{label}</span>
      <select
        data-testid={testId}
        value={known ? value : (devices[0]?.deviceId ?? '')}
        onChange={(e) => onChange(e.target.value)}
        disabled={devices.length === 0}
      >
        {devices.length === 0 && <option value="">{t('room.prejoin.noDevice')}</option>}
        {devices.map((d, i) => (
          <option key={d.deviceId || i} value={d.deviceId}>
            {d.label ||
              (d.deviceId === 'default' ? t('room.prejoin.defaultDevice') : `${label} ${i + 1}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

export function PreJoin({
  displayName,
  onJoin,
  onCancel,
  extras,
}: {
  displayName: string;
  onJoin: () => void;
  onCancel: () => void;
  extras?: ReactNode;
}) {
  const { t } = useTranslation();
  const client = useRoomClient();
  useOfferedOnly(client);
  const dispatch = useRoomDispatch();
  const settings = useRoomState((s) => s.settings);
  const devices = useRoomState((s) => s.devices);
  const level = useRoomState((s) => s.volumes[LOCAL_PEER_ID] ?? 0);
  const video = useTrack(LOCAL_PEER_ID, 'camera', 'video');
  const audio = useTrack(LOCAL_PEER_ID, 'camera', 'audio');

  const update = (patch: Partial<Settings>) => {
    const next = { ...settings, ...patch };
    dispatch({ type: 'settings', settings: patch });
    saveSettings(next);
    return next;
  };

  const preview = (s: Settings) =>
    client.startPreview({
      audio: s.audioEnabled,
      video: s.videoEnabled,
      audioInputId: s.audioID || undefined,
      videoInputId: s.videoID || undefined,
      audioOutputId: s.audioOutputID || undefined,
      noiseSuppression: s.noiseSuppression,
    });

  useEffect(() => {
    // The remembered background is on from the first preview frame, so nobody sees the room;
    // the remembered avatar likewise, so the camera's picture is never sent.
    void client.setBackground(loadBackgroundSetting());
    void client.setBeauty(loadBeautySetting());
    void client.setAvatar(loadAvatarSetting());
    void client.setVoice(loadVoiceSetting());
    void preview(settings);
    // Only the first choice opens the preview; later changes go through the handlers below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client]);

  const cameraOn = settings.videoEnabled;
  const micOn = settings.audioEnabled;
  const bars = Math.min(10, Math.round(level / 10));

  return (
    <div className="prejoin">
      <div className="prejoin__preview-col">
        <div className="prejoin__preview" data-testid="prejoin-preview">
          {cameraOn && video ? (
            <TrackVideo track={video} mirror />
          ) : (
            <div className="prejoin__off">
              <Avatar name={displayName} size={96} />
              <span>
                {cameraOn ? t('room.prejoin.cameraStarting') : t('room.prejoin.cameraOff')}
              </span>
            </div>
          )}
          <div className="prejoin__name">{displayName}</div>
          <div className="prejoin__toggles">
            <button
              type="button"
              data-testid="toggle-mic"
              aria-pressed={micOn}
              className={`room-btn room-btn--round${micOn ? '' : ' room-btn--off'}`}
              aria-label={micOn ? t('room.toolbar.micOn') : t('room.toolbar.micOff')}
              title={micOn ? t('room.toolbar.micOn') : t('room.toolbar.micOff')}
              onClick={() => void preview(update({ audioEnabled: !micOn }))}
            >
              {micOn ? <MicIcon /> : <MicOffIcon />}
            </button>
            <button
              type="button"
              data-testid="toggle-camera"
              aria-pressed={cameraOn}
              className={`room-btn room-btn--round${cameraOn ? '' : ' room-btn--off'}`}
              aria-label={cameraOn ? t('room.toolbar.cameraOn') : t('room.toolbar.cameraOff')}
              title={cameraOn ? t('room.toolbar.cameraOn') : t('room.toolbar.cameraOff')}
              onClick={() => void preview(update({ videoEnabled: !cameraOn }))}
            >
              {cameraOn ? <CamIcon /> : <CamOffIcon />}
            </button>
          </div>
          <div
            className="prejoin__level"
            role="meter"
            aria-label={t('room.prejoin.level')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={micOn && audio ? Math.round(level) : 0}
          >
            {Array.from({ length: 10 }, (_, i) => (
              <span key={i} className={i < (micOn && audio ? bars : 0) ? 'on' : ''} />
            ))}
          </div>
        </div>
        <div className="prejoin__devices">
          <DeviceSelect
            label={t('room.prejoin.microphone')}
            icon={<MicIcon size={20} />}
            devices={devices.audioInputs}
            value={settings.audioID}
            testId="prejoin-audio-input"
            onChange={(id) => {
              update({ audioID: id });
              void client.switchDevice({ audioInputId: id });
            }}
          />
          <DeviceSelect
            label={t('room.prejoin.speaker')}
            icon={<SpeakerIcon size={20} />}
            devices={devices.audioOutputs}
            value={settings.audioOutputID}
            testId="prejoin-audio-output"
            onChange={(id) => {
              update({ audioOutputID: id });
              void client.switchDevice({ audioOutputId: id });
            }}
          />
          <DeviceSelect
            label={t('room.prejoin.camera')}
            icon={<CamIcon size={20} />}
            devices={devices.videoInputs}
            value={settings.videoID}
            testId="prejoin-video-input"
            onChange={(id) => {
              update({ videoID: id });
              void client.switchDevice({ videoInputId: id });
            }}
          />
        </div>
      </div>
      <div className="prejoin__join">
        <h1 className="prejoin__title">{t('room.prejoin.title')}</h1>
        <p className="prejoin__as">{t('room.prejoin.as', { name: displayName })}</p>
        <Button data-testid="join-now" onClick={onJoin} className="prejoin__button">
          {t('room.prejoin.joinNow')}
        </Button>
        <Button variant="text" data-testid="prejoin-leave" onClick={onCancel}>
          {t('room.prejoin.leave')}
        </Button>
        {extras && <div className="prejoin__extras">{extras}</div>}
      </div>
    </div>
  );
}
