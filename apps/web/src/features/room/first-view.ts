/**
 * The stage's geometry as numbers, and the guess of what it shows first: the tiles right after
 * joining, from the join answer's members and the window, before the room has rendered. The
 * client subscribes to that at once; the stage's own report (visibility.tsx) corrects it.
 */
import {
  chooseMainWindow,
  gridPage,
  layerForTile,
  orderMembers,
  SPEECH_SIDE_TILES,
  type PeerInfo,
} from '@meet/shared';
import type { VisibleTile } from '../../room-client/subscription-plan';
import type { ViewMode } from '../room-core/room-store';

/** Between grid tiles, in CSS px. */
export const GRID_GAP = 8;
/** What the room takes around the stage: the body's padding (16 on three sides) and the 80 px toolbar. */
const STAGE_INSET = { width: 32, height: 96 };
/** The float view's strip (240 px wide, 12 px from the main window). */
const SIDE_STRIP = 240 + 12;

/** The column count that gives the largest 16:9 tiles for n tiles in a w×h box. */
export function fitGrid(n: number, width: number, height: number) {
  let best = { cols: 1, tileWidth: 0 };
  for (let cols = 1; cols <= Math.max(1, n); cols++) {
    const rows = Math.ceil(n / cols);
    const byWidth = (width - GRID_GAP * (cols - 1)) / cols;
    const byHeight = ((height - GRID_GAP * (rows - 1)) / rows) * (16 / 9);
    const tileWidth = Math.max(0, Math.min(byWidth, byHeight));
    if (tileWidth > best.tileWidth) best = { cols, tileWidth };
  }
  return best;
}

export interface FirstViewInput {
  viewMode: ViewMode;
  lockedId: string | null;
  window: { width: number; height: number; devicePixelRatio: number };
}

export function firstView(
  others: readonly PeerInfo[],
  me: PeerInfo,
  input: FirstViewInput,
): VisibleTile[] {
  const width = input.window.width - STAGE_INSET.width;
  const height = input.window.height - STAGE_INSET.height;
  const dpr = input.window.devicePixelRatio;
  const ordered = orderMembers([me, ...others], me.peerId);
  const sharer = ordered.find((p) => p.peerId !== me.peerId && p.feeds.screen);
  // A share switches the stage to the float view with the shared screen in the main window.
  if (input.viewMode === 'grid' && !sharer) {
    const items = gridPage(ordered, 0);
    // Two people: the other one fills the stage (PairView).
    const { tileWidth } =
      items.length === 2 ? { tileWidth: width } : fitGrid(items.length, width, height);
    const layer = layerForTile(tileWidth, (tileWidth * 9) / 16, dpr);
    return items
      .filter((p) => p.peerId !== me.peerId)
      .map((p) => ({ peerId: p.peerId, source: 'camera', layer }));
  }
  const mainId = chooseMainWindow({
    lockedId: input.lockedId,
    sharerId: sharer?.peerId ?? null,
    // Before anyone speaks the speaker view shows the first other member, never me.
    activeSpeakerId: ordered.find((p) => p.peerId !== me.peerId)?.peerId ?? null,
    meId: me.peerId,
    present: new Set(ordered.map((p) => p.peerId)),
  });
  const mainSource = sharer && mainId === sharer.peerId ? 'screen' : 'camera';
  const side = ordered
    .filter((p) => mainSource === 'screen' || p.peerId !== mainId)
    .slice(0, SPEECH_SIDE_TILES);
  const out: VisibleTile[] = side
    .filter((p) => p.peerId !== me.peerId)
    .map((p) => ({ peerId: p.peerId, source: 'camera', layer: layerForTile(240, 135, dpr) }));
  if (mainId !== me.peerId)
    out.push({
      peerId: mainId,
      source: mainSource,
      layer: layerForTile(width - SIDE_STRIP, height, dpr),
    });
  return out;
}
