/**
 * What screen readers hear about the room as it changes (RoomAnnouncer speaks it): members
 * joining and leaving, hands raised and lowered, chat messages and reactions from others.
 * Derived from two successive room states; nothing while joining or rejoining, when the peer
 * list and the chat history arrive all at once and are not news.
 */
import { HAND } from '@meet/shared';
import { REACTION_NAMES, type ReactionName } from '../room-core/reactions';
import type { RoomState } from '../room-core/room-store';

export type Announcement =
  | { key: 'joined' | 'left' | 'handRaised' | 'handLowered'; name: string }
  | { key: 'chat'; name: string; text: string }
  | { key: 'reaction'; name: string; reaction: ReactionName };

/** A long message is cut here: the chat panel has the rest. */
export const ANNOUNCED_CHAT_CHARS = 160;

function clip(text: string): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  return chars.length > ANNOUNCED_CHAT_CHARS
    ? `${chars.slice(0, ANNOUNCED_CHAT_CHARS).join('')}…`
    : chars.join('');
}

export function announcementsOf(prev: RoomState, next: RoomState): Announcement[] {
  if (prev.connection !== 'connected' || next.connection !== 'connected' || !next.me) return [];
  const out: Announcement[] = [];

  if (prev.peers !== next.peers) {
    const before = new Map(prev.peers.map((p) => [p.peerId, p]));
    const after = new Set(next.peers.map((p) => p.peerId));
    for (const peer of next.peers) {
      const was = before.get(peer.peerId);
      if (!was) out.push({ key: 'joined', name: peer.displayName });
      else if (was.handUp !== HAND.apply && peer.handUp === HAND.apply)
        out.push({ key: 'handRaised', name: peer.displayName });
      // Lowered by themselves, or by the host refusing it.
      else if (
        was.handUp === HAND.apply &&
        (peer.handUp === HAND.none || peer.handUp === HAND.refuse)
      )
        out.push({ key: 'handLowered', name: peer.displayName });
    }
    for (const peer of prev.peers)
      if (!after.has(peer.peerId)) out.push({ key: 'left', name: peer.displayName });
  }

  if (prev.chat !== next.chat) {
    const seen = new Set(prev.chat.map((m) => m.id));
    const mine = String(next.me.userId);
    for (const m of next.chat)
      if (!seen.has(m.id) && m.scode !== mine)
        out.push({ key: 'chat', name: m.sname, text: clip(m.content) });
  }

  if (prev.reactions !== next.reactions) {
    const seen = new Set(prev.reactions.map((r) => r.id));
    for (const r of next.reactions) {
      if (seen.has(r.id) || r.peerId === next.me.peerId) continue;
      const sender = next.peers.find((p) => p.peerId === r.peerId);
      if (sender)
        out.push({ key: 'reaction', name: sender.displayName, reaction: REACTION_NAMES[r.emoji] });
    }
  }
  return out;
}
