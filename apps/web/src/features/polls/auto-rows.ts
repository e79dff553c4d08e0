/**
 * How many rows a growing textarea shows: as many as its text needs, kept between the poll
 * title's 1 and 5 rows (SPEC.md section 9); past 5 it scrolls.
 */
import { POLL_TITLE_ROWS_MAX, POLL_TITLE_ROWS_MIN } from '@meet/shared';

export function rowsFor(
  contentHeight: number,
  lineHeight: number,
  min: number = POLL_TITLE_ROWS_MIN,
  max: number = POLL_TITLE_ROWS_MAX,
): number {
  if (!(lineHeight > 0) || !(contentHeight > 0)) return min;
  // A pixel of rounding (zoom, sub-pixel line heights) must not add a row.
  const needed = Math.ceil((contentHeight - 1) / lineHeight);
  return Math.min(max, Math.max(min, needed));
}
