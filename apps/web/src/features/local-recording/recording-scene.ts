/**
 * What a local recording draws at a moment: the room as its member sees it (the grid's current
 * page, or the main window and the side column), from the room's state — the same choices the
 * stage makes (features/room/Stage.tsx).
 */
import {
  GRID_PAGE_SIZE,
  SPEECH_SIDE_TILES,
  chooseMainWindow,
  gridPage,
  gridPageCount,
  orderMembers,
} from '@meet/shared';
import type { RecordingScene } from '../../room-client/local-recorder';
import { isHostMember } from '../room-core/roles';
import { sharersOf, type RoomState } from '../room-core/room-store';

export function recordingScene(state: RoomState): RecordingScene {
  const { me, peers, hostId } = state;
  const all = (me ? [me, ...peers] : peers).map((p) =>
    isHostMember(p, hostId) === p.isHost ? p : { ...p, isHost: !p.isHost },
  );
  const meId = me?.peerId ?? '';
  const ordered = orderMembers(all, meId);
  const tile = (p: (typeof ordered)[number], source: 'camera' | 'screen' = 'camera') => ({
    peerId: p.peerId,
    source,
    name: p.displayName,
  });
  if (state.viewMode === 'grid') {
    const page = Math.min(state.gridPage, gridPageCount(ordered.length) - 1);
    return {
      layout: 'grid',
      tiles: gridPage(ordered, Math.max(0, page), GRID_PAGE_SIZE).map((p) => tile(p)),
    };
  }
  const sharerId = sharersOf(state)[0] ?? null;
  const mainId = chooseMainWindow({
    lockedId: state.lockedId,
    sharerId,
    activeSpeakerId: state.activeSpeaker,
    meId,
    present: new Set(ordered.map((p) => p.peerId)),
  });
  const main = ordered.find((p) => p.peerId === mainId) ?? ordered[0];
  if (!main) return { layout: 'speech', tiles: [] };
  const mainSource = main.peerId === sharerId ? 'screen' : 'camera';
  const side = ordered
    .filter((p) => mainSource === 'screen' || p.peerId !== main.peerId)
    .slice(0, SPEECH_SIDE_TILES);
  return { layout: 'speech', tiles: [tile(main, mainSource), ...side.map((p) => tile(p))] };
}
