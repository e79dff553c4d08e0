/**
 * What the subscriber should receive: everyone's audio (people off screen must still be heard)
 * and the video of the tiles the UI shows, at the layer each tile needs. Keys are `feed/mid`.
 */
import type { FeedStream, MediaSource, PeerInfo } from '@meet/shared';

export interface VisibleTile {
  peerId: string;
  source: MediaSource;
  layer: 0 | 1 | 2;
}

export type Plan = Map<string, { stream: FeedStream; layer?: number }>;

export function planSubscriptions(
  peers: ReadonlyMap<string, PeerInfo>,
  visible: readonly VisibleTile[],
): Plan {
  const out: Plan = new Map();
  for (const peer of peers.values()) {
    for (const source of ['camera', 'screen'] as const) {
      const feed = peer.feeds[source];
      const mid = peer.mids[source]?.audio;
      if (feed && mid) out.set(`${feed}/${mid}`, { stream: { feed, mid } });
    }
  }
  for (const view of visible) {
    const peer = peers.get(view.peerId);
    const feed = peer?.feeds[view.source];
    const mid = peer?.mids[view.source]?.video;
    if (feed && mid) out.set(`${feed}/${mid}`, { stream: { feed, mid }, layer: view.layer });
  }
  return out;
}
