/**
 * Calendars: "Add to calendar" for one scheduled meeting and each user's private subscription
 * feed — read back with a kept iCalendar library (ical.js), as calendar apps read them.
 */
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build, registerUser, type TestApp } from './helper.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await build();
  token = await registerUser(t, 'calendar@example.com');
});
afterAll(() => t.close());

const HOUR = 3600_000;
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: 'meet.test' } });

interface Ev {
  uid: string;
  summary: string;
  start: number;
  end: number;
  sequence: number;
  status: string;
  description: string;
}

function events(ics: string): Ev[] {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return calendar.getAllSubcomponents('vevent').map((v) => {
    const event = new ICAL.Event(v);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toJSDate().getTime(),
      end: event.endDate.toJSDate().getTime(),
      sequence: event.sequence,
      status: String(v.getFirstPropertyValue('status')),
      description: event.description,
    };
  });
}

async function reserve(topic: string, timezone: string, start: number) {
  const res = await t.post(
    '/api/conference/reserve/create',
    { topic, timezone, startTime: start, endTime: start + HOUR, subtitle: 0 },
    token,
  );
  expect(res.json().code).toBe(0);
  return res.json().payload.conferenceId as string;
}

describe('one meeting: Add to calendar', () => {
  test('the event has the meeting at its exact time (UTC), a stable UID and the invite link', async () => {
    const start = t.clock.now() + 24 * HOUR;
    const id = await reserve('Design review, part 2; final', 'Asia/Shanghai', start);
    const res = await get(`/calendar/meeting/${id}.ics`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(res.body).toMatch(/\r\n/);
    const [event] = events(res.body);
    expect(event).toMatchObject({
      uid: `meeting-${id}@meet.test`,
      summary: 'Design review, part 2; final',
      start,
      end: start + HOUR,
      sequence: 0,
      status: 'CONFIRMED',
    });
    expect(event!.description).toContain(`http://meet.test/i/${id}`);
    expect((await get('/calendar/meeting/123456789.ics')).statusCode).toBe(404);
  });
});

describe('the subscription feed', () => {
  test('lists every scheduled meeting; an update raises SEQUENCE; a deletion becomes a cancellation', async () => {
    const feed = await t.post('/api/user/getCalendarFeed', {}, token);
    const url = new URL(feed.json().payload.url as string);
    expect(url.pathname).toMatch(/^\/calendar\/[\w-]{16,}\.ics$/);
    // Asked again: the same address.
    expect((await t.post('/api/user/getCalendarFeed', {}, token)).json().payload.url).toBe(
      feed.json().payload.url,
    );
    const ny = t.clock.now() + 48 * HOUR;
    const kept = await reserve('Kept', 'America/New_York', ny);
    const moved = await reserve('Moved', 'Europe/Berlin', ny + 2 * HOUR);
    const dropped = await reserve('Dropped', 'UTC', ny + 4 * HOUR);
    await t.post(
      '/api/conference/reserve/update',
      {
        conferenceId: moved,
        topic: 'Moved later',
        timezone: 'Europe/Berlin',
        startTime: ny + 3 * HOUR,
        endTime: ny + 4 * HOUR,
        subtitle: 0,
      },
      token,
    );
    await t.post('/api/conference/reserve/delete', { conferenceId: dropped }, token);

    const res = await get(url.pathname);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    const byUid = new Map(events(res.body).map((e) => [e.uid, e]));
    expect(byUid.get(`meeting-${kept}@meet.test`)).toMatchObject({
      summary: 'Kept',
      start: ny,
      sequence: 0,
      status: 'CONFIRMED',
    });
    expect(byUid.get(`meeting-${moved}@meet.test`)).toMatchObject({
      summary: 'Moved later',
      start: ny + 3 * HOUR,
      sequence: 1,
    });
    expect(byUid.get(`meeting-${dropped}@meet.test`)).toMatchObject({
      status: 'CANCELLED',
      sequence: 1,
    });
    const info = await t.post('/api/conference/conferenceInfo', { conferenceId: kept });
    expect(info.json().payload.conferenceProperties.syncCalendar).toBe(1);
  });

  test('a reset revokes the old address at once', async () => {
    const old = new URL((await t.post('/api/user/getCalendarFeed', {}, token)).json().payload.url);
    const fresh = new URL(
      (await t.post('/api/user/resetCalendarFeed', {}, token)).json().payload.url,
    );
    expect(fresh.pathname).not.toBe(old.pathname);
    expect((await get(old.pathname)).statusCode).toBe(404);
    expect((await get(fresh.pathname)).statusCode).toBe(200);
  });

  test('visitors have no calendar, and made-up addresses are not found', async () => {
    const visitor = await t.post('/api/user/visitorLogin', {
      uuid: 'calendar-visitor-01',
      visitors: true,
    });
    const res = await t.post('/api/user/getCalendarFeed', {}, visitor.json().payload.token);
    expect(res.statusCode).toBe(403);
    expect((await get('/calendar/not-a-real-token-at-all.ics')).statusCode).toBe(404);
  });
});
