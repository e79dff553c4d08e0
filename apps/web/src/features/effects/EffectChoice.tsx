/**
 * One choice of the effects dialog (a background, a character): a button that shows it, named by
 * `label`, pressed while it is the one in use.
 */
import type { ReactNode } from 'react';

export function Choice({
  testId,
  label,
  chosen,
  onChoose,
  children,
  className = '',
}: {
  testId: string;
  label: string;
  chosen: boolean;
  onChoose: () => void;
  children: ReactNode;
  className?: string;
}) {
  return (
    <button
      type="button"
      data-testid={testId}
      className={`effects-choice ${className}${chosen ? ' effects-choice--chosen' : ''}`}
      aria-pressed={chosen}
      aria-label={label}
      title={label}
      onClick={onChoose}
    >
      {children}
    </button>
  );
}
