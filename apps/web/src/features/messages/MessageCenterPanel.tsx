/**
 * The message-center side panel (SPEC.md sections 2 and 4), opened from the Home bell or the
 * sidebar's Messages: newest first, more on reaching the end, each unread message marked,
 * opened with a click (which reads it), and Read all. `useMessageCenter` holds the behaviour;
 * this file is markup. Test hooks: `message-panel`, `message-list`, `message-item`
 * (data-message-id, data-unread, data-push-type), `message-read-all`, `message-loading`,
 * `message-loading-more`, `message-empty`, `message-failed`, `message-end`.
 */
import { useTranslation } from '../../i18n/useTranslation';
import type { MessageItem } from '@meet/shared';
import { Button, IconButton } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { BellIcon, CloseIcon } from '../../ui/icons';
import { useTimezone } from '../meetings/useTimezone';
import { formatDateTime } from '../recordings/recording-format';
import { ApplyDetailDialog } from './ApplyDetailDialog';
import { applyPartiesOf, headlineOf, parseContent } from './message-content';
import { useMessageCenter } from './useMessageCenter';
import './messages.css';

function MessageEntry({ item, onOpen }: { item: MessageItem; onOpen(item: MessageItem): void }) {
  const { t, i18n } = useTranslation();
  const [timezone] = useTimezone();
  const content = parseContent(item);
  const headline = headlineOf(content);
  const parties = applyPartiesOf(content);
  const asked = content?.pushType === 'apply' && content.subType === 'request';
  return (
    <li>
      <button
        type="button"
        className={`message-item${item.isUnread ? ' message-item--unread' : ''}`}
        data-testid="message-item"
        data-message-id={item.messageId}
        data-unread={item.isUnread}
        data-push-type={item.pushType}
        onClick={() => onOpen(item)}
      >
        <span className="message-item__dot" aria-hidden="true" />
        {content?.pushType === 'business' && content.cover && (
          <img className="message-item__cover" src={content.cover} alt="" />
        )}
        <span className="message-item__body">
          <span className="message-item__title">
            {item.isUnread && (
              <span className="visually-hidden">{t('recordings.messages.unread')} </span>
            )}
            {asked && parties?.name
              ? t('recordings.messages.applyRequestFrom', {
                  name: parties.name,
                  record: parties.record,
                })
              : t(`recordings.messages.${headline}`)}
          </span>
          {asked && parties?.email && (
            <span className="message-item__detail" data-testid="message-applicant-email">
              {parties.email}
            </span>
          )}
          {!asked && parties?.record && (
            <span className="message-item__detail">{parties.record}</span>
          )}
          {content?.pushType === 'record' && content.name && (
            <span className="message-item__detail">{content.name}</span>
          )}
          {content?.pushType === 'business' && content.detail && (
            <span className="message-item__detail">{content.detail}</span>
          )}
          {content?.pushType === 'apply' && content.subType === 'request' && (
            <span className="message-item__link">{t('recordings.messages.review')}</span>
          )}
          <span className="message-item__time">
            {formatDateTime(item.ctime, i18n.language, timezone)}
          </span>
        </span>
      </button>
    </li>
  );
}

export function MessageCenterPanel({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const c = useMessageCenter();
  const showList = c.list.length > 0;
  return (
    <aside
      className="message-panel"
      aria-label={t('home.messageCenter')}
      data-testid="message-panel"
    >
      <div className="message-panel__header">
        <h2 className="message-panel__title">{t('home.messageCenter')}</h2>
        <div className="message-panel__actions">
          <Button
            variant="text"
            size="small"
            data-testid="message-read-all"
            disabled={!c.hasUnread}
            onClick={c.readAll}
          >
            {t('recordings.messages.readAll')}
          </Button>
          <IconButton aria-label={t('common.close')} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </div>
      </div>
      <div
        className="message-panel__scroll"
        data-testid="message-list"
        onScroll={(event) => c.onScroll(event.currentTarget)}
      >
        {showList && (
          <ul className="message-list">
            {c.list.map((item) => (
              <MessageEntry key={item.messageId} item={item} onOpen={c.open} />
            ))}
          </ul>
        )}
        {c.loading && !showList && (
          <p className="message-panel__note" data-testid="message-loading">
            {t('common.loading')}
          </p>
        )}
        {c.failed && (
          <div className="message-panel__note" data-testid="message-failed">
            <p>{t('recordings.messages.loadFailed')}</p>
            <Button variant="secondary" size="small" onClick={c.retry}>
              {t('recordings.list.retry')}
            </Button>
          </div>
        )}
        {!c.loading && !c.failed && !showList && (
          <div data-testid="message-empty">
            <EmptyState
              icon={<BellIcon size={40} />}
              title={t('home.noMessages')}
              hint={t('home.noMessagesHint')}
            />
          </div>
        )}
        {c.loadingMore && (
          <p className="message-panel__note" data-testid="message-loading-more" role="status">
            <span className="message-panel__spinner" aria-hidden="true" />
            {t('common.loading')}
          </p>
        )}
        {showList && !c.hasMore && !c.loading && (
          <p className="message-panel__end" data-testid="message-end">
            {t('recordings.messages.end')}
          </p>
        )}
      </div>
      {c.applyTarget && (
        <ApplyDetailDialog
          recordId={c.applyTarget.recordId}
          permissionRequestId={c.applyTarget.permissionRequestId}
          onClose={c.closeApply}
        />
      )}
    </aside>
  );
}
