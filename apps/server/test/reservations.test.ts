import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build, randomIp, registerUser, type TestApp } from './helper.js';

let t: TestApp;
let owner: string;
let other: string;
const HOUR = 3600_000;
beforeAll(async () => {
  t = await build();
  owner = await registerUser(t, 'owner@example.com');
  other = await registerUser(t, 'other@example.com');
});
afterAll(() => t.close());

function reservation(overrides: Record<string, unknown> = {}) {
  const start = t.clock.now() + 24 * HOUR;
  return {
    topic: 'Quarterly review',
    timezone: 'Asia/Shanghai',
    startTime: start,
    endTime: start + HOUR,
    subtitle: 0,
    ...overrides,
  };
}

describe('reserve/create', () => {
  test('creates a reserved meeting listed by reserve/list with the given times', async () => {
    const body = reservation();
    const res = await t.post('/api/conference/reserve/create', body, owner);
    expect(res.json().code).toBe(0);
    const list = (await t.post('/api/conference/reserve/list', {}, owner)).json().payload;
    expect(list).toContainEqual(
      expect.objectContaining({
        meetingTitle: 'Quarterly review',
        meetingId: res.json().payload.conferenceId,
        status: 1,
        timezone: 'Asia/Shanghai',
        startTime: body.startTime,
        endTime: body.endTime,
        creator: 'owner',
      }),
    );
    expect((await t.post('/api/conference/reserve/list', {}, other)).json().payload).toEqual([]);
  });

  test.each([
    [{ topic: '   ' }, 'Please enter a meeting topic'],
    [{ topic: undefined }, 'Please enter a meeting topic'],
    [{ timezone: 'Mars/Olympus' }, 'Please choose a valid time zone'],
    ['endBeforeStart', 'The end time cannot be earlier than the start time'],
    ['tooLong', 'A meeting can last at most 24 hours'],
    ['past', 'The meeting time has already passed'],
  ])('%j is refused with "%s"', async (change, msg) => {
    const base = reservation();
    const body =
      change === 'endBeforeStart'
        ? { ...base, endTime: base.startTime - 60_000 }
        : change === 'tooLong'
          ? { ...base, endTime: base.startTime + 25 * HOUR }
          : change === 'past'
            ? { ...base, startTime: t.clock.now() - 2 * HOUR, endTime: t.clock.now() - HOUR }
            : { ...base, ...(change as object) };
    const res = await t.post('/api/conference/reserve/create', body, owner);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(msg);
  });

  test('exactly 24 hours is allowed', async () => {
    const base = reservation();
    const res = await t.post(
      '/api/conference/reserve/create',
      { ...base, endTime: base.startTime + 24 * HOUR },
      owner,
    );
    expect(res.json().code).toBe(0);
  });

  test('form-encoded numbers work', async () => {
    const base = reservation();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/conference/reserve/create',
      headers: {
        authorization: `Bearer ${owner}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({
        topic: 'Form',
        timezone: 'UTC',
        startTime: String(base.startTime),
        endTime: String(base.endTime),
        subtitle: '1',
      }).toString(),
    });
    expect(res.json()).toMatchObject({ code: 0, payload: { asrStatus: 1 } });
  });

  test('visitors cannot reserve', async () => {
    const guest = (
      await t.post('/api/user/visitorLogin', { uuid: 'reserve-guest-01', visitors: true })
    ).json().payload.token;
    expect((await t.post('/api/conference/reserve/create', reservation(), guest)).statusCode).toBe(
      403,
    );
  });
});

describe('reserve/update and reserve/delete', () => {
  test('the creator edits and deletes; others cannot', async () => {
    const id = (await t.post('/api/conference/reserve/create', reservation(), owner)).json().payload
      .conferenceId;
    const changed = reservation({
      conferenceId: id,
      topic: 'Renamed',
      timezone: 'America/New_York',
      subtitle: 1,
    });
    expect((await t.post('/api/conference/reserve/update', changed, other)).json().msg).toBe(
      'Only the creator can change this meeting',
    );
    const updated = await t.post('/api/conference/reserve/update', changed, owner);
    expect(updated.json().payload).toMatchObject({
      conferenceName: 'Renamed',
      timezone: 'America/New_York',
      asrStatus: 1,
    });
    const bad = await t.post(
      '/api/conference/reserve/update',
      { ...changed, endTime: changed.startTime - 1 },
      owner,
    );
    expect(bad.json().msg).toBe('The end time cannot be earlier than the start time');

    expect(
      (await t.post('/api/conference/reserve/delete', { conferenceId: id }, other)).statusCode,
    ).toBe(403);
    expect(
      (await t.post('/api/conference/reserve/delete', { conferenceId: id }, owner)).json().code,
    ).toBe(0);
    const gone = await t.post('/api/conference/conferenceInfo', { conferenceId: id });
    expect(gone.json().msg).toBe('The current meeting does not exist');
  });

  test('a started meeting can no longer be edited', async () => {
    const id = (await t.post('/api/conference/reserve/create', reservation(), owner)).json().payload
      .conferenceId;
    await t.post(
      '/api/conference/joinConference',
      { conferenceId: id, deviceId: 'x', userConferenceName: 'O' },
      owner,
    );
    const res = await t.post(
      '/api/conference/reserve/update',
      reservation({ conferenceId: id }),
      owner,
    );
    expect(res.json().msg).toBe('The meeting has already started and can no longer be changed');
  });
});

describe('running and finished lists', () => {
  test('running lists meetings I created or am in; finished pages by 20', async () => {
    const me = await registerUser(t, 'lists@example.com');
    const ids: string[] = [];
    for (let i = 0; i < 21; i++) {
      const id = (await t.post('/api/conference/createConference', { topic: `M${i}` }, me)).json()
        .payload.conferenceId;
      ids.push(id);
      await t.post(
        '/api/conference/joinConference',
        { conferenceId: id, deviceId: 'd', userConferenceName: 'L' },
        me,
        {
          remoteAddress: randomIp(),
        },
      );
      t.clock.advance(1000);
      if (i < 21) await t.post('/api/conference/quitConference', { conferenceId: id }, me);
    }
    const running = await t.post('/api/conference/createConference', { topic: 'Live' }, me);
    const list = (await t.post('/api/conference/getMyRunningConferenceList', {}, me)).json()
      .payload;
    expect(list.map((m: { meetingTitle: string }) => m.meetingTitle)).toEqual(['Live']);
    expect(list[0]).toMatchObject({ status: 2, meetingId: running.json().payload.conferenceId });

    const page1 = (
      await t.post('/api/conference/v2/getMyFinishedConferenceList', { page: 1, pageSize: 20 }, me)
    ).json().payload;
    const page2 = (
      await t.post('/api/conference/v2/getMyFinishedConferenceList', { page: 2, pageSize: 20 }, me)
    ).json().payload;
    expect(page1).toHaveLength(20);
    expect(page2).toHaveLength(1);
    expect(page1[0].meetingTitle).toBe('M20');
    expect(page2[0].meetingTitle).toBe('M0');
    expect(page1[0].finishTime).toBeGreaterThan(page1[1].finishTime);
    const defaults = (await t.post('/api/conference/v2/getMyFinishedConferenceList', {}, me)).json()
      .payload;
    expect(defaults).toHaveLength(20);
  });
});
