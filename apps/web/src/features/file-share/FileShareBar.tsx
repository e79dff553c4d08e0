/**
 * While I share a file: what I share, Pause/Play for a video (for everyone), and Stop. Test
 * hooks: `file-share-bar`, `file-share-pause` (aria-pressed while paused), `file-share-stop`.
 */
import { useTranslation } from '../../i18n/useTranslation';
import { useFileShare } from './useFileShare';
import './file-share.css';

export function FileShareBar() {
  const { t } = useTranslation();
  const f = useFileShare();
  if (!f.state) return null;
  return (
    <div
      className="file-share-bar"
      data-testid="file-share-bar"
      role="region"
      aria-label={t('room.fileShare.sharing')}
    >
      <span>
        {t(
          f.state.kind === 'video' ? 'room.fileShare.sharingVideo' : 'room.fileShare.sharingImage',
        )}
      </span>
      {f.state.kind === 'video' && (
        <button
          type="button"
          className="file-share-bar__btn"
          data-testid="file-share-pause"
          aria-pressed={f.state.paused}
          onClick={f.togglePause}
        >
          {f.state.paused ? t('room.fileShare.play') : t('room.fileShare.pause')}
        </button>
      )}
      <button
        type="button"
        className="file-share-bar__btn file-share-bar__btn--stop"
        data-testid="file-share-stop"
        onClick={f.stop}
      >
        {t('room.fileShare.stop')}
      </button>
    </div>
  );
}
