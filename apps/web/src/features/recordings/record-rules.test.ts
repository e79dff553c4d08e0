import { describe, expect, test } from 'vitest';
import {
  allowedChoice,
  defaultChoice,
  formatClock,
  recordMenu,
  recordingElapsed,
  type RecordAbility,
} from './record-rules';

const PRO: RecordAbility = { audioRecord: 1, videoRecord: 1 };
const BASIC: RecordAbility = { audioRecord: 1, videoRecord: 0 };

describe('the record popover', () => {
  test.each([
    ['a member who is not host', false, 0, PRO, { kind: 'hidden' }],
    ['a member, while the meeting is recorded', false, 1, PRO, { kind: 'hidden' }],
    ['the host, while recording', true, 1, BASIC, { kind: 'stop' }],
    ['a Pro host', true, 0, PRO, { kind: 'start', loading: false, audio: true, video: 'offered' }],
    [
      'a basic host (video locked behind Pro)',
      true,
      0,
      BASIC,
      { kind: 'start', loading: false, audio: true, video: 'pro' },
    ],
    [
      'a host whose plan is still being asked for',
      true,
      0,
      null,
      { kind: 'start', loading: true, audio: false, video: 'pro' },
    ],
  ] as const)('%s sees %j', (_who, host, recordStatus, ability, menu) => {
    expect(recordMenu({ host, recordStatus, ability })).toEqual(menu);
  });

  test.each([
    ['Pro starts with video in the speech layout', PRO, { recordType: 'video', layout: 'speech' }],
    ['basic starts with audio', BASIC, { recordType: 'audio', layout: 'speech' }],
  ] as const)('%s', (_name, ability, choice) => {
    expect(defaultChoice(recordMenu({ host: true, recordStatus: 0, ability }))).toEqual(choice);
  });

  test.each([
    ['Pro, video grid', PRO, 'video', 'grid', true],
    ['Pro, audio', PRO, 'audio', 'speech', true],
    ['basic, video (Pro only)', BASIC, 'video', 'speech', false],
    ['basic, audio', BASIC, 'audio', 'speech', true],
    [
      'no audio recording on the plan',
      { audioRecord: 0, videoRecord: 0 },
      'audio',
      'speech',
      false,
    ],
  ] as const)('%s may start: %s', (_name, ability, recordType, layout, allowed) => {
    const menu = recordMenu({ host: true, recordStatus: 0, ability });
    expect(allowedChoice(menu, { recordType, layout }) !== null).toBe(allowed);
  });

  test('nothing can be started while the plan is unknown or the meeting is already recorded', () => {
    const choice = { recordType: 'audio', layout: 'speech' } as const;
    expect(allowedChoice(recordMenu({ host: true, recordStatus: 0, ability: null }), choice)).toBe(
      null,
    );
    expect(allowedChoice(recordMenu({ host: true, recordStatus: 1, ability: PRO }), choice)).toBe(
      null,
    );
  });
});

describe('the elapsed time', () => {
  test.each([
    [0, '00:00'],
    [9.9, '00:09'],
    [65, '01:05'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [3 * 3600 + 62, '3:01:02'],
    [-4, '00:00'],
  ])('%s s reads %s', (seconds, text) => {
    expect(formatClock(seconds)).toBe(text);
  });

  test('counts from the recording’s start by the server’s clock, and a skewed start reads 00:00', () => {
    expect(recordingElapsed(1_000_000, 1_000_000 + 125_400)).toBe('02:05');
    expect(recordingElapsed(1_000_000, 999_000)).toBe('00:00');
    expect(recordingElapsed(0, 5_000)).toBe('00:00');
  });
});
