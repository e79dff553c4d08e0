/**
 * Names and topics (issue 27): control characters and bidi overrides are refused with
 * textControlChars, so a topic cannot carry a line of its own into a calendar file and a name
 * cannot read as another; topics stored before that are escaped in the calendar all the same.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { conferences } from '../src/db/schema/index.js';
import { build, randomIp, registerUser, type TestApp } from './helper.js';

let t: TestApp;
let owner: string;
const HOUR = 3600_000;
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: 'meet.test' } });

beforeAll(async () => {
  t = await build();
  owner = await registerUser(t, 'names-owner@example.com');
});
afterAll(() => t.close());

const reservation = (topic: string) => {
  const start = t.clock.now() + HOUR;
  return { topic, timezone: 'UTC', startTime: start, endTime: start + HOUR, subtitle: 0 };
};

function expectRefused(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({
    key: 'textControlChars',
    msg: 'Names and topics cannot contain control characters or text-direction marks',
  });
}

describe('reserve/create', () => {
  test.each([
    ['a lone CR', 'Team sync\rLOCATION:https://evil.example'],
    ['U+202E (right-to-left override)', 'Team \u202Ecnys'],
    ['U+2066 (an isolate)', 'Team\u2066 sync'],
    ['a C1 control (U+0085)', 'Team\u0085sync'],
    ['DEL', 'Team\u007Fsync'],
  ])('a topic with %s is refused with 400 textControlChars', async (_name, topic) => {
    const res = await t.post('/api/conference/reserve/create', reservation(topic), owner);
    expectRefused(res);
    const zh = await t.post('/api/conference/reserve/create', reservation(topic), owner, {
      headers: { authorization: `Bearer ${owner}`, 'accept-language': 'zh-CN' },
    });
    expect(zh.json().msg).toBe('名称和主题不能包含控制字符或文字方向控制符');
  });

  test('a plain topic, right-to-left script included, is fine', async () => {
    const res = await t.post('/api/conference/reserve/create', reservation('اجتماع Team'), owner);
    expect(res.json().code).toBe(0);
  });
});

describe('every other name and topic', () => {
  let id: string;
  beforeAll(async () => {
    id = (await t.post('/api/conference/reserve/create', reservation('Plain'), owner)).json()
      .payload.conferenceId as string;
  });

  test('reserve/update, createConference, joinConference, the meeting nickname and the profile name', async () => {
    const update = await t.post(
      '/api/conference/reserve/update',
      { conferenceId: id, ...reservation('Moved\r\nSUMMARY:x') },
      owner,
    );
    expectRefused(update);
    expectRefused(await t.post('/api/conference/createConference', { topic: 'Now\u202E' }, owner));
    const join = (userConferenceName: string) =>
      t.post(
        '/api/conference/joinConference',
        { conferenceId: id, deviceId: 'owner-device', userConferenceName },
        owner,
        { remoteAddress: randomIp() },
      );
    expectRefused(await join('\u202Egnp.exe'));
    expect((await join('Owner')).json().code).toBe(0);
    expectRefused(
      await t.post(
        '/api/conference/updateUserConferenceNickname',
        { conferenceId: id, userConferenceName: 'Boss\u2067' },
        owner,
      ),
    );
    expectRefused(await t.post('/api/user/updateUserInfo', { username: 'Ada\u0007' }, owner));
  });
});

test('a topic stored with a CR before the check is escaped in its calendar file', async () => {
  const id = (await t.post('/api/conference/reserve/create', reservation('Old'), owner)).json()
    .payload.conferenceId as string;
  await t.database.db
    .update(conferences)
    .set({ topic: 'Team sync\rLOCATION:https://evil.example' })
    .where(eq(conferences.conferenceId, id));
  const res = await get(`/calendar/meeting/${id}.ics`);
  expect(res.statusCode).toBe(200);
  const lines = res.body.split(/\r\n|\r|\n/);
  expect(lines.filter((l) => l.startsWith('LOCATION:'))).toEqual([
    `LOCATION:http://meet.test/i/${id}`,
  ]);
  expect(res.body).toContain('SUMMARY:Team sync\\nLOCATION:https://evil.example');
});
