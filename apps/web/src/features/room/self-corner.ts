/**
 * Two people in grid view, as Meet shows them: the other person fills the stage and I am a
 * small window in a corner, which I can drag (it settles in the nearest corner) or move with
 * the arrow keys; the corner is remembered on this device. `useSelfCorner` gives my tile's
 * corner and the props that make it movable (GridView renders the tiles, the same elements as
 * in a grid, so a third person joining remounts no video).
 * Test hooks on my tile: `data-testid="self-pip"` with `data-corner` (tl, tr, bl, br).
 */
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from '../../i18n/useTranslation';

export type Corner = 'tl' | 'tr' | 'bl' | 'br';
const CORNERS: readonly Corner[] = ['tl', 'tr', 'bl', 'br'];
const STORAGE_KEY = 'meet.selfCorner';

function loadCorner(): Corner {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    return CORNERS.includes(saved as Corner) ? (saved as Corner) : 'br';
  } catch {
    return 'br';
  }
}

function saveCorner(corner: Corner) {
  try {
    localStorage.setItem(STORAGE_KEY, corner);
  } catch {
    // Private mode without storage: the corner holds for this meeting only.
  }
}

/** The corner nearest to a point, in a box of this size. */
export function nearestCorner(x: number, y: number, width: number, height: number): Corner {
  return `${y < height / 2 ? 't' : 'b'}${x < width / 2 ? 'l' : 'r'}` as Corner;
}

/** The corner an arrow key moves to from this one (unchanged at an edge). */
export function cornerAfterKey(corner: Corner, key: string): Corner {
  const [v, h] = corner.split('') as ['t' | 'b', 'l' | 'r'];
  if (key === 'ArrowLeft') return `${v}l`;
  if (key === 'ArrowRight') return `${v}r`;
  if (key === 'ArrowUp') return `t${h}`;
  if (key === 'ArrowDown') return `b${h}`;
  return corner;
}

/** Props for my corner tile's root element, within the stage element `stage`. */
export function useSelfCorner(stage: HTMLElement | null) {
  const { t } = useTranslation();
  const [corner, setCornerState] = useState(loadCorner);
  const [drag, setDrag] = useState<{ dx: number; dy: number } | null>(null);
  const start = useRef<{ x: number; y: number; id: number } | null>(null);

  const setCorner = (next: Corner) => {
    setCornerState(next);
    saveCorner(next);
  };

  return {
    'data-testid': 'self-pip',
    'data-corner': corner,
    'data-dragging': drag ? '' : undefined,
    style: drag ? { transform: `translate(${drag.dx}px, ${drag.dy}px)` } : undefined,
    tabIndex: 0,
    role: 'group',
    'aria-label': t('room.view.selfWindow'),
    title: t('room.view.selfWindow'),
    onPointerDown(e: PointerEvent<HTMLDivElement>) {
      // The tile's own buttons keep their clicks.
      if (e.button !== 0 || (e.target as Element).closest('button')) return;
      start.current = { x: e.clientX, y: e.clientY, id: e.pointerId };
      e.currentTarget.setPointerCapture?.(e.pointerId);
    },
    onPointerMove(e: PointerEvent<HTMLDivElement>) {
      const s = start.current;
      if (!s || s.id !== e.pointerId) return;
      setDrag({ dx: e.clientX - s.x, dy: e.clientY - s.y });
    },
    onPointerUp(e: PointerEvent<HTMLDivElement>) {
      const s = start.current;
      start.current = null;
      if (!s || !drag || !stage) return setDrag(null);
      // Where the window's middle was let go, inside the stage, picks the corner.
      const box = stage.getBoundingClientRect();
      const pip = e.currentTarget.getBoundingClientRect();
      setCorner(
        nearestCorner(
          pip.left + pip.width / 2 - box.left,
          pip.top + pip.height / 2 - box.top,
          box.width,
          box.height,
        ),
      );
      setDrag(null);
    },
    onPointerCancel() {
      start.current = null;
      setDrag(null);
    },
    onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
      const next = cornerAfterKey(corner, e.key);
      if (next === corner) return;
      e.preventDefault();
      setCorner(next);
    },
  };
}

export type SelfCornerProps = ReturnType<typeof useSelfCorner>;
