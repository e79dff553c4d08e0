/**
 * The phone's stage (issue 28): `phoneLayout` (@meet/shared) says who is big, who is in the
 * strip (under the big tile upright, beside it on its side) and where my own camera goes (small,
 * over a corner), or the 2×3 grid's page; this file lays that out with the desktop's tiles. A
 * strip tile is tapped to show that member big (a pin, as on the desktop). Test hooks:
 * `mobile-stage` with `data-layout` (speaker | grid), `data-main-window`, `mobile-self`,
 * `mobile-strip`.
 */
import { useEffect, useRef } from 'react';
import { phoneLayout, type PeerInfo } from '@meet/shared';
import { useTranslation } from '../../i18n/useTranslation';
import type { Orientation } from '../../ui/useFormFactor';
import { ChevronLeftIcon, ChevronRightIcon } from '../room-core/room-icons';
import { useRoomDispatch, useRoomState } from '../room-core/RoomContext';
import { sharersOf } from '../room-core/room-store';
import { MemberTile } from './MemberTile';
import { useOrdered } from './Stage';

export function MobileStage({
  orientation,
  onShowPeople,
}: {
  orientation: Orientation;
  onShowPeople: () => void;
}) {
  const { t } = useTranslation();
  const dispatch = useRoomDispatch();
  const { ordered, meId } = useOrdered();
  const lockedId = useRoomState((s) => s.lockedId);
  const activeSpeakerId = useRoomState((s) => s.activeSpeaker);
  const sharerId = useRoomState((s) => sharersOf(s)[0] ?? null);
  const viewMode = useRoomState((s) => s.viewMode);
  const gridPage = useRoomState((s) => s.gridPage);
  const previousMain = useRef<string | null>(null);
  const layout = phoneLayout({
    ordered: ordered.map((p) => p.peerId),
    meId,
    lockedId,
    sharerId,
    activeSpeakerId,
    previousMainId: previousMain.current,
    viewMode,
    orientation,
    gridPage,
  });
  const mainId = layout.kind === 'speaker' ? layout.main.peerId : null;
  useEffect(() => {
    if (mainId) previousMain.current = mainId;
  }, [mainId]);
  const byId = new Map(ordered.map((p) => [p.peerId, p]));
  const peer = (id: string): PeerInfo | undefined => byId.get(id);

  if (layout.kind === 'grid') {
    return (
      <main
        className={`room-mobile-stage room-mobile-stage--grid room-mobile-stage--${orientation}`}
        data-testid="mobile-stage"
        data-layout="grid"
      >
        <div
          className={`room-mobile-grid room-mobile-grid--${layout.columns}`}
          data-count={layout.tiles.length}
        >
          {layout.tiles.map((id) => {
            const p = peer(id);
            return (
              p && (
                <MemberTile key={id} peer={p} source="camera" isMe={id === meId} variant="grid" />
              )
            );
          })}
        </div>
        {layout.pages > 1 && (
          <div className="room-pager room-mobile-stage__pager">
            <button
              type="button"
              className="room-pager__btn"
              aria-label={t('room.view.prevPage')}
              disabled={layout.page === 0}
              onClick={() => dispatch({ type: 'gridPage', page: layout.page - 1 })}
            >
              <ChevronLeftIcon />
            </button>
            <span>{t('room.view.page', { page: layout.page + 1, count: layout.pages })}</span>
            <button
              type="button"
              className="room-pager__btn"
              aria-label={t('room.view.nextPage')}
              disabled={layout.page >= layout.pages - 1}
              onClick={() => dispatch({ type: 'gridPage', page: layout.page + 1 })}
            >
              <ChevronRightIcon />
            </button>
          </div>
        )}
      </main>
    );
  }

  const main = peer(layout.main.peerId);
  const self = layout.self ? peer(layout.self) : undefined;
  const { source } = layout.main;
  return (
    <main
      className={`room-mobile-stage room-mobile-stage--speaker room-mobile-stage--${orientation}`}
      data-testid="mobile-stage"
      data-layout="speaker"
    >
      <div className="room-mobile-stage__main" data-main-window>
        {main && (
          <MemberTile
            key={`${main.peerId}/${source}`}
            peer={main}
            source={source}
            isMe={main.peerId === meId}
            variant="main"
          />
        )}
        {source === 'screen' && main && (
          <div className="room-float__presenting">
            {main.peerId === meId
              ? t('room.view.youPresenting')
              : t('room.view.presenting', { name: main.displayName })}
          </div>
        )}
        {self && (
          <div
            className="room-mobile-stage__self"
            data-testid="mobile-self"
            role="group"
            aria-label={t('room.mobile.selfView')}
          >
            <MemberTile peer={self} source="camera" isMe variant="side" pinnable={false} />
          </div>
        )}
      </div>
      {(layout.strip.length > 0 || layout.hidden > 0) && (
        <div className="room-mobile-stage__strip" data-testid="mobile-strip">
          {layout.strip.map((id) => {
            const p = peer(id);
            if (!p) return null;
            return (
              <div key={id} className="room-mobile-stage__slot">
                <MemberTile peer={p} source="camera" isMe={false} variant="side" pinnable={false} />
                {/* The whole tile is the touch target (over it, not around it: a tile is no phrasing content). */}
                <button
                  type="button"
                  className="room-mobile-stage__tap"
                  aria-label={t('room.mobile.pinTile', { name: p.displayName })}
                  onClick={() => dispatch({ type: 'lock', peerId: id })}
                />
              </div>
            );
          })}
          {layout.hidden > 0 && (
            <button
              type="button"
              className="room-mobile-stage__more"
              aria-label={t('room.mobile.showAll', { count: layout.hidden })}
              onClick={onShowPeople}
            >
              {t('room.view.more', { count: layout.hidden })}
            </button>
          )}
        </div>
      )}
    </main>
  );
}
