/**
 * The server's `/room` notifications, each given to the part of the client it concerns: the
 * members, the subscriptions, chat, the room's shared state (Collaboration), interpretation, or
 * straight to the UI as an event. What rebuilds or ends the connections (a media server restart,
 * a move to a breakout room, the end of the meeting) stays RoomClient's, through `connections`.
 */
import { assertUnreachable, type PeerInfo, type RoomNotification } from '@meet/shared';
import type { Chat } from './chat';
import type { Collaboration } from './collaboration';
import type { InterpretPlayer } from './interpret-player';
import type { RoomMembers } from './room-members';
import type { SubscriptionSync } from './subscription-sync';
import type { RoomClientEvents } from './types';

type Emit = <K extends keyof RoomClientEvents>(event: K, ...args: RoomClientEvents[K]) => void;
export type BreakoutMoved = Extract<RoomNotification, { type: 'breakoutMoved' }>;

export interface NotifiedParts {
  members: RoomMembers;
  subscriptions: SubscriptionSync;
  chat: Chat;
  collab: Collaboration;
  interpreted: InterpretPlayer;
  emit: Emit;
  /** Members' new state: mine may change what my media may do. */
  updatePeers(peers: PeerInfo[]): void;
  connections: {
    /** The media server restarted: new connections, same meeting. */
    republish(): Promise<void>;
    /** I am in another (breakout) room now. */
    move(n: BreakoutMoved): Promise<void>;
    /** Replaced by another device of mine, or the room closed. */
    end(): void;
  };
}

export async function dispatchNotification(
  parts: NotifiedParts,
  n: RoomNotification,
): Promise<void> {
  const { emit } = parts;
  switch (n.type) {
    case 'newPeer':
    case 'peerUpdated':
      parts.updatePeers([n.peer]);
      return;
    case 'roomUpdated':
      // One change of the room's controls, applied whole: the host, the members, then the
      // meeting-wide part and what the host asks of my media (Collaboration). No await in
      // between, so the UI sees its events together.
      if (n.host) emit('hostChanged', n.host.hostId);
      parts.updatePeers(n.peers);
      parts.collab.handleNotification(n);
      return;
    case 'peerClosed':
      if (n.reconnecting) parts.members.reconnecting(n.peerId, n.graceMs ?? 0);
      else parts.members.remove(n.peerId);
      parts.subscriptions.schedule();
      return;
    case 'streamsChanged':
      parts.subscriptions.schedule();
      return;
    case 'subscriberOffer':
      await parts.subscriptions.handleOffer(n.jsep, n.streams);
      return;
    case 'activeSpeaker':
      emit('activeSpeaker', n.talking ? n.peerId : null);
      return;
    case 'republish':
      return parts.connections.republish();
    case 'replaced':
      emit('replaced');
      parts.connections.end();
      return;
    case 'roomClosed':
      emit('closed', n.reason, n.by);
      parts.connections.end();
      return;
    case 'messageReceived':
      parts.chat.handleNotification(n);
      return;
    case 'waitingList':
    case 'reaction':
      parts.collab.handleNotification(n);
      return;
    case 'pollChanged':
      emit('pollChanged', n.voteId, n.change);
      return;
    case 'breakoutState':
      emit('breakout', n.breakout);
      return;
    case 'breakoutMoved':
      return parts.connections.move(n);
    case 'breakoutBroadcast':
      emit('breakoutBroadcast', n.text, n.from);
      return;
    case 'breakoutHelp':
      emit('breakoutHelp', { userId: n.userId, displayName: n.displayName, room: n.room });
      return;
    case 'asrMessage':
      emit('asrMessage', n.message);
      return;
    case 'captionState':
      emit('captionState', n.state);
      return;
    case 'speechSettings':
      emit('speechSettings', n.speech);
      return;
    case 'interpretAudio':
      parts.interpreted.handleAudio(n);
      return;
    default:
      assertUnreachable(n);
  }
}
