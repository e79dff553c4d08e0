import { describe, expect, test } from 'vitest';
import { TIME_WINDOW_MS } from '../constants.js';
import { getMessagesBody } from './records.js';
import {
  createConferenceBody,
  joinConferenceBody,
  reserveCreateBody,
  updateNicknameBody,
} from './conference.js';
import { clientLogEntry } from './client-log.js';
import { nicknameField, timeField } from './fields.js';
import { updateUserInfoBody } from './user.js';

/** The message key of the first issue, or 'ok'. */
const outcome = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? 'ok' : result.error!.issues[0]!.message;

describe('timeField: instants from 2000 to 2100', () => {
  test.each([
    ['2000-01-01', TIME_WINDOW_MS.min, 'ok'],
    ['2100-01-01', TIME_WINDOW_MS.max, 'ok'],
    ['a digit string (forms)', String(Date.UTC(2026, 5, 1)), 'ok'],
    ['one ms before 2000', TIME_WINDOW_MS.min - 1, 'timeOutOfRange'],
    ['one ms after 2100', TIME_WINDOW_MS.max + 1, 'timeOutOfRange'],
    ['0', 0, 'timeOutOfRange'],
    ['a negative time', -1, 'timeOutOfRange'],
    ['2^53 − 1 (past the largest date)', 2 ** 53 - 1, 'timeOutOfRange'],
    ['2^53 − 1 as a form string', String(2 ** 53 - 1), 'timeOutOfRange'],
  ])('%s → %s', (_name, value, expected) => {
    expect(outcome(timeField.safeParse(value))).toBe(expected);
  });

  const start = Date.UTC(2026, 5, 1, 8);
  const reservation = (startTime: number, endTime: number) => ({
    topic: 'Plan',
    timezone: 'UTC',
    startTime,
    endTime,
  });
  test.each([
    ['reserve: a start of 2^53 − 1', reservation(2 ** 53 - 1, 2 ** 53 - 1), 'timeOutOfRange'],
    ['reserve: an end after 2100', reservation(start, TIME_WINDOW_MS.max + 1), 'timeOutOfRange'],
    ['reserve: good times', reservation(start, start + 3600_000), 'ok'],
  ])('%s → %s', (_name, body, expected) => {
    expect(outcome(reserveCreateBody.safeParse(body))).toBe(expected);
  });

  test('the message centre’s cursor and a client log’s time are held to the window too', () => {
    expect(outcome(getMessagesBody.safeParse({ messageTime: 2 ** 53 - 1 }))).toBe('timeOutOfRange');
    const entry = { logTime: 2 ** 53 - 1, eventType: 'e', agent: 'web' };
    expect(clientLogEntry.safeParse(entry).success).toBe(false);
    expect(clientLogEntry.safeParse({ ...entry, logTime: start }).success).toBe(true);
  });
});

describe('names and topics refuse control characters and bidi overrides', () => {
  const join = (userConferenceName: string) => ({
    conferenceId: '123456789',
    deviceId: 'd',
    userConferenceName,
  });
  const reserve = (topic: string) => ({
    topic,
    timezone: 'UTC',
    startTime: Date.UTC(2026, 5, 1),
    endTime: Date.UTC(2026, 5, 1, 1),
  });
  // By name: a zod schema as a test.each argument is serialized with the test, slowly (12 s).
  const schemas = {
    nickname: nicknameField(),
    profile: updateUserInfoBody,
    join: joinConferenceBody,
    meetingNickname: updateNicknameBody,
    reserve: reserveCreateBody,
    instant: createConferenceBody,
  };
  test.each([
    ['a nickname', 'nickname', 'Ada', 'ok'],
    ['a nickname with U+202E', 'nickname', '\u202Egnp.exe', 'textControlChars'],
    ['a nickname with U+2066', 'nickname', 'a\u2066b', 'textControlChars'],
    ['a nickname with DEL', 'nickname', 'a\u007Fb', 'textControlChars'],
    ['a nickname with C1 U+0085', 'nickname', 'a\u0085b', 'textControlChars'],
    ['a blank nickname', 'nickname', '  ', 'nicknameEmpty'],
    ['a profile name with a tab', 'profile', { username: 'a\tb' }, 'textControlChars'],
    ['a join name', 'join', join('Bob'), 'ok'],
    ['a join name with \\r', 'join', join('Bob\rEve'), 'textControlChars'],
    [
      'a meeting nickname with U+202D',
      'meetingNickname',
      { conferenceId: '123456789', userConferenceName: '\u202DBob' },
      'textControlChars',
    ],
    ['a topic', 'reserve', reserve('Team sync'), 'ok'],
    ['a topic with \\r', 'reserve', reserve('Team sync\rLOCATION:x'), 'textControlChars'],
    ['a topic with \\n', 'reserve', reserve('Team\nsync'), 'textControlChars'],
    ['a topic with U+202E', 'reserve', reserve('\u202Ecnys maeT'), 'textControlChars'],
    ['a trailing CR is trimmed away', 'reserve', reserve('Team sync\r'), 'ok'],
    ['an instant meeting’s topic', 'instant', { topic: 'a\u0001b' }, 'textControlChars'],
    ['an instant meeting without a topic', 'instant', {}, 'ok'],
  ] as const)('%s → %s', (_name, schema, value, expected) => {
    expect(outcome(schemas[schema].safeParse(value))).toBe(expected);
  });
});
