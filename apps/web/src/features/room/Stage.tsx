/**
 * The dark stage: grid view (up to 9 tiles a page, sized to fill at 16:9; two people as the other
 * filling the stage with me in a corner) or float view (one
 * main window plus a strip of at most 5 small windows). Order and main-window choice come from
 * the pure functions in @meet/shared; this file only lays them out.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import {
  chooseMainWindow,
  gridPage,
  gridPageCount,
  orderMembers,
  SPEECH_SIDE_TILES,
  type MediaSource,
  type PeerInfo,
} from '@meet/shared';
import { fitGrid, GRID_GAP } from './first-view';
import { MemberTile } from './MemberTile';
import { useSelfCorner } from './self-corner';
import { useHeldSpeaker } from './speaker-hold';
import { ChevronLeftIcon, ChevronRightIcon } from '../room-core/room-icons';
import { useRoomDispatch, useRoomState } from '../room-core/RoomContext';
import { isHostMember } from '../room-core/roles';
import { sharersOf } from '../room-core/room-store';

/** A callback ref and its element's size: measured again whenever the element is a new one. */
function useElementSize<T extends HTMLElement>() {
  const [el, ref] = useState<T | null>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    if (!el) return;
    const measure = () => setSize({ width: el.clientWidth, height: el.clientHeight });
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [el]);
  return [ref, size, el] as const;
}

/** Everyone in member order (the host as the room's host id says), and my id. */
export function useOrdered(): { ordered: PeerInfo[]; meId: string } {
  const me = useRoomState((s) => s.me);
  const peers = useRoomState((s) => s.peers);
  const hostId = useRoomState((s) => s.hostId);
  return useMemo(() => {
    const all = (me ? [me, ...peers] : peers).map((p) =>
      isHostMember(p, hostId) === p.isHost ? p : { ...p, isHost: !p.isHost },
    );
    return { ordered: orderMembers(all, me?.peerId ?? ''), meId: me?.peerId ?? '' };
  }, [me, peers, hostId]);
}

function GridView() {
  const { t } = useTranslation();
  const dispatch = useRoomDispatch();
  const page = useRoomState((s) => s.gridPage);
  const { ordered, meId } = useOrdered();
  const [ref, size, stage] = useElementSize<HTMLDivElement>();
  const corner = useSelfCorner(stage);
  const pages = gridPageCount(ordered.length);
  const current = Math.min(page, pages - 1);
  const items = gridPage(ordered, current);
  const { tileWidth } = fitGrid(items.length, size.width, size.height);
  const tileStyle = { width: tileWidth, height: (tileWidth * 9) / 16 };
  // Two people: the other fills the stage and I am a corner window (issue 30) — the same tiles,
  // restyled, so a third person joining remounts no video.
  const pair = items.length === 2 && items.some((p) => p.peerId === meId);

  return (
    <div className="room-grid-wrap">
      <div
        ref={ref}
        className={`room-grid${pair ? ' room-grid--pair' : ''}`}
        style={{ gap: GRID_GAP }}
      >
        {tileWidth > 0 &&
          items.map((p) =>
            !pair ? (
              <MemberTile
                key={p.peerId}
                peer={p}
                source="camera"
                isMe={p.peerId === meId}
                variant="grid"
                style={tileStyle}
              />
            ) : p.peerId === meId ? (
              <MemberTile
                key={p.peerId}
                peer={p}
                source="camera"
                isMe
                variant="pip"
                pinnable={false}
                frame={corner}
              />
            ) : (
              // Nothing to pin: they already have the whole stage.
              <MemberTile
                key={p.peerId}
                peer={p}
                source="camera"
                isMe={false}
                variant="main"
                pinnable={false}
              />
            ),
          )}
      </div>
      {pages > 1 && (
        <div className="room-pager">
          <button
            type="button"
            className="room-pager__btn"
            aria-label={t('room.view.prevPage')}
            disabled={current === 0}
            onClick={() => dispatch({ type: 'gridPage', page: current - 1 })}
          >
            <ChevronLeftIcon />
          </button>
          <span>{t('room.view.page', { page: current + 1, count: pages })}</span>
          <button
            type="button"
            className="room-pager__btn"
            aria-label={t('room.view.nextPage')}
            disabled={current >= pages - 1}
            onClick={() => dispatch({ type: 'gridPage', page: current + 1 })}
          >
            <ChevronRightIcon />
          </button>
        </div>
      )}
    </div>
  );
}

/** The longest a previous main window is kept over a new one that has no frame yet. */
const HOLD_MAX_MS = 1500;

interface MainTile {
  key: string;
  peer: PeerInfo;
  source: MediaSource;
}

/**
 * The main window that was shown before the current one, while the current one has no picture
 * yet (`release` is called by its first frame), for at most HOLD_MAX_MS.
 */
function useHeldMainWindow(
  main: PeerInfo | undefined,
  source: MediaSource,
  present: ReadonlySet<string>,
) {
  const key = main ? `${main.peerId}/${source}` : '';
  const [state, setState] = useState<{ current: MainTile | null; held: MainTile | null }>(() => ({
    current: main ? { key, peer: main, source } : null,
    held: null,
  }));
  // Decided while rendering (not in an effect), so the render that swaps the main window still
  // has the old tile: an effect would run once the old one was already unmounted.
  if ((state.current?.key ?? '') !== key) {
    const previous = state.current;
    setState({
      current: main ? { key, peer: main, source } : null,
      held: previous && present.has(previous.peer.peerId) ? previous : null,
    });
  }
  const held = (state.current?.key ?? '') === key ? state.held : null;
  useEffect(() => {
    if (!held) return;
    const timer = setTimeout(() => setState((s) => ({ ...s, held: null })), HOLD_MAX_MS);
    return () => clearTimeout(timer);
  }, [held]);
  const release = useCallback(() => setState((s) => (s.held ? { ...s, held: null } : s)), []);
  // A held member who left is not shown.
  return { tile: held && present.has(held.peer.peerId) ? held : null, release };
}

function FloatView() {
  const { t } = useTranslation();
  const lockedId = useRoomState((s) => s.lockedId);
  const activeSpeaker = useRoomState((s) => s.activeSpeaker);
  const sharerId = useRoomState((s) => sharersOf(s)[0] ?? null);
  const { ordered, meId } = useOrdered();
  const present = new Set(ordered.map((p) => p.peerId));
  const others = ordered.filter((p) => p.peerId !== meId).map((p) => p.peerId);
  // Never me, and held at least 2 s (issue 30); a pin or a share still moves it at once.
  const speaker = useHeldSpeaker(activeSpeaker, { meId, present, others });
  const mainId = chooseMainWindow({
    lockedId,
    sharerId,
    activeSpeakerId: speaker,
    meId,
    present,
  });
  const main = ordered.find((p) => p.peerId === mainId) ?? ordered[0];
  const mainSource = main && main.peerId === sharerId ? 'screen' : 'camera';
  const held = useHeldMainWindow(main, mainSource, present);
  // With a share in the main window the sharer's camera still belongs in the strip.
  const side = ordered.filter((p) => mainSource === 'screen' || p.peerId !== main?.peerId);
  const shown = side.slice(0, SPEECH_SIDE_TILES);
  const hidden = side.length - shown.length;

  return (
    <div className="room-float">
      <div className="room-float__main" data-main-window>
        {/* The previous main window stays over the new one until that has its first frame, so a
            switch never shows a black or empty window (issue 30). The same element, still playing:
            it comes first and the new one is added after it, so React neither remounts nor moves
            it (a moved <video> pauses). */}
        {held.tile && (
          <MemberTile
            key={held.tile.key}
            peer={held.tile.peer}
            source={held.tile.source}
            isMe={held.tile.peer.peerId === meId}
            variant="main"
            held
          />
        )}
        {main && (
          <MemberTile
            key={`${main.peerId}/${mainSource}`}
            peer={main}
            source={mainSource}
            isMe={main.peerId === meId}
            variant="main"
            onReady={held.release}
          />
        )}
        {mainSource === 'screen' && main && (
          <div className="room-float__presenting">
            {main.peerId === meId
              ? t('room.view.youPresenting')
              : t('room.view.presenting', { name: main.displayName })}
          </div>
        )}
      </div>
      {shown.length > 0 && (
        <div
          className="room-float__side"
          style={{ '--slots': shown.length + (hidden > 0 ? 1 : 0) } as React.CSSProperties}
        >
          {shown.map((p) => (
            <MemberTile
              key={p.peerId}
              peer={p}
              source="camera"
              isMe={p.peerId === meId}
              variant="side"
            />
          ))}
          {hidden > 0 && (
            <div className="room-float__more">{t('room.view.more', { count: hidden })}</div>
          )}
        </div>
      )}
    </div>
  );
}

export function Stage() {
  const mode = useRoomState((s) => s.viewMode);
  return <main className="room-stage">{mode === 'grid' ? <GridView /> : <FloatView />}</main>;
}
