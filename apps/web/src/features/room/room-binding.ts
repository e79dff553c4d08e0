/**
 * The one place RoomClient events become store actions (and user-facing error toasts).
 * Returns the unbinding function; RoomScreen binds once per client.
 */
import { dialogFor, type PermissionState } from '@meet/shared';
import { toast } from '../../ui/toast-store';
import { LOCAL_PEER_ID, type PermissionStates } from '../../room-client/types';
import type { RoomClientHandle } from './RoomContext';
import type { RoomStore } from './room-store';

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
] as const;
type KnownError = (typeof KNOWN_ERRORS)[number];
export type Translate = (key: `room.errors.${KnownError | 'generic'}`) => string;

const isKnown = (key: string): key is KnownError =>
  (KNOWN_ERRORS as readonly string[]).includes(key);

/** The kind whose state just turned into a failure, which opens its permission dialog. */
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
  onClosed: (reason: 'ended' | 'kicked' | 'left' | 'replaced') => void,
): () => void {
  const { dispatch, getState } = store;
  const offs = [
    client.on('connectionState', (state) => dispatch({ type: 'connection', state })),
    client.on('peers', (peers) => dispatch({ type: 'peers', peers })),
    client.on('me', (me) => dispatch({ type: 'me', me })),
    client.on('hostChanged', (hostId) => dispatch({ type: 'host', hostId })),
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
    client.on('permissions', (states) => {
      const kind = newlyFailed(getState().permissions, states);
      dispatch({ type: 'permissions', states });
      // One dialog at a time: a second failure waits until the first is closed.
      if (kind && !getState().permissionModal) dispatch({ type: 'permissionModal', kind });
    }),
    client.on('error', (key) => {
      if (key === 'reconnecting') dispatch({ type: 'reconnecting' });
      const text = isKnown(key) ? t(`room.errors.${key}`) : t('room.errors.generic');
      if (key === 'reconnecting' || key === 'turnOnVideoFailed' || key === 'turnOnAudioFailed')
        toast.warning(text);
      else toast.error(text);
    }),
    client.on('replaced', () => onClosed('replaced')),
    client.on('closed', (reason) => onClosed(reason)),
  ];
  return () => offs.forEach((off) => off());
}
