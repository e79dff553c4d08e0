/**
 * The effects dialog: my camera as the others see it, then the tabs. Background: none, blur,
 * the images that ship with the product and my uploads (each deletable), and an upload tile.
 * Beautify: BeautyPanel ("New" until first opened). Avatar: AvatarPanel ("New" until first
 * opened). Magic Cam: MagicTab (starting it turns the background off). Sound: the microphone's
 * noise suppression and the voice changer. `useEffectsDialog`,
 * `useBeauty` and `useAvatar` hold the behaviour. Test hooks:
 * effects-dialog, effects-preview, effects-tab-background, beauty-tab, beauty-new, avatar-tab,
 * avatar-new, magic-tab,
 * effects-tab-sound, background-none, background-blur, background-image-<id> (aria-pressed when
 * chosen), background-delete-<id>, background-upload (the file input), effects-warning,
 * noise-suppression (the microphone's switch), voice-none / voice-deeper / voice-higher /
 * voice-robot (aria-pressed when chosen), voice-preview, effects-unavailable (the note in the
 * camera's tabs where this browser cannot run them).
 */
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { BACKGROUND_EXTENSIONS, type BackgroundImage, type BackgroundSetting } from '@meet/shared';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Dialog } from '../../ui/Dialog';
import { TrackVideo, useTrack } from '../room-core/media';
import { useRoomState } from '../room-core/RoomContext';
import { isSelected } from './background-setting';
import { Choice, EffectSwitch } from './EffectChoice';
import { BeautyPanel } from './BeautyPanel';
import { useBeauty } from './useBeauty';
import { AvatarPanel } from './AvatarPanel';
import { useAvatar } from './useAvatar';
import { MagicTab } from './MagicTab';
import { imageSetting, useEffectsDialog } from './useEffectsDialog';
import { VOICE_MODES } from '../../room-client/voice-effects';
import { noiseEngine } from '../../room-client/noise/noise-engine';
import { useEffectsOffered } from './useEffectsOffered';
import './effects.css';

const VOICE_LABELS = {
  none: 'room.effects.voiceNone',
  deeper: 'room.effects.voiceDeeper',
  higher: 'room.effects.voiceHigher',
  robot: 'room.effects.voiceRobot',
} as const;

const TABS = ['background', 'beauty', 'avatar', 'magic', 'sound'] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS = {
  background: 'room.effects.background',
  beauty: 'room.effects.tabBeauty',
  avatar: 'room.avatar.tab',
  magic: 'room.magic.tab',
  sound: 'room.effects.tabSound',
} as const;
const TAB_TEST_IDS = {
  background: 'effects-tab-background',
  beauty: 'beauty-tab',
  avatar: 'avatar-tab',
  magic: 'magic-tab',
  sound: 'effects-tab-sound',
} as const;

const ACCEPT = BACKGROUND_EXTENSIONS.map((ext) => `.${ext}`).join(',');

export function EffectsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const d = useEffectsDialog();
  // Which engine is behind the noise-suppression switch here (it does not change in a page).
  const [noise] = useState(noiseEngine);
  const beauty = useBeauty();
  const avatar = useAvatar();
  const [tab, setTab] = useState<Tab>('background');
  // AVATARS=off / VOICE_CHANGER=off on the server: that tab or section is not shown.
  const offered = useEffectsOffered();
  const tabs = TABS.filter((id) => id !== 'avatar' || offered.avatars);
  const select = (next: Tab) => {
    setTab(next);
    if (next === 'beauty') beauty.visit();
    if (next === 'avatar') avatar.visit();
  };
  // Arrow keys move between tabs, as in any tab list.
  const onTabKey = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length]!;
    select(next);
    document.getElementById(`effects-tab-${next}`)?.focus();
  };
  const meId = useRoomState((s) => s.me?.peerId);
  const camera = useTrack(meId ?? 'local', 'camera', 'video');
  const chosen = (choice: BackgroundSetting) => isSelected(d.setting, choice);
  // Without WebGL2 the camera's tabs hold a plain note; the Sound tab works everywhere.
  const shown: Tab | 'unavailable' = !d.videoEffects && tab !== 'sound' ? 'unavailable' : tab;

  const image = (b: BackgroundImage, index: number) => (
    <div key={b.id} className="effects-tile">
      <Choice
        testId={`background-image-${b.id}`}
        label={t(b.type === 'system' ? 'room.effects.systemImage' : 'room.effects.myImage', {
          n: index + 1,
        })}
        chosen={chosen(imageSetting(b))}
        onChoose={() => d.choose(imageSetting(b))}
      >
        <img src={b.viewImg} alt="" loading="lazy" draggable={false} />
      </Choice>
      {b.type === 'upload' && (
        <button
          type="button"
          className="effects-tile__delete"
          data-testid={`background-delete-${b.id}`}
          aria-label={t('room.effects.delete')}
          title={t('room.effects.delete')}
          onClick={() => d.askDelete(b)}
        >
          ×
        </button>
      )}
    </div>
  );

  return (
    <Dialog
      open
      title={t('room.effects.title')}
      onClose={onClose}
      closeLabel={t('common.close')}
      width={640}
    >
      <div className="effects" data-testid="effects-dialog">
        <div className="effects-preview" data-testid="effects-preview">
          <TrackVideo track={camera} mirror />
        </div>
        <div className="effects-warning" role="status" aria-live="polite">
          {d.warning && <span data-testid="effects-warning">{d.warning}</span>}
        </div>
        <div
          className="effects-tabs"
          role="tablist"
          aria-label={t('room.effects.title')}
          onKeyDown={onTabKey}
        >
          {tabs.map((id) => (
            <button
              key={id}
              id={`effects-tab-${id}`}
              type="button"
              role="tab"
              aria-selected={tab === id}
              aria-controls="effects-tabpanel"
              tabIndex={tab === id ? 0 : -1}
              data-testid={TAB_TEST_IDS[id]}
              className={`effects-tab${tab === id ? ' effects-tab--active' : ''}`}
              onClick={() => select(id)}
            >
              {t(TAB_LABELS[id])}
              {id === 'beauty' && beauty.isNew && (
                <span className="effects-tab__new" data-testid="beauty-new">
                  {t('room.effects.new')}
                </span>
              )}
              {id === 'avatar' && avatar.isNew && (
                <span className="effects-tab__new" data-testid="avatar-new">
                  {t('room.effects.new')}
                </span>
              )}
            </button>
          ))}
        </div>
        <div
          id="effects-tabpanel"
          className="effects-panel"
          role="tabpanel"
          aria-labelledby={`effects-tab-${tab}`}
        >
          {shown === 'unavailable' && (
            <p className="effects-unavailable" role="note" data-testid="effects-unavailable">
              {t('room.effects.unavailable')}
            </p>
          )}
          {shown === 'background' && (
            <>
              {/* AI honesty: the segmentation engine is named where its effect is chosen. */}
              <p className="effects-engine" data-testid="effects-engine">
                {t('room.effects.engine')}
              </p>
              <div className="effects-grid" aria-busy={!d.library}>
                <div className="effects-tile">
                  <Choice
                    testId="background-none"
                    label={t('room.effects.none')}
                    chosen={chosen({ status: 'none' })}
                    onChoose={() => d.choose({ status: 'none' })}
                    className="effects-choice--word"
                  >
                    <span aria-hidden>⊘</span>
                    <span>{t('room.effects.none')}</span>
                  </Choice>
                </div>
                <div className="effects-tile">
                  <Choice
                    testId="background-blur"
                    label={t('room.effects.blur')}
                    chosen={chosen({ status: 'blur' })}
                    onChoose={() => d.choose({ status: 'blur' })}
                    className="effects-choice--word effects-choice--blur"
                  >
                    <span aria-hidden>◍</span>
                    <span>{t('room.effects.blur')}</span>
                  </Choice>
                </div>
                {d.library?.systemBackground.map(image)}
                {d.library?.userBackground.map(image)}
                <div className="effects-tile">
                  <label
                    className={`effects-choice effects-choice--word effects-upload${d.uploading ? ' effects-upload--busy' : ''}`}
                    title={t('room.effects.uploadHint')}
                  >
                    <input
                      type="file"
                      accept={ACCEPT}
                      data-testid="background-upload"
                      disabled={d.uploading}
                      onChange={(e) => {
                        const file = e.target.files?.[0];
                        e.target.value = '';
                        if (file) d.upload(file);
                      }}
                    />
                    <span aria-hidden>+</span>
                    <span>
                      {d.uploading ? t('room.effects.uploading') : t('room.effects.upload')}
                    </span>
                  </label>
                </div>
              </div>
              <p className="effects-note">{t('room.effects.uploadHint')}</p>
            </>
          )}
          {shown === 'beauty' && <BeautyPanel beauty={beauty} />}
          {shown === 'avatar' && <AvatarPanel avatar={avatar} />}
          {shown === 'magic' && <MagicTab onStarted={() => d.choose({ status: 'none' })} />}
          {shown === 'sound' && (
            <>
              <h3 className="effects-heading">{t('room.effects.microphone')}</h3>
              <EffectSwitch
                testId="noise-suppression"
                label={t('room.effects.noiseSuppression')}
                checked={d.noiseSuppression}
                onChange={d.setNoiseSuppression}
              />
              <p className="effects-engine" data-testid="noise-engine" data-engine={noise}>
                {t(
                  noise === 'rnnoise'
                    ? 'room.effects.noiseEngineRnnoise'
                    : 'room.effects.noiseEngine',
                )}
              </p>
              {offered.voiceChanger && (
                <>
                  <h3 className="effects-heading">{t('room.effects.voice')}</h3>
                  <p className="effects-engine" data-testid="voice-engine">
                    {t('room.effects.voiceEngine')}
                  </p>
                  <div className="effects-voices" role="group" aria-label={t('room.effects.voice')}>
                    {VOICE_MODES.map((mode) => (
                      <button
                        key={mode}
                        type="button"
                        data-testid={`voice-${mode}`}
                        className={`effects-voice${d.voice === mode ? ' effects-voice--chosen' : ''}`}
                        aria-pressed={d.voice === mode}
                        onClick={() => d.chooseVoice(mode)}
                      >
                        {t(VOICE_LABELS[mode])}
                      </button>
                    ))}
                  </div>
                  <EffectSwitch
                    testId="voice-preview"
                    label={t('room.effects.voicePreview')}
                    checked={d.previewing}
                    disabled={d.voice === 'none'}
                    onChange={d.togglePreview}
                  />
                </>
              )}
            </>
          )}
        </div>
      </div>
      {d.deleting && (
        <ConfirmDialog
          title={t('room.effects.deleteTitle')}
          confirmLabel={t('room.effects.delete')}
          cancelLabel={t('common.cancel')}
          closeLabel={t('common.close')}
          danger
          onConfirm={d.confirmDelete}
          onClose={d.cancelDelete}
        >
          {t('room.effects.deleteConfirm')}
        </ConfirmDialog>
      )}
    </Dialog>
  );
}
