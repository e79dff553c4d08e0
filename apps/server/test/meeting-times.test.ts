/**
 * Times of meetings (issue 27): every time a request carries is inside TIME_WINDOW_MS, and a row
 * stored before that bound (a start up to 2^53, past the largest JavaScript date) no longer
 * breaks the Home lists or the calendars of the people who can see it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TIME_WINDOW_MS } from '@meet/shared';
import { conferences } from '../src/db/schema/index.js';
import { build, randomIp, registerUser, type TestApp } from './helper.js';

let t: TestApp;
let owner: string;
let guest: string;
const HOUR = 3600_000;
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: 'meet.test' } });

beforeAll(async () => {
  t = await build();
  owner = await registerUser(t, 'times-owner@example.com');
  guest = await registerUser(t, 'times-guest@example.com');
});
afterAll(() => t.close());

function reservation(startTime: number, endTime = startTime + HOUR) {
  return { topic: 'Planning', timezone: 'UTC', startTime, endTime, subtitle: 0 };
}

async function reserve(startTime: number) {
  const res = await t.post('/api/conference/reserve/create', reservation(startTime), owner);
  expect(res.json().code).toBe(0);
  return res.json().payload.conferenceId as string;
}

describe('times outside 2000–2100 are refused', () => {
  const tooLate = 2 ** 53 - 1;
  test.each([
    ['a start of 2^53 − 1', reservation(tooLate, tooLate)],
    ['a start just past 2100', reservation(TIME_WINDOW_MS.max + 1, TIME_WINDOW_MS.max + 1)],
    ['a start before 2000', reservation(TIME_WINDOW_MS.min - HOUR, TIME_WINDOW_MS.min)],
    ['a start of 0', reservation(0, HOUR)],
    ['an end past 2100', reservation(Date.UTC(2099, 11, 31, 23), TIME_WINDOW_MS.max + 1)],
  ])('reserve/create with %s answers 400 timeOutOfRange', async (_name, body) => {
    const res = await t.post('/api/conference/reserve/create', body, owner);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ key: 'timeOutOfRange' });
    expect(res.json().msg).toBe('Please choose a time between the years 2000 and 2100');
    const zh = await t.post('/api/conference/reserve/create', body, owner, {
      headers: { authorization: `Bearer ${owner}`, 'accept-language': 'zh-CN' },
    });
    expect(zh.json().msg).toBe('请选择2000年至2100年之间的时间');
  });

  test('reserve/update refuses one too', async () => {
    const id = await reserve(t.clock.now() + HOUR);
    const res = await t.post(
      '/api/conference/reserve/update',
      { conferenceId: id, ...reservation(tooLate, tooLate) },
      owner,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().key).toBe('timeOutOfRange');
  });

  test('the message centre’s page cursor refuses one (it was a 500)', async () => {
    const res = await t.post('/api/message/getMessages', { messageTime: tooLate }, owner);
    expect(res.statusCode).toBe(400);
    expect(res.json().key).toBe('timeOutOfRange');
  });
});

describe('a meeting stored with an impossible time', () => {
  let bad: string;
  let good: string;
  beforeAll(async () => {
    good = await reserve(t.clock.now() + 2 * HOUR);
    bad = await reserve(t.clock.now() + HOUR);
    // As reserve/create stored it before the bound.
    await t.database.db
      .update(conferences)
      .set({ startTime: 2 ** 53, endTime: 2 ** 53 })
      .where(eq(conferences.conferenceId, bad));
    // Someone joins it: it is now on their Home too.
    const join = await t.post(
      '/api/conference/joinConference',
      { conferenceId: bad, deviceId: 'guest-device', userConferenceName: 'Guest' },
      guest,
      { remoteAddress: randomIp() },
    );
    expect(join.json().code).toBe(0);
  });

  test('Home’s lists answer 200 and show it without a time', async () => {
    for (const [path, token] of [
      ['/api/conference/getMyRunningConferenceList', guest],
      ['/api/conference/getMyRunningConferenceList', owner],
      ['/api/conference/reserve/list', owner],
      ['/api/conference/v2/getMyFinishedConferenceList', guest],
    ] as const) {
      const res = await t.post(path, {}, token);
      expect(res.statusCode, path).toBe(200);
    }
    const running = (await t.post('/api/conference/getMyRunningConferenceList', {}, guest)).json()
      .payload as { meetingId: string; startTime: number | null; endTime: number | null }[];
    expect(running.find((m) => m.meetingId === bad)).toMatchObject({
      startTime: null,
      endTime: null,
    });
    const reserved = (await t.post('/api/conference/reserve/list', {}, owner)).json().payload as {
      meetingId: string;
      startTime: number | null;
    }[];
    expect(reserved.find((m) => m.meetingId === good)?.startTime).toBe(t.clock.now() + 2 * HOUR);
  });

  test('its .ics is a 404, not a 500; the creator’s feed answers with the other meetings', async () => {
    const one = await get(`/calendar/meeting/${bad}.ics`);
    expect(one.statusCode).toBe(404);
    expect(one.json().key).toBe('notFound');
    expect((await get(`/calendar/meeting/${good}.ics`)).statusCode).toBe(200);

    const url = new URL(
      (await t.post('/api/user/getCalendarFeed', {}, owner)).json().payload.url as string,
    );
    const feed = await get(url.pathname);
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain(`UID:meeting-${good}@meet.test`);
    expect(feed.body).not.toContain(`UID:meeting-${bad}@meet.test`);
  });
});
