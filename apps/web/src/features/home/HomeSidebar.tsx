/** Left navigation: Meetings, Recordings, Messages, Magic Cam, and Upgrade for basic users. */
import { useTranslation } from '../../i18n/useTranslation';
import { NavLink } from 'react-router';
import { useAuth } from '../auth/AuthProvider';
import { Button } from '../../ui/Button';
import { CameraIcon, ChatIcon, RecordIcon, StarIcon, VideoIcon } from '../../ui/icons';
import { isBasicUser } from './user-plan';

export function HomeSidebar({
  messagesOpen,
  onToggleMessages,
  onUpgrade,
}: {
  messagesOpen: boolean;
  onToggleMessages(): void;
  onUpgrade(): void;
}) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navClass = ({ isActive }: { isActive: boolean }) =>
    isActive && !messagesOpen ? 'side-nav__item side-nav__item--active' : 'side-nav__item';
  return (
    <nav className="side-nav" aria-label={t('common.appName')}>
      <NavLink to="/home/meetings" className={navClass}>
        <VideoIcon size={20} />
        {t('home.meetings')}
      </NavLink>
      <NavLink to="/home/recording" className={navClass}>
        <RecordIcon size={20} />
        {t('home.recordings')}
      </NavLink>
      <button
        type="button"
        className={messagesOpen ? 'side-nav__item side-nav__item--active' : 'side-nav__item'}
        aria-expanded={messagesOpen}
        onClick={onToggleMessages}
        data-testid="sidebar-messages"
      >
        <ChatIcon size={20} />
        {t('home.messages')}
      </button>
      <NavLink to="/magic" className="side-nav__item" data-testid="sidebar-magic">
        <CameraIcon size={20} />
        {t('home.magicCam')}
      </NavLink>
      {isBasicUser(user) && (
        <div className="side-nav__upgrade">
          <Button variant="secondary" block onClick={onUpgrade}>
            <StarIcon size={18} />
            {t('home.upgrade')}
          </Button>
        </div>
      )}
    </nav>
  );
}
