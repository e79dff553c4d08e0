/**
 * A member's subscriptions and published sources in a live room: which streams of others they
 * receive, and what others learn when a source of theirs goes away. Janus's stream lists are
 * turned into "whose what arrives on which mid".
 */
import type { FeedStream, Jsep, MediaSource, SubscribedStream } from '@meet/shared';
import type { StreamInfo } from '../janus/peer-media.js';
import type { Peer } from './peer.js';
import type { Room } from './room.js';

const keyOf = (s: FeedStream) => `${s.feed}/${s.mid ?? '*'}`;

/** Maps Janus's stream list to which member's what arrives on which mid. */
export function describeStreams(
  room: Room,
  streams: StreamInfo[],
  group: number,
): SubscribedStream[] {
  const out: SubscribedStream[] = [];
  for (const s of streams) {
    if (s.type === 'data' || s.feed_id === undefined) continue;
    const owner = room.peerOfFeed(s.feed_id, group);
    if (!owner) continue;
    out.push({
      mid: s.mid,
      feedId: s.feed_id,
      peerId: owner.peer.peerId,
      source: owner.source,
      kind: s.type,
      active: s.active !== false,
    });
  }
  return out;
}

/** Subscribes to streams of others the member does not receive yet. */
export async function subscribeStreams(
  room: Room,
  peer: Peer,
  streams: FeedStream[],
): Promise<{ jsep: Jsep | null; streams: SubscribedStream[] }> {
  // Only streams of others in the member's own room (main or breakout).
  const wanted = streams.filter((s) => {
    const owner = room.peerOfFeed(s.feed, peer.group);
    return !!owner && owner.peer !== peer && !peer.subscribed.has(keyOf(s));
  });
  if (wanted.length === 0) return { jsep: null, streams: [] };
  wanted.forEach((s) => peer.subscribed.add(keyOf(s)));
  try {
    const result = await peer.media.subscribe(wanted);
    return { jsep: result.jsep, streams: describeStreams(room, result.streams, peer.group) };
  } catch (error) {
    wanted.forEach((s) => peer.subscribed.delete(keyOf(s)));
    throw error;
  }
}

/** The member receives a stream of this feed. */
export function receives(peer: Peer, feed: number): boolean {
  return [...peer.subscribed].some((key) => key.startsWith(`${feed}/`));
}

export async function unsubscribeStreams(
  room: Room,
  peer: Peer,
  streams: FeedStream[],
): Promise<{ jsep: Jsep | null; streams: SubscribedStream[] }> {
  const gone = streams.filter((s) => peer.subscribed.has(keyOf(s)));
  gone.forEach((s) => peer.subscribed.delete(keyOf(s)));
  if (gone.length === 0) return { jsep: null, streams: [] };
  const result = await peer.media.unsubscribe(gone);
  return { jsep: result.jsep, streams: describeStreams(room, result.streams, peer.group) };
}

/** Stops a member's camera or screen feed (published or still coming up) and tells everyone. */
export async function closeSource(room: Room, peer: Peer, source: MediaSource): Promise<void> {
  peer.pendingFeeds.delete(source);
  await peer.media.unpublish(source);
  peer.setFeed(source, null);
  if (source === 'screen') peer.info.shareEnabled = false;
  else {
    peer.info.videoEnabled = false;
    peer.info.audioEnabled = false;
  }
  room.broadcastIn(peer.group, {
    type: 'streamsChanged',
    peerId: peer.peerId,
    source,
    feedId: null,
  });
  room.broadcastIn(peer.group, { type: 'peerUpdated', peer: peer.info });
}
