/** A short question with Confirm/Cancel, or a notice with a single OK when `cancelLabel` is absent. */
import type { ReactNode } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Without it the dialog is a notice with one button. */
  cancelLabel?: string;
  closeLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm(): void;
  onClose(): void;
}

export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel,
  closeLabel,
  danger = false,
  busy = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      closeLabel={closeLabel}
      width={400}
      footer={
        <>
          {cancelLabel && (
            <Button variant="text" onClick={onClose}>
              {cancelLabel}
            </Button>
          )}
          <Button
            className={danger ? 'btn--danger' : undefined}
            loading={busy}
            onClick={onConfirm}
            data-autofocus
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="confirm-dialog__body">{children}</div>
    </Dialog>
  );
}
