/**
 * The red leave button. A member leaves at once; the host chooses between ending the meeting
 * for everyone and leaving it to the others. Test hooks: `leave`, and for the host
 * `end-for-all` and `leave-only`.
 */
import { useTranslation } from '../../i18n/useTranslation';
import { Popover, usePopover } from '../../ui/Popover';
import { CallEndIcon } from '../room-core/room-icons';
import { useRoomClient, useRoomState } from '../room-core/RoomContext';
import { amHost } from '../room-core/roles';
import { useEndForAll } from './useEndForAll';

export function LeaveButton() {
  const { t } = useTranslation();
  const client = useRoomClient();
  const host = useRoomState(amHost);
  const endForAll = useEndForAll();
  const menu = usePopover();
  const leave = () => void client.leave();

  const button = (extra: object) => (
    <button
      type="button"
      data-testid="leave"
      className="room-btn room-btn--leave"
      aria-label={t('room.toolbar.leave')}
      title={t('room.toolbar.leave')}
      {...extra}
    >
      <CallEndIcon />
    </button>
  );
  if (!host) return button({ onClick: leave });

  return (
    <div {...menu.anchorProps}>
      {button(menu.triggerProps)}
      {menu.open && (
        <Popover label={t('room.toolbar.leave')} role="menu" className="room-menu room-menu--leave">
          <div className="room-menu__note">{t('room.leave.hint')}</div>
          <button
            type="button"
            role="menuitem"
            data-testid="end-for-all"
            className="room-menu__item room-menu__item--danger"
            onClick={() => {
              menu.close();
              void endForAll();
            }}
          >
            {t('room.leave.endForAll')}
          </button>
          <button
            type="button"
            role="menuitem"
            data-testid="leave-only"
            className="room-menu__item"
            onClick={leave}
          >
            {t('room.leave.leaveOnly')}
          </button>
        </Popover>
      )}
    </div>
  );
}
