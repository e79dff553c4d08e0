/** The message-center side panel; messages arrive in a later issue, so it shows the empty state. */
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { BellIcon, CloseIcon } from '../../ui/icons';
import './messages.css';

export function MessageCenterPanel({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  return (
    <aside className="message-panel" aria-label={t('home.messageCenter')}>
      <div className="message-panel__header">
        <h2 className="message-panel__title">{t('home.messageCenter')}</h2>
        <IconButton aria-label={t('common.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </div>
      <EmptyState
        icon={<BellIcon size={40} />}
        title={t('home.noMessages')}
        hint={t('home.noMessagesHint')}
      />
    </aside>
  );
}
