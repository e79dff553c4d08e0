import { describe, expect, test } from 'vitest';
import {
  chooseMainWindow,
  gridPage,
  gridPageCount,
  isSpeaking,
  layerForTile,
  networkStatus,
  orderMembers,
} from './room-layout.js';
import { devicesOf, dialogFor, mapMediaError, mapPermissionQuery } from './media-permissions.js';

const m = (
  peerId: string,
  o: Partial<{
    isHost: boolean;
    videoEnabled: boolean;
    audioEnabled: boolean;
    openVideoTime: number;
  }> = {},
) => ({
  peerId,
  isHost: false,
  videoEnabled: false,
  audioEnabled: false,
  openVideoTime: 0,
  ...o,
});

describe('orderMembers: me, host, video by start time, audio only, the rest', () => {
  test.each([
    [
      'full mix',
      [
        m('rest'),
        m('audio', { audioEnabled: true }),
        m('v2', { videoEnabled: true, openVideoTime: 20 }),
        m('host', { isHost: true }),
        m('me'),
        m('v1', { videoEnabled: true, openVideoTime: 10 }),
      ],
      ['me', 'host', 'v1', 'v2', 'audio', 'rest'],
    ],
    ['me is host', [m('a', { audioEnabled: true }), m('me', { isHost: true })], ['me', 'a']],
    [
      'host with video still second',
      [
        m('v', { videoEnabled: true, openVideoTime: 1 }),
        m('h', { isHost: true, videoEnabled: true, openVideoTime: 5 }),
        m('me'),
      ],
      ['me', 'h', 'v'],
    ],
    ['ties keep arrival order', [m('x'), m('y'), m('me')], ['me', 'x', 'y']],
  ])('%s', (_name, members, expected) => {
    expect(orderMembers(members, 'me').map((x) => x.peerId)).toEqual(expected);
  });
});

describe('chooseMainWindow: locked → sharer → active speaker → me', () => {
  const present = new Set(['me', 'a', 'b', 'c']);
  test.each([
    [{ lockedId: 'a', sharerId: 'b', activeSpeakerId: 'c' }, 'a'],
    [{ lockedId: null, sharerId: 'b', activeSpeakerId: 'c' }, 'b'],
    [{ lockedId: null, sharerId: null, activeSpeakerId: 'c' }, 'c'],
    [{ lockedId: null, sharerId: null, activeSpeakerId: null }, 'me'],
    [{ lockedId: 'gone', sharerId: null, activeSpeakerId: 'c' }, 'c'],
  ])('%j → %s', (input, expected) => {
    expect(chooseMainWindow({ ...input, meId: 'me', present })).toBe(expected);
  });
});

describe('networkStatus from half the round trip', () => {
  test.each([
    [undefined, 'fine'],
    [100, 'fine'],
    [101, 'common'],
    [400, 'common'],
    [401, 'low'],
    [10000, 'low'],
    [10001, 'unknown'],
  ] as const)('rtt %s ms → %s', (rtt, status) => {
    expect(networkStatus(rtt)).toBe(status);
  });
});

describe('grid pages and tile layers', () => {
  test('9 tiles a page', () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    expect(gridPage(items, 0)).toHaveLength(9);
    expect(gridPage(items, 2)).toEqual([18, 19]);
    expect(gridPage(items, 7)).toEqual([18, 19]);
    expect(gridPageCount(20)).toBe(3);
    expect(gridPageCount(0)).toBe(1);
  });
  test.each([
    [160, 90, 1, 0],
    [320, 180, 1, 0],
    [480, 270, 1, 1],
    [320, 180, 2, 1],
    [960, 540, 1, 2],
  ] as const)('%dx%d at dpr %d → layer %d', (w, h, dpr, layer) => {
    expect(layerForTile(w, h, dpr)).toBe(layer);
  });
  test('speaking clears 2 s after the last loud sample', () => {
    expect(isSpeaking(1000, 2999)).toBe(true);
    expect(isSpeaking(1000, 3000)).toBe(false);
    expect(isSpeaking(null, 0)).toBe(false);
  });
});

describe('mapMediaError (SPEC.md section 4)', () => {
  test.each([
    ['NotFoundError', '', 'NotFoundError'],
    ['NotAllowedError', 'Permission denied by system', 'NotAllowedErrorBySystem'],
    ['NotAllowedError', 'The object can not be found here.', 'NotAllowedErrorBySystem'],
    ['NotAllowedError', 'Permission denied', 'NotAllowedError'],
    ['NotAllowedError', 'The request is not allowed by the user agent', 'NotAllowedError'],
    ['NotAllowedError', 'Permission dismissed', 'PermissionDismissedError'],
    ['PermissionDeniedError', '', 'NotAllowedError'],
    ['SecurityError', '', 'NotAllowedError'],
    ['AbortError', '', 'NotReadableError'],
    ['NotReadableError', 'Could not start video source', 'NotReadableError'],
    ['TypeError', '', 'TypeError'],
    ['OverconstrainedError', '', 'OverconstrainedError'],
    ['WeirdError', '', 'UnknownError'],
  ])('%s "%s" → %s', (name, message, state) => {
    expect(mapMediaError(name, message)).toBe(state);
  });

  test('permission query states and dialogs', () => {
    expect(mapPermissionQuery('denied')).toBe('NotAllowedError');
    expect(mapPermissionQuery('granted')).toBe('Allow');
    expect(mapPermissionQuery('prompt')).toBe('Prompt');
    expect(dialogFor('Allow')).toBeNull();
    expect(dialogFor('TypeError')).toBe('generic');
    expect(devicesOf('NotAllowedError', 'NotAllowedError', 'notAllowed')).toBe('both');
    expect(devicesOf('Allow', 'NotFoundError', 'notFound')).toBe('camera');
    expect(devicesOf('NotReadableError', 'Allow', 'notReadable')).toBe('microphone');
  });
});
