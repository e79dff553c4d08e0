/**
 * A button that opens a menu (WAI-ARIA APG menu button). Opening moves the focus to the first
 * item (ArrowUp on the button: the last); arrows, Home and End move between items; Escape
 * closes and gives the focus back to the button; Tab closes and goes on from the button; a
 * click outside closes. Choosing an item gives the focus back to the button before the item's
 * action runs, so a dialog it opens returns the focus there too. The menu is placed with fixed
 * coordinates under the button (above it near the window's bottom), so a scrolling list around
 * the button does not cut it off.
 */
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
} from 'react';
import { flushSync } from 'react-dom';

const GAP_PX = 4;
const EDGE_PX = 8;

type FocusTarget = 'first' | 'last';

export function useMenuButton() {
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const focusTarget = useRef<FocusTarget>('first');

  const items = () =>
    Array.from(
      menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])') ?? [],
    );

  const show = (target: FocusTarget) => {
    focusTarget.current = target;
    setPosition(null);
    setOpen(true);
  };
  const close = useCallback((refocus: boolean) => {
    // Closed at once, so a Tab that follows starts from the button, not from a vanishing item.
    flushSync(() => setOpen(false));
    if (refocus) triggerRef.current?.focus();
  }, []);

  useLayoutEffect(() => {
    if (!open) return;
    const trigger = triggerRef.current?.getBoundingClientRect();
    const menu = menuRef.current?.getBoundingClientRect();
    if (!trigger || !menu) return;
    const fitsBelow = trigger.bottom + GAP_PX + menu.height <= window.innerHeight - EDGE_PX;
    setPosition({
      top: fitsBelow
        ? trigger.bottom + GAP_PX
        : Math.max(EDGE_PX, trigger.top - GAP_PX - menu.height),
      left: Math.max(EDGE_PX, trigger.right - menu.width),
    });
  }, [open]);

  // Once placed (and so visible), the focus goes in.
  useEffect(() => {
    if (!open || !position) return;
    const list = items();
    (focusTarget.current === 'first' ? list[0] : list[list.length - 1])?.focus();
  }, [open, position]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !triggerRef.current?.contains(target)) {
        close(false);
      }
    };
    // The menu was placed for where the button was; scrolling or resizing moves the button.
    const onMove = () => close(false);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('scroll', onMove, true);
    window.addEventListener('resize', onMove);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('scroll', onMove, true);
      window.removeEventListener('resize', onMove);
    };
  }, [open, close]);

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const go = (index: number) => {
      event.preventDefault();
      list[(index + list.length) % list.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return go(at + 1);
      case 'ArrowUp':
        return go(at - 1);
      case 'Home':
        return go(0);
      case 'End':
        return go(list.length - 1);
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        return close(true);
      case 'Tab':
        return close(true);
      default:
        return undefined;
    }
  };

  const style: CSSProperties = position
    ? { position: 'fixed', top: position.top, left: position.left }
    : { position: 'fixed', top: 0, left: 0, visibility: 'hidden' };

  return {
    open,
    triggerProps: {
      ref: triggerRef,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': open,
      'aria-controls': open ? menuId : undefined,
      onClick: () => (open ? close(false) : show('first')),
      onKeyDown: (event: KeyboardEvent) => {
        if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
        event.preventDefault();
        show(event.key === 'ArrowDown' ? 'first' : 'last');
      },
    },
    menuProps: {
      ref: menuRef,
      id: menuId,
      role: 'menu' as const,
      style,
      onKeyDown: onMenuKeyDown,
    },
    itemProps: (onSelect: () => void) => ({
      type: 'button' as const,
      role: 'menuitem' as const,
      tabIndex: -1,
      onClick: () => {
        close(true);
        onSelect();
      },
    }),
  };
}
