/**
 * Two of the toolbar's secondary controls, out of Toolbar.tsx: the layout button with its menu
 * (grid or spotlight) and the host's breakout rooms button. Both move to the "More options"
 * menu while the bar is narrow (`useToolbarItem`). Test hooks: `view-mode` (aria-pressed in the
 * bar for grid, data-mode) with `view-mode-grid|float`; `breakout-toggle` with
 * `breakout-help-count`.
 */
import { useTranslation } from '../../../i18n/useTranslation';
import { Popover, usePopover } from '../../../ui/Popover';
import { BreakoutIcon, CheckIcon, GridIcon, SpotlightIcon } from '../../room-core/room-icons';
import type { RoomControls } from '../useRoomControls';
import { useToolbarItem } from './toolbar-slots';

export function ViewModeButton({ controls: c }: { controls: RoomControls }) {
  const { t } = useTranslation();
  const viewMenu = usePopover();
  const slot = useToolbarItem('view-mode');
  return slot.place(
    <div {...viewMenu.anchorProps}>
      <button
        type="button"
        data-testid="view-mode"
        aria-pressed={c.viewMode === 'grid'}
        data-mode={c.viewMode}
        className="room-btn"
        aria-label={t('room.toolbar.viewMode')}
        title={t('room.toolbar.viewMode')}
        {...viewMenu.triggerProps}
        {...slot.item()}
      >
        {c.viewMode === 'grid' ? <GridIcon /> : <SpotlightIcon />}
        {slot.label(t('room.toolbar.viewMode'))}
      </button>
      {viewMenu.open && (
        <Popover label={t('room.view.title')} role="menu" className="room-menu room-menu--view">
          <div className="room-menu__title">{t('room.view.title')}</div>
          {(['grid', 'float'] as const).map((mode) => (
            <button
              key={mode}
              type="button"
              role="menuitemradio"
              aria-checked={c.viewMode === mode}
              data-testid={`view-mode-${mode}`}
              className="room-menu__item"
              disabled={mode === 'grid' && c.gridDisabled}
              title={mode === 'grid' && c.gridDisabled ? t('room.view.gridDisabled') : undefined}
              onClick={() => {
                c.setViewMode(mode);
                viewMenu.close();
              }}
            >
              <span className="room-menu__check">
                {c.viewMode === mode && <CheckIcon size={18} />}
              </span>
              {mode === 'grid' ? <GridIcon size={20} /> : <SpotlightIcon size={20} />}
              <span className="room-menu__label">{t(`room.view.${mode}`)}</span>
            </button>
          ))}
          {c.gridDisabled && <div className="room-menu__note">{t('room.view.gridDisabled')}</div>}
        </Popover>
      )}
    </div>,
  );
}

export function BreakoutButton({ controls: c }: { controls: RoomControls }) {
  const { t } = useTranslation();
  const slot = useToolbarItem('breakout');
  return slot.place(
    <button
      type="button"
      data-testid="breakout-toggle"
      aria-pressed={c.breakoutOpen}
      className={`room-btn room-btn--flat${c.breakoutOpen ? ' room-btn--active' : ''}`}
      aria-label={
        c.helpCount > 0
          ? t('room.breakout.titleHelp', { count: c.helpCount })
          : t('room.breakout.title')
      }
      title={t('room.breakout.title')}
      onClick={c.toggleBreakout}
      {...slot.item(c.breakoutOpen)}
    >
      <BreakoutIcon />
      {slot.label(t('room.breakout.title'))}
      {c.helpCount > 0 && (
        <span className="room-btn__badge" data-testid="breakout-help-count" aria-hidden="true">
          {c.helpCount}
        </span>
      )}
    </button>,
  );
}
