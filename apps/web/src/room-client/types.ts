/**
 * The contract between the room client (this folder: the only code touching the socket,
 * RTCPeerConnection and MediaStreamTrack) and the room UI (features/room). The UI reads
 * serializable state from events into its store; tracks are looked up through `tracks`.
 */
import type { SignalingTarget } from './signaling';
import type { VisibleTile } from './subscription-plan';
import type { VoiceMode } from './voice-effects';
import type {
  FileShareKind,
  LocalRecordingState,
  MagicCloseReason,
  RecordingLayoutKind,
  RoomAuth,
} from '@meet/shared';
import type { MagicCam, MagicCamDeps } from './magic/magic-cam';
import type {
  AvatarId,
  BackgroundSetting,
  BeautifySetting,
  BreakoutRequest,
  BreakoutState,
  CaptionState,
  ChatMessage,
  HostAction,
  MediaSource,
  PeerInfo,
  PermissionState,
  RoomProperties,
  WaitingEntry,
  PollChange,
  MySpeech,
  ReactionEmoji,
  RoomResponses,
  SubtitleMessage,
} from '@meet/shared';

/** What a recording to my computer draws (local-recorder.ts). */
export interface RecordingScene {
  layout: RecordingLayoutKind;
  /** In drawing order: the main window first in the speech layout. */
  tiles: { peerId: string; source: MediaSource; name: string }[];
}

/** A file I share as picture-in-picture (screen-share.ts). */
export interface FileShareState {
  kind: FileShareKind;
  paused: boolean;
}

export type ConnectionState = 'disconnect' | 'connecting' | 'connected' | 'failed';

export interface DeviceChoice {
  audioInputId?: string;
  videoInputId?: string;
  audioOutputId?: string;
  /** The browser's own noise suppression on the microphone (on unless turned off). */
  noiseSuppression?: boolean;
}

/** Saved locally under the Settings storage key (SPEC.md section 3). */
export interface Settings {
  audioID: string;
  videoID: string;
  audioOutputID: string;
  audioEnabled: boolean;
  videoEnabled: boolean;
  /** The microphone's noise suppression (the browser's WebRTC audio processing). */
  noiseSuppression: boolean;
}

export interface DeviceLists {
  audioInputs: MediaDeviceInfoLike[];
  videoInputs: MediaDeviceInfoLike[];
  audioOutputs: MediaDeviceInfoLike[];
}

export interface MediaDeviceInfoLike {
  deviceId: string;
  label: string;
  kind: 'audioinput' | 'videoinput' | 'audiooutput';
}

export interface PermissionStates {
  audio: PermissionState;
  video: PermissionState;
  /** The last error per kind, as SPEC.md keeps it. */
  lastError: {
    audio?: { name: string; message: string };
    video?: { name: string; message: string };
  };
}

/** What a member's tile can show: the server's member state plus local measurements. */
export interface RemoteStats {
  peerId: string;
  rttMs: number | null;
  /** Received video, for the UI's resolution display and the tests. */
  videoWidth: number;
  videoHeight: number;
  framesDecoded: number;
  audioLevel: number;
}

export interface RoomClientEvents {
  connectionState: [state: ConnectionState];
  /** Every member but me, in arrival order (the UI orders them with orderMembers). */
  peers: [peers: PeerInfo[]];
  me: [me: PeerInfo];
  hostChanged: [hostId: number];
  /** A track was added, replaced or removed; look it up with `tracks.get(peerId, source, kind)`. */
  tracksChanged: [];
  /** Speaking power of a member (0–100 scale like SPEC.md's "power above 3"). */
  volume: [peerId: string, power: number];
  activeSpeaker: [peerId: string | null];
  permissions: [states: PermissionStates];
  devices: [lists: DeviceLists];
  /** A user-facing failure; `key` is an i18n key under `room.errors`. */
  error: [key: string, detail?: string];
  /** The same user joined on another device. */
  replaced: [];
  /** The meeting ended or this member was removed. */
  /** Out of the room for good; `by` names who ended the meeting for all, when someone did. */
  /** `seatLost`: away past the reconnect grace, the seat was given up (the page joins again). */
  closed: [reason: 'ended' | 'kicked' | 'left' | 'seatLost', by?: string];
  stats: [stats: RemoteStats[]];
  /**
   * My own link to the media server, once a second: its round trip (null before any
   * measurement) and whether video is received below what the tiles want because the downlink
   * is full (receive-budget.ts).
   */
  network: [network: MyNetwork];
  /** A poll of this meeting changed (the polls feature refreshes what it shows). */
  pollChanged: [voteId: number, change: PollChange];
  /**
   * Chat messages to merge by id (history, a new message, or what a reconnect missed). `live`
   * is false only for the history that came with the first join: none of it is unread.
   */
  chat: [messages: ChatMessage[], live: boolean];
  /** The meeting-wide controls (mute all, lock, waiting room, screen sharing allowed). */
  properties: [properties: RoomProperties];
  /** Hosts only: who waits to be admitted. */
  waitingList: [entries: WaitingEntry[]];
  /** The host acted on my media; the client has already carried it out. */
  hostCommand: [action: HostAction];
  /** Member `peerId` reacted from the reaction bar (my own reactions come back too). */
  reaction: [peerId: string, emoji: ReactionEmoji];
  /** Captions in the meeting, from the join answer and every change (features/captions). */
  captionState: [state: CaptionState];
  /** My own speech settings, from the join answer and every change (also made elsewhere). */
  speechSettings: [speech: MySpeech];
  /** A caption line for me: partial while someone speaks, then final. */
  asrMessage: [message: SubtitleMessage];
  /**
   * Whose interpreted speech plays for me now (sorted peer ids, [] when none): their original
   * voices are turned down to the "original volume". The audio itself never leaves the client.
   */
  interpreting: [peerIds: string[]];
  /** The breakout rooms and the one I am in (from the join answer and every change). */
  breakout: [state: BreakoutState];
  /** I moved to another room: its chat replaces the one shown (the peers come as `peers`). */
  chatReset: [messages: ChatMessage[]];
  /** The host's message to every breakout room. */
  breakoutBroadcast: [text: string, from: string];
  /** Hosts: a member in a breakout room asks for help. */
  breakoutHelp: [request: { userId: number; displayName: string; room: number }];
  /** I share a file (its kind, and whether its video is paused), or stopped (null). */
  fileShare: [state: FileShareState | null];
  /** My Magic Cam stopped, and why ('stop': by the user, or a background chose instead). */
  magicClosed: [reason: MagicCloseReason];
  /** My local recording's state (idle, recording, stopping). */
  localRecording: [state: LocalRecordingState];
  /** A local recording's file was finished under this name. */
  localRecordingSaved: [name: string];
}

/** Why my speech cannot be interpreted now (SPEC.md section 5), an i18n key under room.captions.refused. */
export type InterpretRefusal = 'cannotProduce' | 'noAudioTrack';

export interface TrackStore {
  get(peerId: string, source: MediaSource, kind: 'audio' | 'video'): MediaStreamTrack | undefined;
}

/** What the UI calls. Every method is safe to call at any time; failures arrive as `error` events. */
export interface RoomClientApi {
  readonly tracks: TrackStore;
  /** Opens camera/microphone for the pre-join preview (no server involved). */
  startPreview(choice: DeviceChoice & { audio: boolean; video: boolean }): Promise<void>;
  /** Connects the /room socket ahead of joining (on the pre-join screen), so joining is one request. */
  prepare(options: RoomAuth & SignalingTarget): void;
  /** Connects the /room socket (unless prepared), joins, publishes what is on, and starts subscribing. */
  join(options: {
    conferenceId: string;
    token: string;
    deviceId: string;
    displayName: string;
    audio: boolean;
    video: boolean;
    /**
     * The tiles the UI will show first, from the join answer's members: the first subscription
     * goes out at once instead of after the room's first render. Without it the client waits a
     * moment for the UI's report.
     */
    firstView?: (others: readonly PeerInfo[], me: PeerInfo) => VisibleTile[];
  }): Promise<void>;
  leave(): Promise<void>;
  setMicrophone(on: boolean): Promise<void>;
  setCamera(on: boolean): Promise<void>;
  /**
   * A phone's other camera (front ↔ back, by `facingMode`; a camera that does not say takes the
   * next one), sent in place of this one with replaceTrack: no renegotiation. Nothing while the
   * camera is off.
   */
  flipCamera(): Promise<void>;
  /**
   * The page is in the background (true) or back (false): my camera goes off for the others as
   * its button turns it off, and back on on return if it was on. The microphone stays.
   */
  setAway(away: boolean): Promise<void>;
  /** The virtual background of my camera (issue 15); shown and sent in place of the camera. */
  setBackground(setting: BackgroundSetting): Promise<void>;
  /** The beauty filters of my camera (issue 15), in the same pipeline as the background. */
  setBeauty(setting: BeautifySetting): Promise<void>;
  /** A drawn character instead of my camera (issue 15; null: my camera), in the same pipeline. */
  setAvatar(id: AvatarId | null): Promise<void>;
  /**
   * My camera's Magic Cam (issue 15), made on the first call with these deps (later calls get
   * the same one, its code fetched the first time); its stage runs last in the camera's
   * pipeline. Closed with the client.
   */
  magicCam(deps: MagicCamDeps): Promise<MagicCam>;
  /** The voice changer (none: my own voice), applied to what is sent without renegotiation. */
  setVoice(mode: VoiceMode): Promise<void>;
  /** Plays my changed voice back to me. */
  previewVoice(on: boolean): void;
  /**
   * Records the meeting as I see it into local files (`scene` says what the room shows, asked
   * at every frame); false when it did not start. Call from a click (the folder picker).
   */
  startLocalRecording(
    meeting: { meetingId: string; theme: string },
    scene: () => RecordingScene,
  ): Promise<boolean>;
  stopLocalRecording(): Promise<void>;
  switchDevice(choice: DeviceChoice): Promise<void>;
  /** Starts a screen share (with tab audio when offered); resolves false if the user cancelled. */
  startScreenShare(): Promise<boolean>;
  stopScreenShare(): Promise<void>;
  /**
   * Shares a JPG, PNG or MP4 (at most 10 MB) as my screen, with my camera over its corner; false
   * when refused (the reason comes as an error) or not published.
   */
  startFileShare(file: File): Promise<boolean>;
  /** Pauses or resumes the shared video for everyone. */
  pauseFileShare(paused: boolean): void;
  /** Which members' video the UI shows and how big: only these are subscribed, at these layers. */
  setVisible(views: { peerId: string; source: MediaSource; layer: 0 | 1 | 2 }[]): void;
  /** Sends a chat message; resolves with the stored message or rejects with the server's refusal. */
  sendMessage(content: string): Promise<ChatMessage>;
  /**
   * Sends a reaction from the bar to everyone; resolves when the server took it, rejects with
   * its refusal (a RequestError with key `reactionTooFast` when sent too fast).
   */
  sendReaction(emoji: ReactionEmoji): Promise<void>;
  /**
   * A breakout-room request (plan, open, move, broadcast, close, ask for help); resolves with
   * the server's answer or rejects with its refusal (a RequestError with the catalogue key).
   */
  breakout<T extends BreakoutRequest>(request: T): Promise<RoomResponses[T['type']]>;
  /** My name in the meeting changed (after updateUserConferenceNickname succeeded). */
  setDisplayName(name: string): void;
  /** Re-checks device permissions (opens then stops a stream), optionally for one kind. */
  checkPermissions(kind?: 'audio' | 'video'): Promise<PermissionStates>;
  /**
   * The language I listen in ('' = the original voices), as my speech settings say: interpreted
   * speech in another language stops and is not played.
   */
  setListenLanguage(language: string): void;
  /** Null when my speech can be interpreted: I am in the room and publish my microphone. */
  interpretRefusal(): InterpretRefusal | null;
  close(): void;
}

/** My own link to the media server (the `network` event). */
export interface MyNetwork {
  rttMs: number | null;
  lowered: boolean;
}

/** Before joining (pre-join preview) the local tracks are found under this peer id; after, under mine too. */
export const LOCAL_PEER_ID = 'local';

/** The client as the UI holds it: the API plus typed subscriptions (each returns its unsubscribe). */
export interface RoomClientHandle extends RoomClientApi {
  on<K extends keyof RoomClientEvents>(
    event: K,
    listener: (...args: RoomClientEvents[K]) => void,
  ): () => void;
}
