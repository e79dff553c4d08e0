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
import { phoneLayout, type PhoneLayoutInput } from './phone-layout.js';
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

describe('phoneLayout: the big tile, the strip and my own camera on a phone', () => {
  const base: PhoneLayoutInput = {
    ordered: ['me', 'a'],
    meId: 'me',
    lockedId: null,
    sharerId: null,
    activeSpeakerId: null,
    previousMainId: null,
    viewMode: 'float',
    orientation: 'portrait',
    gridPage: 0,
  };
  const five = ['me', 'a', 'b', 'c', 'd'];
  const seven = ['me', 'a', 'b', 'c', 'd', 'e', 'f'];
  test.each<[string, Partial<PhoneLayoutInput>, ReturnType<typeof phoneLayout>]>([
    [
      'alone: I am the big tile',
      { ordered: ['me'] },
      {
        kind: 'speaker',
        main: { peerId: 'me', source: 'camera' },
        strip: [],
        hidden: 0,
        self: null,
      },
    ],
    [
      'two people: the other big, me small',
      {},
      {
        kind: 'speaker',
        main: { peerId: 'a', source: 'camera' },
        strip: [],
        hidden: 0,
        self: 'me',
      },
    ],
    [
      'two people in grid view: still the other big (a grid needs three)',
      { viewMode: 'grid' },
      {
        kind: 'speaker',
        main: { peerId: 'a', source: 'camera' },
        strip: [],
        hidden: 0,
        self: 'me',
      },
    ],
    [
      'the active speaker is big, the others in the strip',
      { ordered: ['me', 'a', 'b', 'c'], activeSpeakerId: 'b' },
      {
        kind: 'speaker',
        main: { peerId: 'b', source: 'camera' },
        strip: ['a', 'c'],
        hidden: 0,
        self: 'me',
      },
    ],
    [
      'while I speak, whoever was big stays big',
      { ordered: ['me', 'a', 'b', 'c'], activeSpeakerId: 'me', previousMainId: 'c' },
      {
        kind: 'speaker',
        main: { peerId: 'c', source: 'camera' },
        strip: ['a', 'b'],
        hidden: 0,
        self: 'me',
      },
    ],
    [
      'nobody speaks and the one big before left: the first other',
      { ordered: ['me', 'a', 'b'], previousMainId: 'gone' },
      {
        kind: 'speaker',
        main: { peerId: 'a', source: 'camera' },
        strip: ['b'],
        hidden: 0,
        self: 'me',
      },
    ],
    [
      'a shared screen is big; the sharer’s camera stays in the strip',
      { ordered: ['me', 'a', 'b'], sharerId: 'b', activeSpeakerId: 'a', viewMode: 'grid' },
      {
        kind: 'speaker',
        main: { peerId: 'b', source: 'screen' },
        strip: ['a', 'b'],
        hidden: 0,
        self: 'me',
      },
    ],
    [
      'my own share: my screen big, my camera small',
      { sharerId: 'me' },
      {
        kind: 'speaker',
        main: { peerId: 'me', source: 'screen' },
        strip: ['a'],
        hidden: 0,
        self: 'me',
      },
    ],
    [
      'a pinned member beats the speaker',
      { ordered: ['me', 'a', 'b'], lockedId: 'a', activeSpeakerId: 'b' },
      {
        kind: 'speaker',
        main: { peerId: 'a', source: 'camera' },
        strip: ['b'],
        hidden: 0,
        self: 'me',
      },
    ],
    [
      'pinning myself makes me big',
      { ordered: ['me', 'a', 'b'], lockedId: 'me', activeSpeakerId: 'b' },
      {
        kind: 'speaker',
        main: { peerId: 'me', source: 'camera' },
        strip: ['a', 'b'],
        hidden: 0,
        self: null,
      },
    ],
    [
      'portrait: four slots, the last one "+n"',
      { ordered: seven, activeSpeakerId: 'a' },
      {
        kind: 'speaker',
        main: { peerId: 'a', source: 'camera' },
        strip: ['b', 'c', 'd'],
        hidden: 2,
        self: 'me',
      },
    ],
    [
      'portrait: four others fit without "+n"',
      { ordered: ['me', 'a', 'b', 'c', 'd', 'e'], activeSpeakerId: 'a' },
      {
        kind: 'speaker',
        main: { peerId: 'a', source: 'camera' },
        strip: ['b', 'c', 'd', 'e'],
        hidden: 0,
        self: 'me',
      },
    ],
    [
      'landscape: three slots',
      { ordered: five, activeSpeakerId: 'a', orientation: 'landscape' },
      {
        kind: 'speaker',
        main: { peerId: 'a', source: 'camera' },
        strip: ['b', 'c', 'd'],
        hidden: 0,
        self: 'me',
      },
    ],
    [
      'landscape: the third slot becomes "+n"',
      { ordered: seven, activeSpeakerId: 'a', orientation: 'landscape' },
      {
        kind: 'speaker',
        main: { peerId: 'a', source: 'camera' },
        strip: ['b', 'c'],
        hidden: 3,
        self: 'me',
      },
    ],
    [
      'grid view, upright: two columns, six a page, me included',
      { ordered: seven, viewMode: 'grid' },
      { kind: 'grid', tiles: ['me', 'a', 'b', 'c', 'd', 'e'], columns: 2, page: 0, pages: 2 },
    ],
    [
      'grid view on its side: three columns; a page past the end shows the last',
      { ordered: seven, viewMode: 'grid', orientation: 'landscape', gridPage: 5 },
      { kind: 'grid', tiles: ['f'], columns: 3, page: 1, pages: 2 },
    ],
    [
      'a sharer who left is no longer big',
      { ordered: ['me', 'a', 'b'], sharerId: 'gone', viewMode: 'grid' },
      { kind: 'grid', tiles: ['me', 'a', 'b'], columns: 2, page: 0, pages: 1 },
    ],
  ])('%s', (_name, input, expected) => {
    expect(phoneLayout({ ...base, ...input })).toEqual(expected);
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
