/**
 * The host's record button in the toolbar and its popover (SPEC.md section 2, "record
 * popover"): audio or video (video locked with the Pro note and Upgrade on a plan without it),
 * the recording layout for video (speech or grid), Start; while recording, the elapsed time and
 * Stop. Members who are not host get no button (they see the indicator). `useRoomRecord` holds
 * the behaviour; this file is markup. Test hooks: `record-button` (aria-pressed while
 * recording), `record-popover`, `record-type-audio|video`, `record-layout-speech|grid`,
 * `record-pro-note`, `record-upgrade`, `record-start`, `record-stop`.
 */
import { useTranslation } from '../../i18n/useTranslation';
import type { RecordLayout } from '@meet/shared';
import { Button } from '../../ui/Button';
import { RecordIcon } from '../../ui/icons';
import { Popover, usePopover } from '../../ui/Popover';
import { StopRecordIcon } from './recording-icons';
import { useRecordingElapsed } from './useRecordingElapsed';
import { useRoomRecord } from './useRoomRecord';
import { useToolbarItem } from '../room/toolbar/toolbar-slots';
import './room-record.css';

/** A small picture of the layout: one large tile and a column, or a 3×3 grid. */
function LayoutThumb({ layout }: { layout: RecordLayout }) {
  const tiles = layout === 'speech' ? 6 : 9;
  return (
    <span className={`record-thumb record-thumb--${layout}`} aria-hidden="true">
      {Array.from({ length: tiles }, (_, i) => (
        <span key={i} className="record-thumb__tile" />
      ))}
    </span>
  );
}

function Running({ r, onStopped }: { r: ReturnType<typeof useRoomRecord>; onStopped(): void }) {
  const { t } = useTranslation();
  const elapsed = useRecordingElapsed();
  return (
    <>
      <p className="record-menu__live">
        <span className="recording-indicator__dot" aria-hidden="true" />
        {t(`recordings.room.running.${r.recordingType}`)}
        <span className="record-menu__elapsed">{elapsed}</span>
      </p>
      <p className="record-menu__note">{t('recordings.room.runningHint')}</p>
      <Button
        className="btn--danger"
        block
        data-testid="record-stop"
        loading={r.busy}
        disabled={!r.connected}
        onClick={() => void r.stop().then((ok) => ok && onStopped())}
      >
        {t('recordings.room.stop')}
      </Button>
    </>
  );
}

function Choose({ r, onStarted }: { r: ReturnType<typeof useRoomRecord>; onStarted(): void }) {
  const { t } = useTranslation();
  if (r.menu.kind !== 'start') return null;
  const { menu, choice } = r;
  const videoLocked = menu.video === 'pro';
  return (
    <>
      <fieldset className="record-menu__group">
        <legend className="record-menu__legend">{t('recordings.room.what')}</legend>
        <label className="record-option">
          <input
            type="radio"
            name="record-type"
            value="audio"
            data-testid="record-type-audio"
            checked={choice.recordType === 'audio'}
            disabled={!menu.audio || menu.loading}
            onChange={() => r.choose({ recordType: 'audio' })}
          />
          <span className="record-option__text">
            <span className="record-option__name">{t('recordings.room.audio')}</span>
            <span className="record-option__hint">{t('recordings.room.audioHint')}</span>
          </span>
        </label>
        <label className={`record-option${videoLocked ? ' record-option--locked' : ''}`}>
          <input
            type="radio"
            name="record-type"
            value="video"
            data-testid="record-type-video"
            checked={choice.recordType === 'video'}
            disabled={videoLocked || menu.loading}
            onChange={() => r.choose({ recordType: 'video' })}
          />
          <span className="record-option__text">
            <span className="record-option__name">
              {t('recordings.room.video')}
              {videoLocked && <span className="badge badge--pro">{t('home.badgePro')}</span>}
            </span>
            <span className="record-option__hint">{t('recordings.room.videoHint')}</span>
          </span>
        </label>
      </fieldset>
      {!menu.loading && videoLocked && (
        <div className="record-menu__pro" data-testid="record-pro-note">
          <span>{t('errors.videoRecordPro')}</span>
          <Button size="small" data-testid="record-upgrade" onClick={r.upgrade}>
            {t('home.upgrade')}
          </Button>
        </div>
      )}
      {!menu.loading && !menu.audio && (
        <p className="record-menu__note">{t('recordings.room.audioUnavailable')}</p>
      )}
      {choice.recordType === 'video' && (
        <fieldset className="record-menu__group">
          <legend className="record-menu__legend">{t('recordings.room.layout')}</legend>
          <div className="record-layouts">
            {(['speech', 'grid'] as const).map((layout) => (
              <label key={layout} className="record-layout">
                <input
                  type="radio"
                  name="record-layout"
                  value={layout}
                  data-testid={`record-layout-${layout}`}
                  checked={choice.layout === layout}
                  onChange={() => r.choose({ layout })}
                />
                <LayoutThumb layout={layout} />
                <span className="record-option__name">{t(`recordings.room.${layout}`)}</span>
                <span className="record-option__hint">{t(`recordings.room.${layout}Hint`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <Button
        block
        data-testid="record-start"
        loading={r.busy || menu.loading}
        disabled={!r.canStart}
        onClick={() => void r.start().then((ok) => ok && onStarted())}
      >
        {t('recordings.room.start')}
      </Button>
    </>
  );
}

export function RoomRecordButton() {
  const { t } = useTranslation();
  const popover = usePopover();
  const r = useRoomRecord();
  const slot = useToolbarItem('record');
  if (r.menu.kind === 'hidden') return null;
  const label = r.recording ? t('recordings.room.stop') : t('recordings.room.title');
  return slot.place(
    <div {...popover.anchorProps}>
      <button
        type="button"
        data-testid="record-button"
        aria-pressed={r.recording}
        className={`room-btn${r.recording ? ' room-btn--recording' : ''}`}
        aria-label={label}
        title={label}
        {...popover.triggerProps}
        {...slot.item()}
      >
        {r.recording ? <StopRecordIcon /> : <RecordIcon />}
        {slot.label(label)}
      </button>
      {popover.open && (
        <Popover label={t('recordings.room.title')} className="room-menu record-menu">
          <div className="record-menu__body" data-testid="record-popover">
            <div className="record-menu__title">{t('recordings.room.title')}</div>
            {r.menu.kind === 'stop' ? (
              <Running r={r} onStopped={popover.close} />
            ) : (
              <Choose r={r} onStarted={popover.close} />
            )}
          </div>
        </Popover>
      )}
    </div>,
  );
}
