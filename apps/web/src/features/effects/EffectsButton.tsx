/**
 * The toolbar's effects button: opens the effects dialog (lazily loaded), with a "New" badge
 * until it has been opened once. With the camera off it shows the camera access error instead
 * (and a dialog already open closes). It also applies the remembered background, beauty
 * filters and avatar on entering the room, and forgets each when it fails. Test hooks: effects-button,
 * effects-new.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { NO_BEAUTY } from '@meet/shared';
import { icon } from '../../ui/icons';
import { toast } from '../../ui/toast-store';
import { useTrack } from '../room-core/media';
import { useRoomClient, useRoomState } from '../room-core/RoomContext';
import {
  NO_BACKGROUND,
  effectsHintVisited,
  loadBackgroundSetting,
  saveBackgroundSetting,
  visitEffectsHint,
} from './background-setting';
import { loadBeautySetting, saveBeautySetting } from './beauty-setting';
import { AVATAR_ENDED, loadAvatarSetting, saveAvatarSetting } from './avatar-setting';
import { useMagicCamInRoom } from './useMagicCam';
import { useOfferedOnly } from './useEffectsOffered';
import { useToolbarItem } from '../room/toolbar/toolbar-slots';
import './effects.css';

const EffectsDialog = lazy(() =>
  import('./EffectsDialog').then((m) => ({ default: m.EffectsDialog })),
);

const EffectsIcon = icon(
  'M12 2a5 5 0 1 1 0 10 5 5 0 0 1 0-10zm0 12c5.33 0 8 2.67 8 4v2H4v-2c0-1.33 2.67-4 8-4zM4 2h3v2H4v3H2V4a2 2 0 0 1 2-2zm16 0a2 2 0 0 1 2 2v3h-2V4h-3V2h3z',
);

export function EffectsButton() {
  const { t } = useTranslation();
  const client = useRoomClient();
  useOfferedOnly(client);
  const meId = useRoomState((s) => s.me?.peerId);
  const cameraOn = !!useTrack(meId ?? 'local', 'camera', 'video');
  const [open, setOpen] = useState(false);
  const slot = useToolbarItem('effects');
  const [visited, setVisited] = useState(effectsHintVisited);
  // Magic Cam outlives the dialog: its stops are told and its use remembered from here.
  useMagicCamInRoom();

  useEffect(() => {
    void client.setBackground(loadBackgroundSetting());
    void client.setBeauty(loadBeautySetting());
    void client.setAvatar(loadAvatarSetting());
    return client.on('error', (key) => {
      if (key === 'backgroundEffectsFailed') saveBackgroundSetting(NO_BACKGROUND);
      if (key === 'beautyEffectsFailed') saveBeautySetting(NO_BEAUTY);
      if (AVATAR_ENDED.has(key)) saveAvatarSetting(null);
    });
  }, [client]);

  useEffect(() => {
    if (open && !cameraOn) {
      setOpen(false);
      toast.error(t('room.effects.cameraError'));
    }
  }, [open, cameraOn, t]);

  const onClick = () => {
    if (!visited) {
      visitEffectsHint();
      setVisited(true);
    }
    if (!cameraOn) return toast.error(t('room.effects.cameraError'));
    setOpen(true);
  };

  return (
    <>
      {slot.place(
        <button
          type="button"
          data-testid="effects-button"
          className="room-btn effects-btn"
          // The "New" badge is visible text, so it is part of the name too.
          aria-label={
            visited ? t('room.effects.open') : `${t('room.effects.open')} ${t('room.effects.new')}`
          }
          title={t('room.effects.open')}
          onClick={onClick}
          {...slot.item()}
        >
          <EffectsIcon />
          {slot.label(t('room.effects.open'))}
          {!visited && (
            <span className="effects-btn__new" data-testid="effects-new">
              {t('room.effects.new')}
            </span>
          )}
        </button>,
      )}
      {open && (
        <Suspense fallback={null}>
          <EffectsDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
