/**
 * A modal dialog: backdrop click and Escape close it, focus moves in, Tab and Shift+Tab stay
 * inside it, and focus comes back after.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { IconButton } from './Button';
import { CloseIcon } from './icons';

export interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  closeLabel: string;
  width?: number;
}

export function Dialog({ open, title, onClose, children, footer, closeLabel, width }: DialogProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const first = panel.current?.querySelector<HTMLElement>(
      'input:not([type=hidden]):not([type=file]), [data-autofocus]',
    );
    (first ?? panel.current)?.focus();
    const onKey = (event: KeyboardEvent) => {
      // With a dialog opened over another (a confirm), only the one on top answers keys.
      const modals = document.querySelectorAll('[role="dialog"][aria-modal="true"]');
      if (modals[modals.length - 1] !== panel.current) return;
      if (event.key === 'Escape') onCloseRef.current();
      if (event.key === 'Tab' && panel.current) keepFocusIn(panel.current, event);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    <div
      className="dialog-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={width ? { maxWidth: width } : undefined}
      >
        <div className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <IconButton aria-label={closeLabel} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </div>
        <div className="dialog__body">{children}</div>
        {footer && <div className="dialog__footer">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}

/** Tab past the last control comes back to the first, Shift+Tab before the first goes to the last. */
function keepFocusIn(panel: HTMLElement, event: KeyboardEvent): void {
  const controls = [
    ...panel.querySelectorAll<HTMLElement>(
      'a[href], button, input, select, textarea, [tabindex="0"]',
    ),
  ].filter((el) => !el.matches(':disabled, [type=hidden]') && !el.closest('[hidden]'));
  const active = document.activeElement;
  const edge = event.shiftKey ? controls[0] : controls[controls.length - 1];
  if (active === edge || active === panel || !panel.contains(active)) {
    event.preventDefault();
    (event.shiftKey ? controls[controls.length - 1] : controls[0])?.focus();
  }
}
