/**
 * One choice of the effects dialog (a background, a character): a button that shows it, named by
 * `label`, pressed while it is the one in use. And the dialog's on/off switches.
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

/** A labelled on/off switch (a checkbox with the switch role). */
export function EffectSwitch({
  testId,
  label,
  checked,
  disabled,
  onChange,
}: {
  testId: string;
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="effects-switch">
      <input
        type="checkbox"
        role="switch"
        data-testid={testId}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>{label}</span>
    </label>
  );
}
