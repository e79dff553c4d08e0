/**
 * Who does what with a poll: who manages it, SPEC.md section 4's buttons, the mode an opened
 * poll shows, who sees the counts, and the more-apps badge.
 */
import { describe, expect, test } from 'vitest';
import {
  canSeeResults,
  hasUnansweredPoll,
  isPollHost,
  openingPollMode,
  pollButtons,
  type PollButtonContext,
} from './poll-dialog.js';
import type { PollStatus } from './poll.js';

describe('isPollHost', () => {
  const running = 2;
  const finished = 3;
  const reserved = 1;
  test.each([
    ['the host of a running meeting', 5, { hostId: 5, creatorId: 1, status: running }, true],
    [
      'the creator while someone else hosts',
      1,
      { hostId: 5, creatorId: 1, status: running },
      false,
    ],
    ['the creator while nobody hosts', 1, { hostId: 0, creatorId: 1, status: running }, true],
    ['the creator of an ended meeting', 1, { hostId: 0, creatorId: 1, status: finished }, true],
    [
      'the creator of an ended meeting handed over',
      1,
      { hostId: 5, creatorId: 1, status: finished },
      true,
    ],
    ['the creator of a reserved meeting', 1, { hostId: 1, creatorId: 1, status: reserved }, true],
    ['a member', 7, { hostId: 5, creatorId: 1, status: running }, false],
    ['a member when nobody hosts', 7, { hostId: 0, creatorId: 1, status: running }, false],
    ['nobody (id 0) when nobody hosts', 0, { hostId: 0, creatorId: 1, status: running }, false],
  ])('%s: %s', (_name, userId, meeting, expected) => {
    expect(isPollHost(userId, meeting)).toBe(expected);
  });
});

describe('pollButtons: SPEC.md section 4 table', () => {
  const ctx = (
    isHost: boolean,
    status: PollStatus,
    inMeeting: boolean,
    joined = false,
  ): PollButtonContext => ({ isHost, status, inMeeting, joined });
  test.each([
    ['host, not launched, outside', ctx(true, 0, false), ['delete', 'edit', 'confirm']],
    ['host, not launched, in meeting', ctx(true, 0, true), ['delete', 'edit', 'launch']],
    [
      'host, in progress, in meeting, not voted',
      ctx(true, 1, true),
      ['delete', 'participate', 'end'],
    ],
    ['host, in progress, in meeting, voted', ctx(true, 1, true, true), ['delete', 'end']],
    ['host, in progress, outside', ctx(true, 1, false), ['delete']],
    ['host, in progress, outside, voted', ctx(true, 1, false, true), ['delete']],
    ['host, ended, in meeting', ctx(true, 2, true), ['delete', 'shareResults']],
    ['host, ended, outside', ctx(true, 2, false), ['delete', 'shareResults', 'download']],
    ['member, not launched, in meeting', ctx(false, 0, true), ['confirm']],
    ['member, in progress, in meeting', ctx(false, 1, true), ['confirm']],
    ['member, in progress, outside', ctx(false, 1, false), ['confirm']],
    ['member, ended, outside', ctx(false, 2, false, true), ['confirm']],
  ])('%s', (_name, context, expected) => {
    expect(pollButtons(context)).toEqual(expected);
  });

  test.each([
    ['member who can vote', ctx(false, 1, true), 'vote'],
    ['member who voted', ctx(false, 1, true, true), 'result'],
    ['member outside the meeting', ctx(false, 1, false), 'result'],
    ['member, ended poll', ctx(false, 2, true), 'result'],
    ['host (participates by button)', ctx(true, 1, true), 'result'],
  ])('opening mode for a %s is %s', (_name, context, mode) => {
    expect(openingPollMode(context)).toBe(mode);
  });

  test.each([
    [true, 0, true],
    [false, 1, true],
    [false, 0, false],
    [false, false, false],
    [false, true, true],
  ])('canSeeResults(host %s, published %s) is %s', (isHost, published, expected) => {
    expect(canSeeResults(isHost, published)).toBe(expected);
  });

  test.each([
    [[], false],
    [[{ status: 1, joined: 1 }], false],
    [
      [
        { status: 0, joined: 0 },
        { status: 2, joined: 0 },
      ],
      false,
    ],
    [
      [
        { status: 2, joined: 1 },
        { status: 1, joined: 0 },
      ],
      true,
    ],
  ])('badge for %j: %s', (polls, expected) => {
    expect(hasUnansweredPoll(polls)).toBe(expected);
  });
});
