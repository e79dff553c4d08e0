import type { PeerInfo, RoomProperties } from '@meet/shared';
import { describe, expect, test } from 'vitest';
import {
  combineNotices,
  hostCommandNotice,
  memberNotices,
  propertyNotices,
  type NoticeKey,
} from './room-notices';
import { peerInfo } from '../../test/peer-info';

const props = (extra: Partial<RoomProperties> = {}): RoomProperties => ({
  confMute: 0,
  lockRoom: false,
  waitingRoom: false,
  screenShareAllowed: true,
  recordStatus: 0,
  recordType: 0,
  recordStartedAt: 0,
  ...extra,
});

const me = (extra: Partial<PeerInfo> = {}) =>
  peerInfo(1, { displayName: 'me', audioEnabled: false, videoEnabled: false, ...extra });

describe('propertyNotices', () => {
  test.each<[string, RoomProperties | null, RoomProperties, boolean, NoticeKey[]]>([
    ['joining an open meeting says nothing', null, props({ lockRoom: true }), false, []],
    [
      'joining a force-muted meeting says so',
      null,
      props({ confMute: 2 }),
      false,
      ['forceMutedAll'],
    ],
    [
      'the host joining a force-muted meeting hears nothing',
      null,
      props({ confMute: 2 }),
      true,
      [],
    ],
    ['lock', props(), props({ lockRoom: true }), false, ['locked']],
    ['unlock, also to the host', props({ lockRoom: true }), props(), true, ['unlocked']],
    ['mute all', props(), props({ confMute: 1 }), false, ['mutedAll']],
    ['force mute all', props({ confMute: 1 }), props({ confMute: 2 }), false, ['forceMutedAll']],
    ['force mute lifted', props({ confMute: 2 }), props(), false, ['forceMuteLifted']],
    ['mute all lifted is no news', props({ confMute: 1 }), props(), false, []],
    ['the host does not hear about mute all', props(), props({ confMute: 2 }), true, []],
    ['sharing stopped', props(), props({ screenShareAllowed: false }), false, ['shareDisallowed']],
    ['sharing allowed', props({ screenShareAllowed: false }), props(), false, ['shareAllowed']],
    ['the waiting room is the host’s business', props(), props({ waitingRoom: true }), false, []],
  ])('%s', (_name, prev, next, host, expected) => {
    expect(propertyNotices(prev, next, host)).toEqual(expected);
  });
});

describe('memberNotices', () => {
  test.each<[string, PeerInfo | null, PeerInfo, NoticeKey[]]>([
    ['my first state is no news', null, me({ forceMuted: true }), []],
    ['hand approved', me({ handUp: 1 }), me({ handUp: 2 }), ['handApproved']],
    ['hand refused', me({ handUp: 1 }), me({ handUp: 3 }), ['handRefused']],
    ['hand lowered by myself', me({ handUp: 1 }), me({ handUp: 0 }), []],
    ['muted by the host', me(), me({ forceMuted: true }), ['mutedByHost']],
    ['allowed to unmute', me({ forceMuted: true }), me(), ['unmuteAllowed']],
    ['camera turned off', me(), me({ videoDisabled: true }), ['videoDisabledByHost']],
    ['camera allowed', me({ videoDisabled: true }), me(), ['videoEnabledByHost']],
  ])('%s', (_name, prev, next, expected) => {
    expect(memberNotices(prev, next)).toEqual(expected);
  });
});

describe('combineNotices', () => {
  test('one host action told once, by its most telling notice', () => {
    expect(
      combineNotices([hostCommandNotice('muteAudio'), 'mutedByHost', 'forceMutedAll', 'locked']),
    ).toEqual(['forceMutedAll', 'locked']);
    expect(
      combineNotices(['unmuteAllowed', hostCommandNotice('unmuteAudio'), 'handApproved']),
    ).toEqual(['handApproved']);
    expect(combineNotices(['shareStoppedByHost', 'shareDisallowed'])).toEqual(['shareDisallowed']);
  });
});
