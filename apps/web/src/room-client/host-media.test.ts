import type { PeerInfo } from '@meet/shared';
import { describe, expect, test } from 'vitest';
import { blockedBy, hostCommandEffect, isRefusal, kindsToTurnOff } from './host-media';
import { RequestError } from './signaling';

const me = (extra: Partial<PeerInfo>) =>
  ({ forceMuted: false, videoDisabled: false, ...extra }) as PeerInfo;

describe('host media rules', () => {
  test.each([
    [me({ forceMuted: true }), 'audio', 'forceMuted'],
    [me({ forceMuted: true }), 'video', null],
    [me({ videoDisabled: true }), 'video', 'videoDisabled'],
    [me({}), 'audio', null],
    [undefined, 'audio', null],
  ] as const)('blockedBy %#', (peer, kind, expected) => {
    expect(blockedBy(peer, kind)).toBe(expected);
  });

  test('a refusal is an answer from the server, not a time-out or a dropped socket', () => {
    expect(isRefusal(new RequestError(403, 'force muted'))).toBe(true);
    expect(isRefusal(new RequestError(-1, 'resumeProducer timed out'))).toBe(false);
    expect(isRefusal(new Error('boom'))).toBe(false);
  });

  test('host commands map to my media', () => {
    expect(hostCommandEffect('muteAudio')).toEqual({ kind: 'audio', on: false });
    expect(hostCommandEffect('unmuteAudio')).toEqual({ kind: 'audio', on: true });
    expect(hostCommandEffect('disableVideo')).toEqual({ kind: 'video', on: false });
    expect(hostCommandEffect('stopShare')).toBe('stopShare');
  });

  test('what the server holds off goes off locally, and only if it is on', () => {
    const both = { audio: true, video: true };
    expect(kindsToTurnOff(me({ forceMuted: true, videoDisabled: true }), both)).toEqual([
      'audio',
      'video',
    ]);
    expect(kindsToTurnOff(me({ forceMuted: true }), { audio: false, video: true })).toEqual([]);
    expect(kindsToTurnOff(me({}), both)).toEqual([]);
  });
});
