/**
 * The avatar button and its menu: who is signed in, plan (Upgrade to Pro for basic users,
 * Subscription for Pro), AI credits (every plan), profile, feedback, integrations (a red dot
 * until first viewed), about and log out.
 */
import { useTranslation } from '../../i18n/useTranslation';
import { maskEmail, maskPhone } from '@meet/shared';
import { useAuth } from '../auth/AuthProvider';
import { Avatar } from '../../ui/Avatar';
import { EditIcon, InfoIcon, LogoutIcon, StarIcon } from '../../ui/icons';
import { MenuDivider, MenuItem, Popover, usePopover } from '../../ui/Popover';
import { CreditsIcon, FeedbackIcon, IntegrationsIcon } from './home-icons';
import { PlanBadge } from './PlanBadge';
import { isBasicUser, planOf } from './user-plan';

export interface AvatarMenuProps {
  onEditProfile(): void;
  onAbout(): void;
  onUpgrade(): void;
  onSubscription(): void;
  /** AI credits: the balance and what used it (shown when given). */
  onCredits?(): void;
  onFeedback(): void;
  onIntegrations(): void;
  /** Integrations has not been opened yet by this account: its entry carries a red dot. */
  integrationsUnseen: boolean;
}

export function AvatarMenu({
  onEditProfile,
  onAbout,
  onUpgrade,
  onSubscription,
  onCredits,
  onFeedback,
  onIntegrations,
  integrationsUnseen,
}: AvatarMenuProps) {
  const { t } = useTranslation();
  const { user, signOut } = useAuth();
  const popover = usePopover();
  const name = user?.userName ?? '';
  const choose = (action: () => void) => () => {
    popover.close();
    action();
  };

  return (
    <div {...popover.anchorProps}>
      <button
        type="button"
        className="avatar-trigger"
        aria-label={t('home.accountMenu')}
        data-testid="avatar-menu-button"
        {...popover.triggerProps}
      >
        <Avatar src={user?.avatar || null} name={name} size={32} />
      </button>
      {popover.open && (
        <Popover role="menu" label={t('home.accountMenu')} className="account-menu">
          <div className="account-menu__who">
            <Avatar src={user?.avatar || null} name={name} size={56} />
            <div className="account-menu__name-row">
              <span className="account-menu__name" data-testid="account-name">
                {name}
              </span>
              <PlanBadge user={user} />
            </div>
            {user?.email ? (
              <span className="account-menu__email">{maskEmail(user.email)}</span>
            ) : (
              user &&
              'phone' in user &&
              user.phone && <span className="account-menu__email">{maskPhone(user.phone)}</span>
            )}
          </div>
          <MenuDivider />
          <div className="menu">
            {isBasicUser(user) && (
              <MenuItem icon={<StarIcon size={20} />} onClick={choose(onUpgrade)}>
                {t('home.upgradeToPro')}
              </MenuItem>
            )}
            {planOf(user) === 'pro' && (
              <MenuItem icon={<StarIcon size={20} />} onClick={choose(onSubscription)}>
                {t('billing.subscriptionMenu')}
              </MenuItem>
            )}
            {onCredits && (
              <MenuItem
                icon={<CreditsIcon size={20} />}
                onClick={choose(onCredits)}
                data-testid="menu-credits"
              >
                {t('billing.credits.menu')}
              </MenuItem>
            )}
            <MenuItem icon={<EditIcon size={20} />} onClick={choose(onEditProfile)}>
              {t('home.editProfile')}
            </MenuItem>
            <MenuItem icon={<FeedbackIcon size={20} />} onClick={choose(onFeedback)}>
              {t('integrations.menu.feedback')}
            </MenuItem>
            <MenuItem
              icon={<IntegrationsIcon size={20} />}
              onClick={choose(onIntegrations)}
              className="menu__item menu__item-dot"
              data-testid="menu-integrations"
            >
              {t('integrations.menu.integrations')}
              {integrationsUnseen && (
                <span
                  className="red-dot"
                  role="img"
                  aria-label={t('integrations.menu.unseen')}
                  data-testid="integrations-dot"
                />
              )}
            </MenuItem>
            <MenuItem icon={<InfoIcon size={20} />} onClick={choose(onAbout)}>
              {t('home.about')}
            </MenuItem>
            <MenuDivider />
            <MenuItem icon={<LogoutIcon size={20} />} onClick={choose(() => void signOut())}>
              {t('home.logout')}
            </MenuItem>
          </div>
        </Popover>
      )}
    </div>
  );
}
