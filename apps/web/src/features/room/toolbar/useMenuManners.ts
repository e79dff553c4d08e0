/**
 * The "More options" menu's manners (issue 30), as a menu button should have them: opening
 * puts the focus on the first item; the arrow keys (and Home, End) move it, wrapping; Enter and
 * Space activate (the items are buttons); Escape or Tab closes and gives the focus back to the
 * button; a click outside closes; choosing an item closes, unless it opens a panel of its own
 * beside the menu (record, layout: an `aria-haspopup` other than a dialog). The listeners are
 * the DOM's: the controls moved into the menu are portals, so React's events would not reach
 * the menu's own handlers.
 */
import { useEffect, type RefObject } from 'react';

const ITEM = '[role="menuitem"], [role="menuitemcheckbox"], [role="menuitemradio"]';

/** The menu's own items (not those of a panel opened from one), in order, usable. */
export function menuItems(menu: HTMLElement): HTMLElement[] {
  return [...menu.querySelectorAll<HTMLElement>(ITEM)].filter(
    (el) =>
      el.parentElement?.closest('[role="menu"], [role="dialog"], [role="group"]') === menu &&
      !(el as HTMLButtonElement).disabled,
  );
}

/**
 * Attached while the menu is open (by the menu's lazily loaded body, so the room's first load
 * does not carry it). `close(refocus)` closes, giving the focus back to the button if asked.
 */
export function useMenuManners({
  open,
  close,
  anchorRef,
  menuRef,
}: {
  open: boolean;
  close: (refocus: boolean) => void;
  anchorRef: RefObject<HTMLElement | null>;
  menuRef: RefObject<HTMLElement | null>;
}) {
  useEffect(() => {
    const menu = menuRef.current;
    if (!open || !menu) return;
    const frame = requestAnimationFrame(() => {
      if (!menu.contains(document.activeElement)) menuItems(menu)[0]?.focus();
    });
    const onPointer = (event: PointerEvent) => {
      if (!anchorRef.current?.contains(event.target as Node)) close(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' || event.key === 'Tab') {
        event.preventDefault();
        close(true);
        return;
      }
      const items = menuItems(menu);
      const at = items.indexOf(event.target as HTMLElement);
      // Keys inside a panel opened from an item (its selects, its radios) are that panel's.
      if (at < 0 && event.target !== menu) return;
      const to =
        event.key === 'ArrowDown'
          ? (at + 1) % items.length
          : event.key === 'ArrowUp'
            ? (at - 1 + items.length) % items.length
            : event.key === 'Home'
              ? 0
              : event.key === 'End'
                ? items.length - 1
                : null;
      if (to === null || items.length === 0) return;
      event.preventDefault();
      items[to]?.focus();
    };
    const onClick = (event: MouseEvent) => {
      const item = (event.target as Element).closest(ITEM);
      if (!item || !menu.contains(item)) return;
      // An item with a panel of its own beside the menu keeps the menu open (not a dialog's).
      const popup = item.getAttribute('aria-haspopup');
      if (popup && popup !== 'false' && popup !== 'dialog') return;
      // After the item's own handler: the focus goes back to the button unless the item gave
      // it somewhere (a dialog).
      setTimeout(() => {
        const focus = document.activeElement;
        close(!focus || focus === document.body || menu.contains(focus));
      });
    };
    document.addEventListener('pointerdown', onPointer);
    menu.addEventListener('keydown', onKey);
    // Captured: the item's own handler may take it out of the page before the click bubbles.
    menu.addEventListener('click', onClick, true);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('pointerdown', onPointer);
      menu.removeEventListener('keydown', onKey);
      menu.removeEventListener('click', onClick, true);
    };
  }, [open, close, anchorRef, menuRef]);
}
