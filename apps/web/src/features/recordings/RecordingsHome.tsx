/**
 * Home › Recordings (/home/recording): the storage I use of my quota, then my recordings and
 * those shared with me, newest first, with more on request. Test hooks: `recordings-list`,
 * `storage-usage` (data-used, data-quota), `recordings-more`, plus RecordingItem's.
 */
import { useTranslation } from '../../i18n/useTranslation';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState } from '../../ui/EmptyState';
import { WarningIcon } from '../../ui/icons';
import { RecordingItem } from './RecordingItem';
import { RecordingsEmpty } from './RecordingsEmpty';
import { formatSize, usedPercent } from './recording-format';
import { RenameRecordingDialog } from './RenameRecordingDialog';
import { useRecordingsHome } from './useRecordingsHome';
import './recordings.css';

function StorageUsage({ usedBytes, quotaBytes }: { usedBytes: number; quotaBytes: number }) {
  const { t } = useTranslation();
  const percent = usedPercent(usedBytes, quotaBytes);
  const full = usedBytes >= quotaBytes;
  return (
    <div
      className={`storage-usage${full ? ' storage-usage--full' : ''}`}
      data-testid="storage-usage"
      data-used={usedBytes}
      data-quota={quotaBytes}
    >
      <div className="storage-usage__text">
        <span>
          {t('recordings.list.storage', {
            used: formatSize(usedBytes),
            quota: formatSize(quotaBytes),
          })}
        </span>
        {full && <span className="storage-usage__full">{t('recordings.list.storageFull')}</span>}
      </div>
      <div
        className="storage-usage__track"
        role="meter"
        aria-label={t('recordings.list.storageLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="storage-usage__bar" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

export function RecordingsHome() {
  const { t } = useTranslation();
  const home = useRecordingsHome();
  const { dialog } = home;
  return (
    <div className="recordings">
      <div className="recordings__head">
        <h1 className="recordings__title">{t('home.recordings')}</h1>
        {home.usage && <StorageUsage {...home.usage} />}
      </div>
      {home.loading && <p className="recordings__loading">{t('common.loading')}</p>}
      {home.failed && (
        <EmptyState
          icon={<WarningIcon size={40} />}
          title={t('recordings.list.loadFailed')}
          actions={
            <Button variant="secondary" onClick={home.retry}>
              {t('recordings.list.retry')}
            </Button>
          }
        />
      )}
      {!home.loading && !home.failed && home.list.length === 0 && <RecordingsEmpty />}
      {home.list.length > 0 && (
        <ul className="recordings__list" data-testid="recordings-list">
          {home.list.map((item) => (
            <RecordingItem
              key={item.recordId}
              item={item}
              onRename={home.askRename}
              onDelete={home.askDelete}
            />
          ))}
        </ul>
      )}
      {home.hasMore && (
        <div className="recordings__more">
          <Button
            variant="secondary"
            loading={home.loadingMore}
            onClick={home.loadMore}
            data-testid="recordings-more"
          >
            {t('recordings.list.loadMore')}
          </Button>
        </div>
      )}
      {dialog?.kind === 'rename' && (
        <RenameRecordingDialog
          name={dialog.item.name}
          error={home.renameError}
          busy={home.busy}
          onSave={(name) => void home.rename(dialog.item, name)}
          onClose={home.close}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={t(
            dialog.item.isOwner ? 'recordings.list.deleteTitle' : 'recordings.list.removeTitle',
          )}
          confirmLabel={t(
            dialog.item.isOwner ? 'recordings.list.delete' : 'recordings.list.removeShared',
          )}
          cancelLabel={t('common.cancel')}
          closeLabel={t('common.close')}
          danger
          busy={home.busy}
          onConfirm={() => void home.remove(dialog.item)}
          onClose={home.close}
        >
          {dialog.item.isOwner
            ? t('recordings.list.deleteBody', {
                name: dialog.item.name,
                size: formatSize(dialog.item.size),
              })
            : t('recordings.list.removeBody', { name: dialog.item.name })}
        </ConfirmDialog>
      )}
    </div>
  );
}
