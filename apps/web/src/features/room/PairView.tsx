/**
 * Two people in grid view, as Meet shows them: the other person fills the stage and I am a
 * small window in a corner, which I can drag (it settles in the nearest corner) or move with
 * the arrow keys. The corner is remembered on this device.
 * Test hooks: `data-testid="self-pip"` with `data-corner` (tl, tr, bl, br).
 */
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { PeerInfo } from '@meet/shared';
import { useTranslation } from '../../app/useTranslation';
import { MemberTile } from './MemberTile';

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

export function PairView({ other, me }: { other: PeerInfo; me: PeerInfo }) {
  const { t } = useTranslation();
  const [corner, setCornerState] = useState(loadCorner);
  const [drag, setDrag] = useState<{ dx: number; dy: number } | null>(null);
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const box = useRef<HTMLDivElement>(null);

  const setCorner = (next: Corner) => {
    setCornerState(next);
    saveCorner(next);
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    // The tile's own buttons keep their clicks.
    if (e.button !== 0 || (e.target as Element).closest('button')) return;
    start.current = { x: e.clientX, y: e.clientY, id: e.pointerId };
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const s = start.current;
    if (!s || s.id !== e.pointerId) return;
    setDrag({ dx: e.clientX - s.x, dy: e.clientY - s.y });
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const s = start.current;
    start.current = null;
    if (!s || !drag || !box.current) return setDrag(null);
    // Where the window's middle was let go, inside the stage, picks the corner.
    const stage = box.current.getBoundingClientRect();
    const pip = e.currentTarget.getBoundingClientRect();
    setCorner(
      nearestCorner(
        pip.left + pip.width / 2 - stage.left,
        pip.top + pip.height / 2 - stage.top,
        stage.width,
        stage.height,
      ),
    );
    setDrag(null);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const next = cornerAfterKey(corner, e.key);
    if (next === corner) return;
    e.preventDefault();
    setCorner(next);
  };

  return (
    <div ref={box} className="room-pair">
      {/* Nothing to pin: they already have the whole stage (and my window would cover the pin). */}
      <MemberTile peer={other} source="camera" isMe={false} variant="main" pinnable={false} />
      <div
        className="room-pip"
        data-testid="self-pip"
        data-corner={corner}
        data-dragging={drag ? '' : undefined}
        style={drag ? { transform: `translate(${drag.dx}px, ${drag.dy}px)` } : undefined}
        tabIndex={0}
        role="group"
        aria-label={t('room.view.selfWindow')}
        title={t('room.view.selfWindow')}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          start.current = null;
          setDrag(null);
        }}
        onKeyDown={onKeyDown}
      >
        <MemberTile peer={me} source="camera" isMe variant="pip" pinnable={false} />
      </div>
    </div>
  );
}
