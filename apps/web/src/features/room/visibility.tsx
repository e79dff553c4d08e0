/**
 * Tells the client which tiles are on screen and how big, so it subscribes only to that video at
 * the simulcast layer the tile needs. Tiles register their element; one ResizeObserver watches
 * them all. New or removed tiles are reported at once (first frame matters), size changes after
 * 200 ms of quiet (a window drag would otherwise renegotiate layers many times a second).
 */
import { createContext, useCallback, useContext, useEffect, useRef, type ReactNode } from 'react';
import { layerForTile, type MediaSource } from '@meet/shared';
import { useRoomClient, useRoomState } from '../room-core/RoomContext';

const RESIZE_DEBOUNCE_MS = 200;
type Register = (el: Element, peerId: string, source: MediaSource) => () => void;
type View = { peerId: string; source: MediaSource; layer: 0 | 1 | 2 };

const VisibilityContext = createContext<Register | null>(null);

export function VisibilityProvider({ children }: { children: ReactNode }) {
  const client = useRoomClient();
  const meId = useRoomState((s) => s.me?.peerId ?? null);
  const tiles = useRef(new Map<Element, { peerId: string; source: MediaSource }>());
  const timer = useRef<{ id: ReturnType<typeof setTimeout>; due: number } | null>(null);
  const last = useRef('');
  const meRef = useRef(meId);
  meRef.current = meId;

  const flush = useCallback(() => {
    timer.current = null;
    const views = new Map<string, View>();
    const dpr = window.devicePixelRatio || 1;
    for (const [el, tile] of tiles.current) {
      if (tile.peerId === meRef.current) continue; // my own video is local, never subscribed
      const rect = el.getBoundingClientRect();
      const layer = layerForTile(rect.width, rect.height, dpr);
      const key = `${tile.peerId}/${tile.source}`;
      const prev = views.get(key);
      if (!prev || prev.layer < layer) views.set(key, { ...tile, layer });
    }
    const list = [...views.values()].sort((a, b) =>
      `${a.peerId}/${a.source}`.localeCompare(`${b.peerId}/${b.source}`),
    );
    const signature = JSON.stringify(list);
    if (signature === last.current) return;
    last.current = signature;
    client.setVisible(list);
  }, [client]);

  const schedule = useCallback(
    (delay: number) => {
      const due = Date.now() + delay;
      if (timer.current && timer.current.due <= due) return;
      if (timer.current) clearTimeout(timer.current.id);
      timer.current = { id: setTimeout(flush, delay), due };
    },
    [flush],
  );

  const observer = useRef<ResizeObserver | null>(null);
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => {
      // A resize restarts the quiet period unless an immediate report is already due.
      if (timer.current && timer.current.due - Date.now() < 20) return;
      if (timer.current) clearTimeout(timer.current.id);
      timer.current = null;
      schedule(RESIZE_DEBOUNCE_MS);
    });
    observer.current = ro;
    for (const el of tiles.current.keys()) ro.observe(el);
    return () => {
      ro.disconnect();
      observer.current = null;
      if (timer.current) clearTimeout(timer.current.id);
      timer.current = null;
    };
  }, [schedule]);

  useEffect(() => schedule(0), [meId, schedule]);

  const register = useCallback<Register>(
    (el, peerId, source) => {
      tiles.current.set(el, { peerId, source });
      observer.current?.observe(el);
      schedule(0);
      return () => {
        tiles.current.delete(el);
        observer.current?.unobserve(el);
        schedule(0);
      };
    },
    [schedule],
  );

  return <VisibilityContext.Provider value={register}>{children}</VisibilityContext.Provider>;
}

/** A callback ref that reports this tile while it is mounted. */
export function useTileRef(peerId: string, source: MediaSource) {
  const register = useContext(VisibilityContext);
  if (!register) throw new Error('useTileRef must be used inside VisibilityProvider');
  return useCallback(
    (el: HTMLElement | null) => (el ? register(el, peerId, source) : undefined),
    [register, peerId, source],
  );
}
