/** The Home header: logo, the calendar banner, phone-app popover, message bell and the avatar menu. */
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { Link } from 'react-router';
import { IconButton } from '../../ui/Button';
import { BellIcon } from '../../ui/icons';
import { Logo } from '../../ui/Logo';
import { AvatarMenu, type AvatarMenuProps } from './AvatarMenu';
import { PhoneAppPopover } from './PhoneAppPopover';

export interface HomeHeaderProps extends AvatarMenuProps {
  onToggleMessages(): void;
  messagesOpen: boolean;
  hasUnread: boolean;
  /** The dismissible calendar banner, when it shows. */
  banner?: ReactNode;
}

export function HomeHeader({
  onToggleMessages,
  messagesOpen,
  hasUnread,
  banner,
  ...menu
}: HomeHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="home-header">
      <Link to="/home/meetings" className="home-header__logo" aria-label={t('home.logoLabel')}>
        <Logo label={t('common.appName')} />
      </Link>
      {banner}
      <div className="home-header__actions">
        <PhoneAppPopover />
        <IconButton
          aria-label={hasUnread ? t('recordings.messages.bellUnread') : t('home.messageCenter')}
          aria-expanded={messagesOpen}
          onClick={onToggleMessages}
          data-testid="message-bell"
        >
          <BellIcon />
          {hasUnread && (
            <span className="red-dot" aria-hidden="true" data-testid="message-unread-dot" />
          )}
        </IconButton>
        <AvatarMenu {...menu} />
      </div>
    </header>
  );
}
