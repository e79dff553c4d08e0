/**
 * The phone's bottom bar (issue 28): microphone, camera, flip camera (front ↔ back, only with
 * more than one camera), "more" (the sheet with chat, people, hand, reactions, captions) and
 * leave — big touch targets, clear of the home indicator. No screen share: a phone cannot offer
 * one. `useRoomControls` and `useFlipCamera` hold the behaviour; this file is markup. Test hooks:
 * `mobile-bar`, `toggle-mic`, `toggle-camera` (aria-pressed, aria-disabled while the host holds
 * them), `flip-camera`, `mobile-more` (aria-expanded, with `mobile-more-unread`), `leave`.
 */
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { icon, MoreIcon } from '../../ui/icons';
import { CamIcon, CamOffIcon, MicIcon, MicOffIcon } from '../room-core/room-icons';
import { LeaveButton } from './LeaveButton';
import { useFlipCamera } from './useFlipCamera';
import type { RoomControls } from './useRoomControls';

/** A phone's front ↔ back camera switch. */
const FlipCameraIcon = icon(
  'M16 7h-1l-1-1h-4L9 7H8c-1.1 0-2 .9-2 2v6c0 1.1.9 2 2 2h8c1.1 0 2-.9 2-2V9c0-1.1-.9-2-2-2zm-4 7c-1.1 0-2-.9-2-2s.9-2 2-2 2 .9 2 2-.9 2-2 2zM8.57.51l4.48 4.48V2.04c4.72.47 8.48 4.23 8.95 8.95h2C23.34 4.96 17.82-.02 11.13.02c-.86 0-1.7.1-2.56.49zM11 21.96c-4.72-.47-8.48-4.23-8.95-8.95H.05c.66 6.03 6.18 11.01 12.87 10.97.86 0 1.7-.1 2.56-.49L11 19.01v2.95z',
);

export function MobileControls({
  controls: c,
  moreOpen,
  onMore,
  info,
}: {
  controls: RoomControls;
  moreOpen: boolean;
  onMore: () => void;
  /** The meeting's details, at the bar's start (a phone on its side). */
  info?: ReactNode;
}) {
  const { t } = useTranslation();
  const flip = useFlipCamera();
  const micLabel = c.micOn ? t('room.toolbar.micOn') : t('room.toolbar.micOff');
  const camLabel = c.cameraOn ? t('room.toolbar.cameraOn') : t('room.toolbar.cameraOff');
  return (
    <footer
      className={`room-mobile-bar${info ? ' room-mobile-bar--info' : ''}`}
      data-testid="mobile-bar"
    >
      {info && <div className="room-mobile-bar__info">{info}</div>}
      <div className="room-mobile-bar__buttons">
        <button
          type="button"
          data-testid="toggle-mic"
          aria-pressed={c.micOn}
          aria-disabled={c.micHeld || undefined}
          className={`room-btn${c.micOn ? '' : ' room-btn--off'}${c.micHeld ? ' room-btn--held' : ''}`}
          aria-label={micLabel}
          title={c.micHeld ? t('room.errors.forceMuted') : micLabel}
          onClick={c.toggleMic}
        >
          {c.micOn ? <MicIcon /> : <MicOffIcon />}
        </button>
        <button
          type="button"
          data-testid="toggle-camera"
          aria-pressed={c.cameraOn}
          aria-disabled={c.cameraHeld || undefined}
          className={`room-btn${c.cameraOn ? '' : ' room-btn--off'}${c.cameraHeld ? ' room-btn--held' : ''}`}
          aria-label={camLabel}
          title={c.cameraHeld ? t('room.errors.videoDisabled') : camLabel}
          onClick={c.toggleCamera}
        >
          {c.cameraOn ? <CamIcon /> : <CamOffIcon />}
        </button>
        {flip.offered && (
          <button
            type="button"
            data-testid="flip-camera"
            className="room-btn"
            aria-label={t('room.mobile.flipCamera')}
            title={t('room.mobile.flipCamera')}
            disabled={flip.disabled}
            onClick={flip.flip}
          >
            <FlipCameraIcon />
          </button>
        )}
        <button
          type="button"
          data-testid="mobile-more"
          aria-haspopup="dialog"
          aria-expanded={moreOpen}
          className={`room-btn${moreOpen ? ' room-btn--active' : ''}`}
          aria-label={
            c.unread > 0 ? t('room.mobile.moreUnread', { count: c.unread }) : t('room.mobile.more')
          }
          title={t('room.mobile.more')}
          onClick={onMore}
        >
          <MoreIcon />
          {c.unread > 0 && (
            <span className="room-btn__badge" data-testid="mobile-more-unread" aria-hidden="true">
              {c.unread > 99 ? '99+' : c.unread}
            </span>
          )}
        </button>
        <LeaveButton />
      </div>
    </footer>
  );
}
