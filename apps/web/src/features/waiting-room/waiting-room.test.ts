import { describe, expect, test } from 'vitest';
import { WAITING_ROOM_MESSAGES } from '@meet/shared';
import {
  WAITING_ROOM_MESSAGE_TYPES,
  conferenceUriOf,
  isForWait,
  waitingOutcome,
} from './waiting-room';

describe('waiting-room notices', () => {
  test.each([
    ['waiting_room_deny', { kind: 'screen', reason: 'denied' }],
    ['waiting_room_approve', { kind: 'join' }],
    ['conference_closed', { kind: 'screen', reason: 'closed' }],
    ['waiting_room_error', { kind: 'warning', warning: 'join.networkErrorRetryTip' }],
    ['waiting_room_kick_out', { kind: 'screen', reason: 'blocked' }],
  ] as const)('%s → %o', (msgType, outcome) => {
    expect(waitingOutcome(msgType)).toEqual(outcome);
  });

  test('every notice of the protocol has an outcome', () => {
    expect([...WAITING_ROOM_MESSAGE_TYPES].sort()).toEqual(
      Object.keys(WAITING_ROOM_MESSAGES).sort(),
    );
  });
});

describe('which wait a notice is for', () => {
  const wait = { conferenceId: '123456789', conferenceUri: 'uri-1' };
  test.each([
    ['the same uri', { conferenceUri: 'uri-1', conferenceId: '999' }, true],
    ['the same number', { conferenceUri: 'other', conferenceId: '123456789' }, true],
    ['the same number as a number', { conferenceId: 123456789 }, true],
    ['another meeting', { conferenceUri: 'other', conferenceId: '987654321' }, false],
    ['nothing named', {}, false],
  ])('%s → %s', (_name, notice, expected) => {
    expect(isForWait(wait, notice)).toBe(expected);
  });

  test('without a known uri only the number counts', () => {
    expect(isForWait({ conferenceId: '1', conferenceUri: null }, { conferenceUri: '' })).toBe(
      false,
    );
  });
});

describe('the uri in a 3018 payload', () => {
  test.each([
    [{ conferenceId: '1', conferenceUri: 'uri-1' }, 'uri-1'],
    [{ conferenceUri: '' }, null],
    [{ conferenceUri: 5 }, null],
    [null, null],
    ['uri-1', null],
  ])('%o → %s', (payload, expected) => {
    expect(conferenceUriOf(payload)).toBe(expected);
  });
});
