/**
 * The toolbar's more-apps popover, holding the Polls entry. A dot on the button and a badge on
 * the entry show a launched poll I have not answered. Test hooks: more-apps, open-polls,
 * polls-badge (and more-apps-dot).
 */
import { useTranslation } from '../../i18n/useTranslation';
import { Popover, usePopover } from '../../ui/Popover';
import { AppsIcon, PollIcon } from './poll-icons';
import { useRoomPolls } from './RoomPolls';
import { useToolbarItem } from '../room/toolbar/toolbar-slots';
import './polls.css';

export function MoreAppsButton() {
  const { t } = useTranslation();
  const polls = useRoomPolls();
  const menu = usePopover();
  const slot = useToolbarItem('more-apps');
  const label = polls.unanswered
    ? `${t('polls.moreApps')} (${t('polls.unanswered')})`
    : t('polls.moreApps');
  return slot.place(
    <div {...menu.anchorProps}>
      <button
        type="button"
        data-testid="more-apps"
        className={`room-btn room-btn--flat${menu.open ? ' room-btn--active' : ''}`}
        aria-label={label}
        title={t('polls.moreApps')}
        {...menu.triggerProps}
        {...slot.item()}
      >
        <AppsIcon />
        {slot.label(t('polls.moreApps'))}
        {polls.unanswered && (
          <span className="poll-dot" data-testid="more-apps-dot" aria-hidden="true" />
        )}
      </button>
      {menu.open && (
        <Popover label={t('polls.moreApps')} role="menu" className="room-menu room-menu--apps">
          <div className="room-menu__title">{t('polls.moreApps')}</div>
          <button
            type="button"
            role="menuitem"
            className="room-menu__item"
            data-testid="open-polls"
            onClick={() => {
              menu.close();
              polls.show();
            }}
          >
            <PollIcon size={20} />
            <span className="room-menu__label">{t('polls.entry')}</span>
            {polls.unanswered && (
              <span className="poll-badge" data-testid="polls-badge" title={t('polls.unanswered')}>
                {t('polls.badge')}
              </span>
            )}
          </button>
        </Popover>
      )}
    </div>,
  );
}
