/**
 * A textarea that grows with its text from `minRows` to `maxRows` rows (the poll title's 1–5)
 * and scrolls beyond. It measures at 1 row and sets `rows`, so the CSS line height decides.
 */
import { useLayoutEffect, useRef, type TextareaHTMLAttributes } from 'react';
import { POLL_TITLE_ROWS_MAX, POLL_TITLE_ROWS_MIN } from '@meet/shared';
import { rowsFor } from './auto-rows';

export interface AutoTextareaProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'rows'
> {
  value: string;
  minRows?: number;
  maxRows?: number;
}

export function AutoTextarea({
  value,
  minRows = POLL_TITLE_ROWS_MIN,
  maxRows = POLL_TITLE_ROWS_MAX,
  ...rest
}: AutoTextareaProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const style = getComputedStyle(el);
    const lineHeight = parseFloat(style.lineHeight);
    const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
    el.rows = minRows;
    el.rows = rowsFor(el.scrollHeight - (padding || 0), lineHeight, minRows, maxRows);
  }, [value, minRows, maxRows]);
  return <textarea ref={ref} rows={minRows} value={value} {...rest} />;
}
