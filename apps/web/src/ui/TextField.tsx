/**
 * A labelled input with a hint or an error line under it, wired for screen readers. With
 * `limit`, a counter ("27/30") shows near the limit and the field is invalid past it; the text
 * is never cut, and the caller says what is wrong (its `error`) and keeps its submit disabled.
 */
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { lengthLimit } from './length-limit';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  /** Something inside the field's right edge, e.g. a show-password toggle. */
  trailing?: ReactNode;
  /** The most characters the value may have (trimmed, as the server counts). */
  limit?: number;
}

export function TextField({
  label,
  error,
  hint,
  trailing,
  limit,
  id,
  className,
  ...rest
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const noteId = `${inputId}-note`;
  const countId = `${inputId}-count`;
  const note = error ?? hint;
  const length = limit === undefined ? null : lengthLimit(String(rest.value ?? ''), limit);
  const invalid = !!error || !!length?.over;
  const describedBy = [note && noteId, length?.showCount && countId].filter(Boolean).join(' ');
  return (
    <div className={['field', invalid && 'field--invalid', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="field__control">
        <input
          id={inputId}
          className="field__input"
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy || undefined}
          {...rest}
        />
        {trailing}
      </div>
      {(note || length?.showCount) && (
        <div className="field__foot">
          {note && (
            <div
              id={noteId}
              className={error ? 'field__error' : 'field__hint'}
              role={error ? 'alert' : undefined}
            >
              {note}
            </div>
          )}
          {length?.showCount && (
            <span
              id={countId}
              className={length.over ? 'field__count field__count--over' : 'field__count'}
              data-testid="char-count"
            >
              {length.count}/{length.max}
            </span>
          )}
        </div>
      )}
    </div>
  );
}
