/**
 * A strip between the stage and the toolbar that asks the host for something (who waits, whose
 * hand is up): an icon, what it is about, its actions, and × to close it (room-host.css).
 */
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { IconButton } from '../../ui/Button';
import { CloseIcon } from '../../ui/icons';

export function RoomStrip({
  testId,
  count,
  icon,
  text,
  onClose,
  children,
}: {
  testId: string;
  /** How many it is about (`data-count`). */
  count: number;
  icon: ReactNode;
  text: string;
  onClose(): void;
  /** Its actions (StripAction). */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="room-host-message" data-testid={testId} data-count={count} role="status">
      <span className="room-host-message__icon" aria-hidden="true">
        {icon}
      </span>
      <span className="room-host-message__text">{text}</span>
      {children}
      <IconButton
        className="room-host-message__close"
        aria-label={t('common.close')}
        title={t('common.close')}
        onClick={onClose}
      >
        <CloseIcon size={18} />
      </IconButton>
    </div>
  );
}

export function StripAction({
  testId,
  primary = false,
  disabled = false,
  onClick,
  children,
}: {
  testId: string;
  primary?: boolean;
  disabled?: boolean;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={`room-host-message__action${primary ? ' room-host-message__action--primary' : ''}`}
      data-testid={testId}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
