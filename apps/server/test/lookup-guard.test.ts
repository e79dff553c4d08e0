/**
 * The lookup guard (issue 27): every call that finds a meeting by its number counts misses —
 * the meeting's calendar file, quitConference, updateUserConferenceNickname and conference/set
 * too — per account and address, so one account scanning from a shared address does not lock
 * the others there out, and a member of a meeting always finds it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build, randomIp, type TestApp } from './helper.js';
import { createMeeting, joinApi, registered, visitor, type Meeting } from './room-members.js';

let t: TestApp;
let meeting: Meeting;
let serial = 0;

beforeAll(async () => {
  t = await build();
  meeting = await createMeeting(t);
  expect((await joinApi(t, meeting.hostToken, meeting.id)).json().code).toBe(0);
});
afterAll(() => t.close());

/** A number no meeting has (meeting numbers are random over ~10^10). */
const unknownNumber = () => String(100_000_000 + ++serial);

type Lookup = (number: string, ip: string, token?: string) => ReturnType<TestApp['post']>;

const as = (ip: string) => ({ remoteAddress: ip });
const routes: [string, Lookup][] = [
  [
    'GET /calendar/meeting/<n>.ics',
    (number, ip) =>
      t.app.inject({ method: 'GET', url: `/calendar/meeting/${number}.ics`, ...as(ip) }),
  ],
  [
    'quitConference',
    (number, ip, token) =>
      t.post('/api/conference/quitConference', { conferenceId: number }, token, as(ip)),
  ],
  [
    'updateUserConferenceNickname',
    (number, ip, token) =>
      t.post(
        '/api/conference/updateUserConferenceNickname',
        { conferenceId: number, userConferenceName: 'Scanner' },
        token,
        as(ip),
      ),
  ],
  [
    'conference/set',
    (number, ip, token) =>
      t.post(
        '/api/conference/set',
        {
          conferenceId: number,
          setContent: JSON.stringify({ ext: { ext_type: 'lock_room', ext_value: '1' } }),
        },
        token,
        as(ip),
      ),
  ],
];

const getInfo = (number: string, ip: string, token: string) =>
  t.post('/api/conference/getConferenceInfo', { conferenceId: number }, token, as(ip));

/** 30 numbers that do not exist, each a 404 miss. */
async function scan(lookup: Lookup, ip: string, token?: string) {
  for (let i = 0; i < 30; i++) {
    const res = await lookup(unknownNumber(), ip, token);
    expect(res.statusCode).toBe(404);
    expect(res.json().key).toBe('meetingNoExist');
  }
}

const refused = (res: { statusCode: number; json(): { key?: string } }) => {
  expect(res.statusCode).toBe(429);
  expect(res.json().key).toBe('tooManyOperations');
};

describe('every lookup by number counts misses', () => {
  test.each(routes)(
    '%s: 30 misses, then even a meeting that exists is refused (429)',
    async (_name, lookup) => {
      const ip = randomIp();
      const scanner = await registered(t);
      await scan(lookup, ip, scanner.token);
      refused(await lookup(meeting.id, ip, scanner.token));
      refused(await lookup(unknownNumber(), ip, scanner.token));
      // The same account at another address, and the meeting itself, are untouched.
      expect((await getInfo(meeting.id, randomIp(), scanner.token)).statusCode).toBe(200);
    },
  );
});

describe('misses count per account and address', () => {
  test('one account’s misses do not block another account behind the same address', async () => {
    const ip = randomIp();
    const scanner = await registered(t);
    const colleague = await registered(t);
    await scan((n, at) => getInfo(n, at, scanner.token), ip);
    refused(await getInfo(meeting.id, ip, scanner.token));
    expect((await getInfo(meeting.id, ip, colleague.token)).json().code).toBe(0);
    const joined = await t.post(
      '/api/conference/joinConference',
      { conferenceId: meeting.id, deviceId: 'colleague', userConferenceName: 'Colleague' },
      colleague.token,
      as(ip),
    );
    expect(joined.json().code).toBe(0);
    // Nor callers without an account there.
    const anonymous = await t.post(
      '/api/conference/conferenceInfo',
      { conferenceId: meeting.id },
      undefined,
      as(ip),
    );
    expect(anonymous.json().code).toBe(0);
  });

  test('visitor accounts cost nothing to make: their misses count against the address', async () => {
    const ip = randomIp();
    const first = await visitor(t);
    const second = await visitor(t);
    await scan((n, at) => getInfo(n, at, first.token), ip);
    refused(await getInfo(meeting.id, ip, second.token));
  });
});

describe('a member of a meeting is never refused it', () => {
  test('after 30 misses a member still finds, renames in and leaves their meeting; others are refused', async () => {
    const ip = randomIp();
    const member = await registered(t);
    expect((await joinApi(t, member.token, meeting.id, 'member-device')).json().code).toBe(0);
    await scan((n, at) => getInfo(n, at, member.token), ip);
    const other = await createMeeting(t);
    refused(await getInfo(other.id, ip, member.token));

    expect((await getInfo(meeting.id, ip, member.token)).json().code).toBe(0);
    const renamed = await t.post(
      '/api/conference/updateUserConferenceNickname',
      { conferenceId: meeting.id, userConferenceName: 'Still here' },
      member.token,
      as(ip),
    );
    expect(renamed.json().code).toBe(0);
    const rejoined = await t.post(
      '/api/conference/joinConference',
      { conferenceId: meeting.id, deviceId: 'member-device', userConferenceName: 'M' },
      member.token,
      as(ip),
    );
    expect(rejoined.json().code).toBe(0);
    const quit = await t.post(
      '/api/conference/quitConference',
      { conferenceId: meeting.id },
      member.token,
      as(ip),
    );
    expect(quit.json().code).toBe(0);
  });

  test('the host’s commands by number still work after misses', async () => {
    const ip = randomIp();
    await scan((n, at) => getInfo(n, at, meeting.hostToken), ip);
    const set = await t.post(
      '/api/conference/set',
      {
        conferenceId: meeting.id,
        setContent: JSON.stringify({ ext: { ext_type: 'lock_room', ext_value: '0' } }),
      },
      meeting.hostToken,
      as(ip),
    );
    expect(set.json().code).toBe(0);
  });
});

test('the calendar file by number is limited per address like the API’s lookups (120 a minute)', async () => {
  const ip = randomIp();
  const ics = () =>
    t.app.inject({ method: 'GET', url: `/calendar/meeting/${meeting.id}.ics`, ...as(ip) });
  for (let i = 0; i < 120; i++) expect((await ics()).statusCode).toBe(200);
  const limited = await ics();
  expect(limited.statusCode).toBe(429);
  expect(limited.json().key).toBe('rateLimitedFor');
});
