/**
 * How many secondary controls the toolbar has no room for (issue 30), from the bar's own width
 * (a ResizeObserver, not the user agent): the bar lacks room when its controls run past its
 * end, or when the meeting's Share button at its start is cut. Then one more control goes to
 * the "More options" menu (MOVE_ORDER), and again, until the bar fits: the checks after a move
 * run before the browser paints, so nothing is seen squeezed. A control comes back once the
 * bar is as wide as it was when the control left plus what was lacking then, so a width never
 * flips between the two.
 */
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { MOVE_ORDER } from './toolbar-slots';

/**
 * How many pixels the bar lacks (0: it fits): its parts' boxes, not its scroll width, so an open
 * popover reaching past the bar is not taken for a lack of room.
 */
export function toolbarDeficit(bar: HTMLElement, info: HTMLElement | null): number {
  const box = bar.getBoundingClientRect();
  const contentEnd = box.right - parseFloat(getComputedStyle(bar).paddingRight || '0');
  let lacking = 0;
  for (const part of bar.children)
    lacking = Math.max(lacking, part.getBoundingClientRect().right - contentEnd);
  if (info) {
    const end = info.getBoundingClientRect().right;
    let cut = 0;
    for (const el of info.querySelectorAll('button'))
      cut = Math.max(cut, el.getBoundingClientRect().right - end);
    lacking += cut;
  }
  // Half a pixel is rounding, not a control cut off.
  return lacking > 0.5 ? Math.ceil(lacking) : 0;
}

export function useToolbarOverflow(
  barRef: RefObject<HTMLElement | null>,
  infoRef: RefObject<HTMLElement | null>,
): number {
  const [moved, setMoved] = useState(0);
  // needed[k]: the bar's width at which it fitted with k controls moved, learnt on moving on.
  const needed = useRef<number[]>([]);
  const check = useRef(() => {});
  check.current = () => {
    const bar = barRef.current;
    const width = bar?.clientWidth ?? 0;
    if (!bar || width === 0) return;
    const lacking = toolbarDeficit(bar, infoRef.current);
    if (lacking > 0) {
      if (moved < MOVE_ORDER.length) {
        needed.current[moved] = width + lacking;
        setMoved(moved + 1);
      }
    } else if (moved > 0 && width >= (needed.current[moved - 1] ?? Infinity)) {
      setMoved(moved - 1);
    }
  };

  // After each move: measured again at once (a state change in a layout effect is drawn
  // before the browser paints).
  useLayoutEffect(() => check.current(), [moved]);

  useLayoutEffect(() => {
    const bar = barRef.current;
    if (!bar || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => check.current());
    observer.observe(bar);
    // What is inside changes too (a host's record button, the meeting's details arriving).
    for (const child of bar.children) observer.observe(child);
    const meeting = infoRef.current?.firstElementChild;
    if (meeting) observer.observe(meeting);
    return () => observer.disconnect();
  }, [barRef, infoRef]);

  return moved;
}
