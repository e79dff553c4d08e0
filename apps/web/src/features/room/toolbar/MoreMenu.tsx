/**
 * The toolbar's "More options" button and menu (issue 30), as in Meet and Zoom: labelled items
 * for what the bar has no room or no words for. Its rows hold the secondary controls the bar
 * is too narrow for (`toolbar-slots.tsx`: the same buttons, same test hooks), then the entries
 * found nowhere else in the bar. The menu stays in the page (hidden when closed) so a moved
 * control never unmounts; its entries and its keyboard and mouse manners (`useMenuManners`)
 * come in a chunk of their own, fetched when the button is pointed at, focused or opened
 * (`MoreExtras`). Test hooks: `toolbar-more` (the button, aria-expanded), `toolbar-more-menu`.
 */
import { lazy, Suspense, useCallback, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation';
import { MoreIcon } from '../../../ui/icons';
import type { RoomControls } from '../useRoomControls';
import { MOVABLE, useToolbarSlots } from './toolbar-slots';
import './more-menu.css';

// Opened now and then: its code is not part of the room's first load (the room's budget).
const MoreExtras = lazy(() => import('./MoreExtras'));

export function MoreMenu({ controls }: { controls: RoomControls }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // The chunk is wanted from the first pointing, focus or opening on; then it stays.
  const [wanted, setWanted] = useState(false);
  const anchorRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  }, []);
  const { register } = useToolbarSlots();
  const menuId = useId();
  // One steady ref per row (a new one each render would register it again, and again).
  const rowRefs = useMemo(
    () => MOVABLE.map((id) => (el: HTMLElement | null) => register(id, el)),
    [register],
  );
  const want = () => setWanted(true);
  const label = t('room.more.button');
  return (
    <div ref={anchorRef} className="popover-anchor room-more">
      <button
        ref={buttonRef}
        type="button"
        data-testid="toolbar-more"
        className={`room-btn room-btn--flat${open ? ' room-btn--active' : ''}`}
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onPointerEnter={want}
        onFocus={want}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) close(true);
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            if (open)
              menuRef.current?.querySelector<HTMLElement>('[role^="menuitem"]:enabled')?.focus();
            else setOpen(true);
          }
        }}
        onClick={() => {
          want();
          setOpen((value) => !value);
        }}
      >
        <MoreIcon />
      </button>
      <div
        ref={menuRef}
        id={menuId}
        role="menu"
        aria-label={label}
        tabIndex={-1}
        hidden={!open}
        data-testid="toolbar-more-menu"
        className="popover room-menu room-more__menu"
      >
        {MOVABLE.map((id, i) => (
          <div key={id} role="none" className="room-more__row" ref={rowRefs[i]} />
        ))}
        {/* Shown (CSS) once a control has moved in. */}
        <div role="separator" className="room-more__divider" />
        {(wanted || open) && (
          <Suspense fallback={null}>
            <MoreExtras
              controls={controls}
              open={open}
              close={close}
              anchorRef={anchorRef}
              menuRef={menuRef}
            />
          </Suspense>
        )}
      </div>
    </div>
  );
}
