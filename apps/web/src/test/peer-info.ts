/** Test fixture: a member as the server describes one, with whatever a test changes. */
import type { PeerInfo } from '@meet/shared';

export function peerInfo(id: number | string, extra: Partial<PeerInfo> = {}): PeerInfo {
  return {
    peerId: String(id),
    userId: Number(id),
    displayName: `user ${id}`,
    avatar: '',
    isHost: false,
    isCreator: false,
    isVisitor: false,
    audioEnabled: true,
    videoEnabled: true,
    shareEnabled: false,
    openVideoTime: 0,
    shareTime: 0,
    feeds: {},
    mids: {},
    handUp: 0,
    voiceLanguage: 'en',
    forceMuted: false,
    videoDisabled: false,
    ...extra,
  };
}
