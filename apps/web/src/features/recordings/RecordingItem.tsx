/**
 * One recording in the Home list: preview (with its duration), name, date, size, and where its
 * processing is; it opens /rec/{id}. The owner renames or deletes it; a recording shared with me
 * can be taken off my list. Test hooks: `record-item` (data-record-id, data-status),
 * `record-open`, `record-meta`, `record-status`, `record-progress` (role progressbar), `record-rename`,
 * `record-delete`, `record-remove-shared`.
 */
import { useTranslation } from '../../i18n/useTranslation';
import { Link } from 'react-router';
import type { RecordListItem } from '@meet/shared';
import { IconButton } from '../../ui/Button';
import { EditIcon, RecordIcon } from '../../ui/icons';
import { formatClock } from './record-rules';
import { useTimezone } from '../meetings/useTimezone';
import { formatDateTime, formatSize, processingStage } from './recording-format';
import { AudioFileIcon, DeleteIcon } from './recording-icons';

function Status({ item }: { item: RecordListItem }) {
  const { t } = useTranslation();
  if (item.status === 'ready') return null;
  const stage = processingStage(item.stage);
  if (item.status === 'processing')
    return (
      <div className="record-item__status" data-testid="record-status" data-status="processing">
        <span>
          {t('recordings.list.processing', { progress: Math.round(item.progress) })}
          {stage && (
            <span className="record-item__stage"> · {t(`recordings.list.stage.${stage}`)}</span>
          )}
        </span>
        <div
          className="record-progress"
          role="progressbar"
          aria-label={t('recordings.list.progressLabel')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(item.progress)}
          data-testid="record-progress"
        >
          <div className="record-progress__bar" style={{ width: `${item.progress}%` }} />
        </div>
      </div>
    );
  return (
    <div
      className={`record-item__status record-item__status--${item.status}`}
      data-testid="record-status"
      data-status={item.status}
    >
      {item.status === 'recording' ? t('recordings.list.recording') : t('recordings.list.failed')}
    </div>
  );
}

export function RecordingItem({
  item,
  onRename,
  onDelete,
}: {
  item: RecordListItem;
  onRename(item: RecordListItem): void;
  onDelete(item: RecordListItem): void;
}) {
  const { t, i18n } = useTranslation();
  const [timezone] = useTimezone();
  const href = `/rec/${encodeURIComponent(item.recordId)}`;
  const audioOnly = item.recordType === 'audio';
  return (
    <li
      className="record-item"
      data-testid="record-item"
      data-record-id={item.recordId}
      data-status={item.status}
    >
      <Link to={href} className="record-item__preview" tabIndex={-1} aria-hidden="true">
        {item.previewImg && !audioOnly ? (
          <img src={item.previewImg} alt="" loading="lazy" />
        ) : (
          <span className="record-item__placeholder">
            {audioOnly ? <AudioFileIcon size={32} /> : <RecordIcon size={32} />}
          </span>
        )}
        {item.duration > 0 && (
          <span className="record-item__duration">{formatClock(item.duration)}</span>
        )}
      </Link>
      <div className="record-item__main">
        <div className="record-item__title-row">
          <Link to={href} className="record-item__name" data-testid="record-open">
            {item.name}
          </Link>
          {audioOnly && <span className="badge">{t('recordings.list.audioOnly')}</span>}
          {!item.isOwner && <span className="badge">{t('recordings.list.sharedWithMe')}</span>}
        </div>
        <p className="record-item__meta" data-testid="record-meta">
          {[
            formatDateTime(item.startTime, i18n.language, timezone),
            item.duration > 0 ? formatClock(item.duration) : null,
            item.size > 0 ? formatSize(item.size) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        <Status item={item} />
      </div>
      <div className="record-item__actions">
        {item.isOwner ? (
          <>
            <IconButton
              aria-label={t('recordings.list.rename')}
              title={t('recordings.list.rename')}
              data-testid="record-rename"
              onClick={() => onRename(item)}
            >
              <EditIcon size={20} />
            </IconButton>
            <IconButton
              aria-label={t('recordings.list.delete')}
              title={t('recordings.list.delete')}
              data-testid="record-delete"
              disabled={item.status === 'recording'}
              onClick={() => onDelete(item)}
            >
              <DeleteIcon size={20} />
            </IconButton>
          </>
        ) : (
          <IconButton
            aria-label={t('recordings.list.removeShared')}
            title={t('recordings.list.removeShared')}
            data-testid="record-remove-shared"
            onClick={() => onDelete(item)}
          >
            <DeleteIcon size={20} />
          </IconButton>
        )}
      </div>
    </li>
  );
}
