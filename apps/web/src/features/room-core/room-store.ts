/**
 * The live room's UI state: serializable facts only (no tracks, no client). RoomClient events
 * reach it through features/room/room-binding.ts; components read it with `useRoomState`
 * (RoomContext.tsx).
 *
 * Shape:
 *   connection      'disconnect' | 'connecting' | 'connected' | 'failed'
 *   reconnecting    true after the socket dropped until the peer list arrives again
 *   me              my PeerInfo from the server (null before the join answer)
 *   peers           every other member, in arrival order (orderMembers sorts them for views)
 *   hostId          the host's userId (0 = none)
 *   activeSpeaker   peerId the server names as talking, or null
 *   volumes         peerId -> last power (0–100)
 *   speaking        peerId -> true while power was above 3 in the last 2 s
 *   viewMode        'grid' | 'float'; previousMode is the mode a share replaced (null if none)
 *   localShare      I am sharing (known before the server echoes my shareEnabled flag)
 *   gridPage        the grid page shown (0-based)
 *   lockedId        the member pinned to the main window, or null
 *   permissions     audio/video permission state plus the last error per kind
 *   permissionModal the open device-permission dialog's marker, or null
 *   devices         microphone / camera / speaker lists
 *   settings        the Settings record saved in localStorage
 *   stats           peerId -> RemoteStats (rtt, decoded frames, received size)
 *   network         my own link: round trip and whether received video is lowered (or null)
 *   panel           the right panel's tab shown ('members' | 'chat' | 'waiting' | 'controls' |
 *                   'breakout'), or null when closed; the last three only while I am host
 *   tracksVersion   bumped on every tracksChanged so tiles look their tracks up again
 *   chat            chat messages, oldest first, each id once (features/chat/chat-log.ts)
 *   chatUnread      messages from others that arrived live while the chat tab was not shown
 *   properties      the meeting-wide controls: confMute 0/1/2, lockRoom, waitingRoom,
 *                   screenShareAllowed
 *   waiting         hosts only: who waits to be admitted (status 1 "admitted" left out)
 *   reactions       reactions floating over their senders' tiles now, oldest first (each is
 *                   dropped REACTION_FLOAT_MS after it arrived; reactions.ts)
 *   breakout        the breakout rooms and the one I am in (hosts: everyone's place), with
 *                   breakoutAt, when (local ms) it arrived, for the countdowns
 */
import {
  CONF_MUTE,
  NO_BREAKOUTS,
  SPEAKING_CLEAR_MS,
  SPEAKING_POWER,
  WAITING_STATUS,
  type BreakoutState,
  type ChatMessage,
  type PeerInfo,
  type RoomProperties,
  type WaitingEntry,
} from '@meet/shared';
import type {
  ConnectionState,
  DeviceLists,
  MyNetwork,
  PermissionStates,
  RemoteStats,
  Settings,
} from '../../room-client/types';
import { mergeChat } from '../chat/chat-log';
import type { WaitingAction } from '../waiting-room/waiting-list';
import { REACTION_FLOAT_MS, REACTION_MAX_SHOWN, type FloatingReaction } from './reactions';
import { amHost } from './roles';

export type ViewMode = 'grid' | 'float';
export type PanelTab = 'members' | 'chat' | 'waiting' | 'controls' | 'breakout' | 'transcript';

export interface RoomState {
  connection: ConnectionState;
  reconnecting: boolean;
  me: PeerInfo | null;
  peers: PeerInfo[];
  hostId: number;
  activeSpeaker: string | null;
  volumes: Record<string, number>;
  speaking: Record<string, true>;
  viewMode: ViewMode;
  previousMode: ViewMode | null;
  localShare: boolean;
  gridPage: number;
  lockedId: string | null;
  permissions: PermissionStates;
  permissionModal: 'audio' | 'video' | null;
  devices: DeviceLists;
  settings: Settings;
  stats: Record<string, RemoteStats>;
  /** The host (user id) last seen in the room: one gone from it since has left (HostGoneNotice). */
  hostSeenId: number;
  /** My own link, measured (null until the first measurement in the room). */
  network: MyNetwork | null;
  panel: PanelTab | null;
  tracksVersion: number;
  chat: readonly ChatMessage[];
  chatUnread: number;
  properties: RoomProperties;
  waiting: WaitingEntry[];
  reactions: readonly FloatingReaction[];
  breakout: BreakoutState;
  breakoutAt: number;
}

export type RoomAction =
  | { type: 'connection'; state: ConnectionState }
  | { type: 'reconnecting' }
  | { type: 'me'; me: PeerInfo }
  | { type: 'peers'; peers: PeerInfo[] }
  | { type: 'host'; hostId: number }
  | { type: 'activeSpeaker'; peerId: string | null }
  | { type: 'volume'; peerId: string; power: number }
  | { type: 'speakingEnded'; peerId: string }
  | { type: 'viewMode'; mode: ViewMode }
  | { type: 'localShare'; on: boolean }
  | { type: 'gridPage'; page: number }
  | { type: 'lock'; peerId: string | null }
  | { type: 'permissions'; states: PermissionStates }
  | { type: 'permissionModal'; kind: 'audio' | 'video' | null }
  | { type: 'devices'; lists: DeviceLists }
  | { type: 'settings'; settings: Partial<Settings> }
  | { type: 'stats'; stats: RemoteStats[] }
  | { type: 'network'; network: MyNetwork }
  | { type: 'panel'; panel: PanelTab | null }
  | { type: 'tracksChanged' }
  | { type: 'chat'; messages: readonly ChatMessage[]; live: boolean }
  /** I moved to another room: its chat replaces this one's. */
  | { type: 'chatReset'; messages: readonly ChatMessage[] }
  | { type: 'breakout'; breakout: BreakoutState; at: number }
  | { type: 'properties'; properties: Partial<RoomProperties> }
  | WaitingAction
  | { type: 'reaction'; reaction: FloatingReaction }
  | { type: 'reactionEnded'; id: number };

export const DEFAULT_SETTINGS: Settings = {
  audioID: '',
  videoID: '',
  audioOutputID: '',
  audioEnabled: true,
  videoEnabled: true,
  noiseSuppression: true,
};

export function initialRoomState(settings: Settings = DEFAULT_SETTINGS): RoomState {
  return {
    connection: 'disconnect',
    reconnecting: false,
    me: null,
    peers: [],
    hostId: 0,
    activeSpeaker: null,
    volumes: {},
    speaking: {},
    viewMode: 'grid',
    previousMode: null,
    localShare: false,
    gridPage: 0,
    lockedId: null,
    permissions: { audio: 'Allow', video: 'Allow', lastError: {} },
    permissionModal: null,
    devices: { audioInputs: [], videoInputs: [], audioOutputs: [] },
    settings,
    stats: {},
    hostSeenId: 0,
    network: null,
    panel: null,
    tracksVersion: 0,
    chat: [],
    chatUnread: 0,
    properties: {
      confMute: CONF_MUTE.off,
      lockRoom: false,
      waitingRoom: false,
      screenShareAllowed: true,
      recordStatus: 0,
      recordType: 0,
      recordStartedAt: 0,
    },
    waiting: [],
    reactions: [],
    breakout: NO_BREAKOUTS,
    breakoutAt: 0,
  };
}

const HOST_TABS: readonly PanelTab[] = ['waiting', 'controls', 'breakout'];

/** Notes the host as seen while they are among the members. */
function hostSeen(state: RoomState): RoomState {
  if (state.hostId === 0 || state.hostId === state.hostSeenId) return state;
  return state.peers.some((p) => p.userId === state.hostId)
    ? { ...state, hostSeenId: state.hostId }
    : state;
}

/** Losing the host role closes the host's tabs and forgets the waiting list. */
function applyHostRole(state: RoomState): RoomState {
  if (amHost(state)) return state;
  if (!HOST_TABS.includes(state.panel as PanelTab) && state.waiting.length === 0) return state;
  return {
    ...state,
    panel: state.panel && HOST_TABS.includes(state.panel) ? 'members' : state.panel,
    waiting: [],
    reactions: [],
  };
}

/** Everyone who is sharing now, newest share first (me included). */
export function sharersOf(state: RoomState): string[] {
  const all = state.me ? [state.me, ...state.peers] : state.peers;
  return all
    .filter((p) => p.shareEnabled || (p === state.me && state.localShare))
    .sort((a, b) => b.shareTime - a.shareTime)
    .map((p) => p.peerId);
}

/**
 * SPEC.md "Sharing": the first share forces float (remembering the mode it replaced), the last
 * share ending restores it; a locked member who stops sharing is unlocked.
 */
function applySharing(prev: RoomState, next: RoomState): RoomState {
  const before = sharersOf(prev);
  const after = sharersOf(next);
  let out = next;
  if (before.length === 0 && after.length > 0) {
    out = { ...out, previousMode: out.viewMode, viewMode: 'float' };
  } else if (before.length > 0 && after.length === 0) {
    out = { ...out, viewMode: out.previousMode ?? out.viewMode, previousMode: null };
  }
  if (out.lockedId && before.includes(out.lockedId) && !after.includes(out.lockedId)) {
    out = { ...out, lockedId: null };
  }
  return out;
}

function withoutKey<T>(record: Record<string, T>, key: string): Record<string, T> {
  if (!(key in record)) return record;
  return Object.fromEntries(Object.entries(record).filter(([k]) => k !== key));
}

export function roomReducer(state: RoomState, action: RoomAction): RoomState {
  switch (action.type) {
    case 'connection':
      return {
        ...state,
        connection: action.state,
        reconnecting: action.state === 'connected' ? false : state.reconnecting,
      };
    case 'reconnecting':
      return { ...state, reconnecting: true };
    case 'me':
      return applyHostRole(applySharing(state, { ...state, me: action.me }));
    case 'peers': {
      const present = new Set(action.peers.map((p) => p.peerId));
      const next = { ...state, peers: action.peers };
      // A pinned member who left cannot stay pinned.
      if (next.lockedId && next.lockedId !== state.me?.peerId && !present.has(next.lockedId))
        next.lockedId = null;
      return applySharing(state, hostSeen(next));
    }
    case 'host':
      return applyHostRole(hostSeen({ ...state, hostId: action.hostId }));
    case 'activeSpeaker':
      return { ...state, activeSpeaker: action.peerId };
    case 'volume': {
      const volumes = { ...state.volumes, [action.peerId]: action.power };
      const loud = action.power > SPEAKING_POWER;
      if (loud && !state.speaking[action.peerId])
        return { ...state, volumes, speaking: { ...state.speaking, [action.peerId]: true } };
      return { ...state, volumes };
    }
    case 'speakingEnded':
      return { ...state, speaking: withoutKey(state.speaking, action.peerId) };
    case 'viewMode':
      // Grid is unavailable while anyone shares; the choice becomes the mode to restore.
      if (sharersOf(state).length > 0)
        return action.mode === 'float' ? { ...state, previousMode: 'float' } : state;
      return { ...state, viewMode: action.mode, gridPage: 0 };
    case 'localShare':
      if (state.localShare === action.on) return state;
      return applySharing(state, { ...state, localShare: action.on });
    case 'gridPage':
      return { ...state, gridPage: Math.max(0, action.page) };
    case 'lock':
      return { ...state, lockedId: action.peerId };
    case 'permissions':
      return { ...state, permissions: action.states };
    case 'permissionModal':
      return { ...state, permissionModal: action.kind };
    case 'devices':
      return { ...state, devices: action.lists };
    case 'settings':
      return { ...state, settings: { ...state.settings, ...action.settings } };
    case 'stats': {
      const stats: Record<string, RemoteStats> = {};
      for (const s of action.stats) stats[s.peerId] = s;
      return { ...state, stats };
    }
    case 'network':
      return { ...state, network: action.network };
    case 'panel':
      if (action.panel && HOST_TABS.includes(action.panel) && !amHost(state)) return state;
      return {
        ...state,
        panel: action.panel,
        chatUnread: action.panel === 'chat' ? 0 : state.chatUnread,
      };
    case 'tracksChanged':
      return { ...state, tracksVersion: state.tracksVersion + 1 };
    case 'chat': {
      const { log, added } = mergeChat(state.chat, action.messages);
      if (added.length === 0) return state;
      const mine = String(state.me?.userId ?? '');
      const unread =
        action.live && state.panel !== 'chat' ? added.filter((m) => m.scode !== mine).length : 0;
      return { ...state, chat: log, chatUnread: state.chatUnread + unread };
    }
    case 'chatReset': {
      const { log } = mergeChat([], action.messages);
      return { ...state, chat: log, chatUnread: 0 };
    }
    case 'breakout':
      return { ...state, breakout: action.breakout, breakoutAt: action.at };
    case 'properties':
      return { ...state, properties: { ...state.properties, ...action.properties } };
    case 'waitingList':
      if (!amHost(state)) return state.waiting.length ? { ...state, waiting: [] } : state;
      return {
        ...state,
        waiting: action.entries.filter((e) => e.status !== WAITING_STATUS.admitted),
      };
    case 'waitingRemoved': {
      const waiting = state.waiting.filter((e) => !action.userIds.includes(e.userId));
      return waiting.length === state.waiting.length ? state : { ...state, waiting };
    }
    case 'reaction':
      return {
        ...state,
        reactions: [...state.reactions, action.reaction].slice(-REACTION_MAX_SHOWN),
      };
    case 'reactionEnded': {
      const reactions = state.reactions.filter((r) => r.id !== action.id);
      return reactions.length === state.reactions.length ? state : { ...state, reactions };
    }
  }
}

export interface RoomStore {
  getState(): RoomState;
  dispatch(action: RoomAction): void;
  subscribe(listener: () => void): () => void;
  /** Stops the speaking and reaction timers. */
  dispose(): void;
}

/**
 * A tiny external store; it also owns the 2 s timers that clear the speaking flag and those
 * that drop a reaction once it has floated.
 */
export function createRoomStore(initial: RoomState = initialRoomState()): RoomStore {
  let state = initial;
  const listeners = new Set<() => void>();
  const speakingTimers = new Map<string, ReturnType<typeof setTimeout>>();
  const reactionTimers = new Set<ReturnType<typeof setTimeout>>();

  const dispatch = (action: RoomAction) => {
    const next = roomReducer(state, action);
    if (action.type === 'volume' && action.power > SPEAKING_POWER) {
      clearTimeout(speakingTimers.get(action.peerId));
      speakingTimers.set(
        action.peerId,
        setTimeout(() => {
          speakingTimers.delete(action.peerId);
          dispatch({ type: 'speakingEnded', peerId: action.peerId });
        }, SPEAKING_CLEAR_MS),
      );
    }
    if (action.type === 'reaction') {
      const timer = setTimeout(() => {
        reactionTimers.delete(timer);
        dispatch({ type: 'reactionEnded', id: action.reaction.id });
      }, REACTION_FLOAT_MS);
      reactionTimers.add(timer);
    }
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener();
  };

  return {
    getState: () => state,
    dispatch,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      for (const timer of speakingTimers.values()) clearTimeout(timer);
      speakingTimers.clear();
      for (const timer of reactionTimers) clearTimeout(timer);
      reactionTimers.clear();
      listeners.clear();
    },
  };
}
