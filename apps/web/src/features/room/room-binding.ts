/**
 * The one place RoomClient events become store actions (and user-facing toasts: errors, and
 * the notices of what the host did). Returns the unbinding function; RoomScreen binds once per
 * client.
 */
import {
  dialogFor,
  TOAST_LONG_MS,
  WAITING_STATUS,
  type HostAction,
  type PermissionState,
  type RoomProperties,
} from '@meet/shared';
import { showToast, toast } from '../../ui/toast-store';
import { LOCAL_PEER_ID, type PermissionStates } from '../../room-client/types';
import type { RoomClientHandle } from '../room-core/RoomContext';
import {
  combineNotices,
  hostCommandNotice,
  memberNotices,
  propertyNotices,
  WARNING_NOTICES,
  type NoticeKey,
} from './room-notices';
import type { RoomStore } from '../room-core/room-store';
import { saveSettings } from '../room-core/settings-storage';
import { amHost } from '../room-core/roles';
import { breakoutNotice, type BreakoutNoticeKey } from './breakout-notices';

/** Error keys the client sends under `room.errors.*`; anything else falls back to a generic text. */
const KNOWN_ERRORS = [
  'turnOnVideoFailed',
  'turnOnAudioFailed',
  'streamEmpty',
  'screenDenied',
  'shareFailed',
  'reconnecting',
  'connectFailed',
  'meetingFull',
  'rateLimited',
  'signedOut',
  'forceMuted',
  'videoDisabled',
  'backgroundEffectsFailed',
  'beautyEffectsFailed',
  'avatarEffectsFailed',
  'avatarEndedByMagic',
  'voiceChangerFailed',
  'localRecordingUnsupported',
  'localRecordingFailed',
  'fileShareType',
  'fileShareTooBig',
  'fileShareFailed',
  'flipCameraFailed',
] as const;
type KnownError = (typeof KNOWN_ERRORS)[number];
const WARNING_ERRORS: readonly string[] = [
  'reconnecting',
  'turnOnVideoFailed',
  'turnOnAudioFailed',
  'forceMuted',
  'videoDisabled',
  'avatarEndedByMagic',
  'fileShareType',
  'fileShareTooBig',
  'flipCameraFailed',
];
export type Translate = (
  key:
    | `room.errors.${KnownError | 'generic'}`
    | `room.notices.${NoticeKey}`
    | 'room.notices.waitingJoined'
    | `room.breakout.${'broadcastFrom' | 'helpAsked' | BreakoutNoticeKey}`,
  options?: Record<string, string>,
) => string;

const isKnown = (key: string): key is KnownError =>
  (KNOWN_ERRORS as readonly string[]).includes(key);

/** The kind whose state just turned into a failure, which opens its permission dialog. */
/** The pre-join choice a host command changes (stopping a share changes none). */
export function settingsAfterHostCommand(
  action: HostAction,
): { audioEnabled: boolean } | { videoEnabled: boolean } | null {
  switch (action) {
    case 'muteAudio':
      return { audioEnabled: false };
    case 'unmuteAudio':
      return { audioEnabled: true };
    case 'disableVideo':
      return { videoEnabled: false };
    case 'stopShare':
      return null;
  }
}

export function newlyFailed(
  prev: PermissionStates,
  next: PermissionStates,
): 'audio' | 'video' | null {
  const failed = (s: PermissionState) => dialogFor(s) !== null;
  for (const kind of ['audio', 'video'] as const)
    if (failed(next[kind]) && next[kind] !== prev[kind]) return kind;
  return null;
}

export function bindRoom(
  client: RoomClientHandle,
  store: RoomStore,
  t: Translate,
  onClosed: (
    reason: 'ended' | 'kicked' | 'left' | 'seatLost' | 'replaced' | 'signedOut',
    by?: string,
  ) => void,
): () => void {
  const { dispatch, getState } = store;
  // One server message (a join answer, one change of the room's controls) becomes several
  // events, given one after another without a pause (RoomClient): their notices are told
  // together once those events are through, the most telling ones only.
  let pending: NoticeKey[] = [];
  let bound = true;
  const tellPending = () => {
    const keys = combineNotices(pending);
    pending = [];
    if (!bound) return;
    for (const key of keys)
      showToast(
        WARNING_NOTICES.has(key) ? 'warning' : 'info',
        t(`room.notices.${key}`),
        TOAST_LONG_MS,
      );
  };
  const notify = (keys: NoticeKey[]) => {
    if (keys.length === 0) return;
    if (pending.length === 0) queueMicrotask(tellPending);
    pending.push(...keys);
  };
  // Null until the join answer: the first properties are the meeting's, not a change.
  let properties: RoomProperties | null = null;
  let reactionId = 0;

  const offs = [
    client.on('connectionState', (state) => dispatch({ type: 'connection', state })),
    client.on('peers', (peers) => dispatch({ type: 'peers', peers })),
    client.on('me', (me) => {
      const prev = getState().me;
      dispatch({ type: 'me', me });
      notify(memberNotices(prev, me));
    }),
    client.on('hostChanged', (hostId) => {
      const { me, hostId: before, connection } = getState();
      dispatch({ type: 'host', hostId });
      // The join answer names the host too; only a change during the meeting is news.
      if (connection === 'connected' && me && hostId !== before && hostId === me.userId)
        notify(['youAreHost']);
    }),
    client.on('tracksChanged', () => {
      dispatch({ type: 'tracksChanged' });
      // My share is on while I hold a screen track; this also catches the browser's own
      // "Stop sharing" button, which ends the track without going through the toolbar.
      const on = !!client.tracks.get(LOCAL_PEER_ID, 'screen', 'video');
      dispatch({ type: 'localShare', on });
    }),
    client.on('volume', (peerId, power) => dispatch({ type: 'volume', peerId, power })),
    client.on('activeSpeaker', (peerId) => dispatch({ type: 'activeSpeaker', peerId })),
    client.on('devices', (lists) => dispatch({ type: 'devices', lists })),
    client.on('stats', (stats) => dispatch({ type: 'stats', stats })),
    client.on('network', (network) => dispatch({ type: 'network', network })),
    client.on('permissions', (states) => {
      const kind = newlyFailed(getState().permissions, states);
      dispatch({ type: 'permissions', states });
      // One dialog at a time: a second failure waits until the first is closed.
      if (kind && !getState().permissionModal) dispatch({ type: 'permissionModal', kind });
    }),
    client.on('error', (key) => {
      if (key === 'reconnecting') dispatch({ type: 'reconnecting' });
      const text = isKnown(key) ? t(`room.errors.${key}`) : t('room.errors.generic');
      if (WARNING_ERRORS.includes(key)) toast.warning(text);
      else toast.error(text);
      // The sign-in this meeting was joined with ended (a logout or password reset elsewhere).
      if (key === 'signedOut') onClosed('signedOut');
    }),
    client.on('chat', (messages, live) => dispatch({ type: 'chat', messages, live })),
    client.on('properties', (next) => {
      notify(propertyNotices(properties, next, amHost(getState())));
      properties = next;
      dispatch({ type: 'properties', properties: next });
    }),
    client.on('hostCommand', (action) => {
      notify([hostCommandNotice(action)]);
      // What the host turned off (or, approving a hand, on) is how the pre-join of a later join
      // or a rejoin shows my devices: never on because of an earlier choice (issue 30).
      const patch = settingsAfterHostCommand(action);
      if (patch) {
        dispatch({ type: 'settings', settings: patch });
        saveSettings({ ...getState().settings, ...patch });
      }
    }),
    client.on('reaction', (peerId, emoji) =>
      dispatch({ type: 'reaction', reaction: { id: ++reactionId, peerId, emoji } }),
    ),
    client.on('waitingList', (entries) => {
      const state = getState();
      const before = new Set(state.waiting.map((e) => e.userId));
      dispatch({ type: 'waitingList', entries });
      // The host hears about a newcomer unless the waiting list is in front of them.
      if (!amHost(state) || state.panel === 'waiting') return;
      for (const entry of entries)
        if (!before.has(entry.userId) && entry.status !== WAITING_STATUS.admitted)
          toast.info(t('room.notices.waitingJoined', { name: entry.userConferenceName }));
    }),
    client.on('chatReset', (messages) => dispatch({ type: 'chatReset', messages })),
    client.on('breakout', (breakout) => {
      const before = getState().breakout;
      dispatch({ type: 'breakout', breakout, at: Date.now() });
      const notice = breakoutNotice(before, breakout);
      if (notice) toast.info(t(notice.key, notice.params));
    }),
    client.on('breakoutBroadcast', (text, from) =>
      showToast('info', t('room.breakout.broadcastFrom', { name: from, text }), TOAST_LONG_MS),
    ),
    client.on('breakoutHelp', (request) => {
      const name = getState().breakout.rooms[request.room - 1] ?? '';
      showToast(
        'warning',
        t('room.breakout.helpAsked', { name: request.displayName, room: name }),
        TOAST_LONG_MS,
      );
    }),
    client.on('replaced', () => onClosed('replaced')),
    client.on('closed', (reason, by) => onClosed(reason, by)),
  ];
  return () => {
    bound = false;
    offs.forEach((off) => off());
  };
}
