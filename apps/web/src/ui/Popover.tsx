/**
 * Popovers and menus: `usePopover` holds the open state and closes on outside click or Escape;
 * `Popover` is the floating panel and `MenuItem` a row in a menu.
 */
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type ReactNode,
} from 'react';

export function usePopover() {
  const [open, setOpen] = useState(false);
  const anchorRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const toggle = useCallback(() => setOpen((value) => !value), []);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!anchorRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return {
    open,
    setOpen,
    close,
    toggle,
    anchorProps: { ref: anchorRef, className: 'popover-anchor' },
    triggerProps: { 'aria-expanded': open, 'aria-haspopup': true as const, onClick: toggle },
  };
}

export function Popover({
  children,
  label,
  role = 'dialog',
  className,
}: {
  children: ReactNode;
  label: string;
  role?: 'dialog' | 'menu';
  className?: string;
}) {
  return (
    <div
      className={['popover', className].filter(Boolean).join(' ')}
      role={role}
      aria-label={label}
    >
      {children}
    </div>
  );
}

export function MenuItem({
  icon,
  children,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { icon?: ReactNode }) {
  return (
    <button type="button" role="menuitem" className="menu__item" {...rest}>
      {icon}
      <span>{children}</span>
    </button>
  );
}

export function MenuDivider() {
  return <div className="menu__divider" role="separator" />;
}
