import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build, randomIp, registerUser, type TestApp } from './helper.js';

let t: TestApp;
let host: string;
let guest: string;
beforeAll(async () => {
  t = await build();
  host = await registerUser(t, 'host@example.com');
  guest = await visitor('guest-device-000001');
});
afterAll(() => t.close());

async function visitor(uuid: string): Promise<string> {
  return (await t.post('/api/user/visitorLogin', { uuid, visitors: true })).json().payload.token;
}

async function create(token = host, topic = 'Standup'): Promise<string> {
  const res = await t.post('/api/conference/createConference', { topic }, token);
  expect(res.json().code).toBe(0);
  return res.json().payload.conferenceId;
}

const join = (token: string, conferenceId: string, deviceId = 'device-1', extra: object = {}) =>
  t.post(
    '/api/conference/joinConference',
    {
      conferenceId,
      deviceId,
      userConferenceName: 'Me',
      voiceLanguage: 'en',
      subtitle: 0,
      translate: 0,
      ...extra,
    },
    token,
    { remoteAddress: randomIp() },
  );

describe('createConference', () => {
  test('makes a running meeting with a 9–10 digit number owned and hosted by the caller', async () => {
    const res = await t.post('/api/conference/createConference', { topic: 'Design review' }, host);
    const info = res.json().payload;
    expect(info.conferenceId).toMatch(/^\d{9,10}$/);
    expect(info).toMatchObject({
      conferenceName: 'Design review',
      status: 2,
      hostName: 'host',
      creatorName: 'host',
    });
    expect(info.hostId).toBe(info.creatorId);
    expect(info.conferenceUri).toMatch(/^\w{16}$/);
  });

  test('a visitor cannot create meetings', async () => {
    const res = await t.post('/api/conference/createConference', {}, guest);
    expect(res.statusCode).toBe(403);
  });

  test('without a topic the meeting is named after its creator', async () => {
    const res = await t.post('/api/conference/createConference', {}, host);
    expect(res.json().payload.conferenceName).toBe("host's meeting");
  });

  test('the default name follows the request language', async () => {
    const zh = await t.post('/api/conference/createConference', { language: 'zh' }, host);
    expect(zh.json().payload.conferenceName).toBe('host的会议');
    const header = await t.post('/api/conference/createConference', {}, host, {
      headers: { authorization: `Bearer ${host}`, 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    expect(header.json().payload.conferenceName).toBe('host的会议');
  });

  test('a meeting ID typed with spaces or dashes finds the meeting', async () => {
    const id = await create();
    const spaced = `${id.slice(0, 3)} ${id.slice(3, 6)}-${id.slice(6)}`;
    const res = await t.post('/api/conference/conferenceInfo', { conferenceId: spaced });
    expect(res.json()).toMatchObject({ code: 0, payload: { conferenceId: id } });
  });
});

describe('conferenceInfo', () => {
  test('needs no login and returns the Meeting info fields', async () => {
    const id = await create();
    const res = await t.post('/api/conference/conferenceInfo', { conferenceId: id });
    expect(res.json().code).toBe(0);
    expect(Object.keys(res.json().payload)).toEqual(
      expect.arrayContaining([
        'asrStatus',
        'confMute',
        'conferenceId',
        'conferenceName',
        'conferenceUri',
        'creatorName',
        'createTime',
        'createUserId',
        'creatorId',
        'hostId',
        'hostName',
        'lockRoom',
        'num',
        'personalConfMute',
        'personalVideoEnable',
        'startTime',
        'endTime',
        'joinTime',
        'translate',
        'allowInterpret',
        'conferenceProperties',
        'recordFuncStatus',
      ]),
    );
    const v2 = await t.post('/api/conference/v2/conferenceInfo', { conferenceId: id });
    expect(v2.json().payload.conferenceId).toBe(id);
  });

  test('an unknown number is -1 "The current meeting does not exist"', async () => {
    const res = await t.post('/api/conference/conferenceInfo', { conferenceId: '123456789' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: -1, msg: 'The current meeting does not exist' });
  });

  test('an IP that keeps asking for numbers that do not exist is refused', async () => {
    const ip = randomIp();
    for (let i = 0; i < 30; i++) {
      const res = await t.post(
        '/api/conference/conferenceInfo',
        { conferenceId: String(100000000 + i) },
        undefined,
        {
          remoteAddress: ip,
        },
      );
      expect(res.statusCode).toBe(404);
    }
    const id = await create();
    const blocked = await t.post(
      '/api/conference/conferenceInfo',
      { conferenceId: id },
      undefined,
      { remoteAddress: ip },
    );
    expect(blocked.statusCode).toBe(429);
    t.clock.advance(11 * 60 * 1000);
    const later = await t.post('/api/conference/conferenceInfo', { conferenceId: id }, undefined, {
      remoteAddress: ip,
    });
    expect(later.json().code).toBe(0);
  });
});

describe('joinConference outcomes', () => {
  test('0: joins and gets the properties, host and media node', async () => {
    const id = await create();
    const res = await join(guest, id);
    expect(res.json().code).toBe(0);
    expect(res.json().payload).toMatchObject({
      conferenceId: id,
      conferenceName: 'Standup',
      asrStatus: 0,
      endTime: null,
      conferenceProperties: { lockRoom: 0, waitingRoom: 0 },
      mediaServer: expect.stringMatching(/^http/),
    });
    const info = (await t.post('/api/conference/conferenceInfo', { conferenceId: id })).json()
      .payload;
    expect(info.num).toBe(1);
  });

  test('-1: the meeting does not exist', async () => {
    const res = await join(guest, '987654321');
    expect(res.json()).toMatchObject({ code: -1, msg: 'The current meeting does not exist' });
  });

  test('3008: a finished meeting answers "conference over"', async () => {
    const id = await create();
    await join(host, id);
    await t.post('/api/conference/quitConference', { conferenceId: id }, host);
    const info = (await t.post('/api/conference/conferenceInfo', { conferenceId: id })).json()
      .payload;
    expect(info.status).toBe(3);
    const res = await join(guest, id);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ code: 3008, msg: 'The meeting has ended' });
  });

  test('3000: a locked meeting refuses others but not its host', async () => {
    const id = await create();
    const row = await t.app.conferences.byNumber(id);
    await t.app.conferences.update(row!.id, { lockRoom: true });
    expect((await join(guest, id)).json()).toMatchObject({ code: 3000, msg: 'Meeting is locked' });
    expect((await join(host, id)).json().code).toBe(0);
  });

  test('3018: with the waiting room on, others are sent to wait', async () => {
    const id = await create();
    const row = await t.app.conferences.byNumber(id);
    await t.app.conferences.update(row!.id, { waitingRoom: true });
    const res = await join(guest, id);
    expect(res.json()).toMatchObject({
      code: 3018,
      payload: { conferenceId: id, conferenceUri: row!.conferenceUri },
    });
  });

  test('3017: a removed member cannot rejoin', async () => {
    const id = await create();
    const row = await t.app.conferences.byNumber(id);
    const guestId = (await t.post('/api/user/getUserInfo', {}, guest)).json().payload.userId;
    await t.app.conferences.block(row!.id, guestId, 'kicked');
    expect((await join(guest, id)).json()).toMatchObject({
      code: 3017,
      msg: 'You have been kicked out',
    });
  });

  test('3004: the 26th member is refused; a member already inside may rejoin', async () => {
    const id = await create();
    const tokens: string[] = [];
    for (let i = 0; i < 25; i++) {
      const token = await visitor(`crowd-${id}-${i}`);
      tokens.push(token);
      expect((await join(token, id, `dev-${i}`)).json().code).toBe(0);
    }
    const late = await visitor(`crowd-${id}-late`);
    expect((await join(late, id, 'dev-late')).json()).toMatchObject({
      code: 3004,
      msg: 'Reach to the maximum participants',
    });
    expect((await join(tokens[3]!, id, 'dev-3')).json().code).toBe(0);
  });

  test('a second device takes over (forceJoin=1) and the first learns it was replaced', async () => {
    const id = await create();
    const me = await visitor('two-devices-0001');
    expect((await join(me, id, 'laptop')).json().code).toBe(0);
    expect((await join(me, id, 'desktop', { forceJoin: 1 })).json().code).toBe(0);
    const first = await t.post(
      '/api/conference/getConferenceStatus',
      { conferenceId: id, deviceId: 'laptop' },
      me,
    );
    expect(first.json().payload.myState).toBe('replaced');
    const second = await t.post(
      '/api/conference/getConferenceStatus',
      { conferenceId: id, deviceId: 'desktop' },
      me,
    );
    expect(second.json().payload).toMatchObject({ myState: 'joined', num: 1 });
  });

  test('forceJoin=0 while in the meeting elsewhere is refused', async () => {
    const id = await create();
    const me = await visitor('two-devices-0002');
    await join(me, id, 'laptop');
    const res = await join(me, id, 'desktop', { forceJoin: 0 });
    expect(res.json().msg).toBe('You are already in this meeting on another device');
  });

  test('a reserved meeting becomes running when its first member joins', async () => {
    const start = t.clock.now() + 3600_000;
    const res = await t.post(
      '/api/conference/reserve/create',
      {
        topic: 'Planning',
        timezone: 'Asia/Shanghai',
        startTime: start,
        endTime: start + 3600_000,
        subtitle: 1,
      },
      host,
    );
    const id = res.json().payload.conferenceId;
    expect(res.json().payload).toMatchObject({ status: 1, asrStatus: 1 });
    expect((await join(guest, id)).json()).toMatchObject({
      code: 0,
      payload: { endTime: start + 3600_000, asrStatus: 1 },
    });
    const info = (await t.post('/api/conference/conferenceInfo', { conferenceId: id })).json()
      .payload;
    expect(info.status).toBe(2);
  });

  test.each([
    [{ userConferenceName: '' }, 'Nickname cannot be empty'],
    [{ userConferenceName: 'x'.repeat(31) }, 'Nickname cannot exceed 30 characters'],
    [{ conferenceId: 'abc' }, 'The current meeting does not exist'],
    [{ deviceId: undefined }, 'deviceId is required'],
  ])('bad join input %j is a 400 "%s"', async (override, msg) => {
    const res = await t.post(
      '/api/conference/joinConference',
      { conferenceId: '123456789', deviceId: 'd', userConferenceName: 'Me', ...override },
      guest,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(msg);
  });

  test('joining needs a login', async () => {
    const res = await t.post('/api/conference/joinConference', {
      conferenceId: '123456789',
      deviceId: 'd',
      userConferenceName: 'x',
    });
    expect(res.json().code).toBe(203);
  });
});

describe('quit, host and end', () => {
  test('the host leaving clears the host; the creator coming back takes it again; the last one out ends it', async () => {
    const id = await create();
    await join(host, id, 'h');
    await join(guest, id, 'g');
    await t.post('/api/conference/quitConference', { conferenceId: id }, host);
    let info = (await t.post('/api/conference/conferenceInfo', { conferenceId: id })).json()
      .payload;
    expect(info).toMatchObject({ hostId: 0, hostName: '', status: 2, num: 1 });
    await join(host, id, 'h');
    info = (await t.post('/api/conference/conferenceInfo', { conferenceId: id })).json().payload;
    expect(info.hostName).toBe('host');
    await t.post('/api/conference/quitConference', { conferenceId: id }, guest);
    await t.post('/api/conference/quitConference', { conferenceId: id }, host);
    info = (await t.post('/api/conference/conferenceInfo', { conferenceId: id })).json().payload;
    expect(info.status).toBe(3);
  });
});

describe('nickname and rating', () => {
  test('a member renames themselves (≤ 30) and rates the meeting 1–5', async () => {
    const id = await create();
    await join(guest, id);
    expect(
      (
        await t.post(
          '/api/conference/updateUserConferenceNickname',
          { conferenceId: id, userConferenceName: 'New name' },
          guest,
        )
      ).json().code,
    ).toBe(0);
    const long = await t.post(
      '/api/conference/updateUserConferenceNickname',
      { conferenceId: id, userConferenceName: 'y'.repeat(31) },
      guest,
    );
    expect(long.json().msg).toBe('Nickname cannot exceed 30 characters');
    expect(
      (
        await t.post(
          '/api/conference/addEvaluate',
          { conferenceId: id, score: 5, comment: 'Great' },
          guest,
        )
      ).json().code,
    ).toBe(0);
    const bad = await t.post('/api/conference/addEvaluate', { conferenceId: id, score: 6 }, guest);
    expect(bad.json().msg).toBe('The score must be from 1 to 5');
  });

  test('someone who was never in the meeting cannot rate it', async () => {
    const id = await create();
    const res = await t.post(
      '/api/conference/addEvaluate',
      { conferenceId: id, score: 3 },
      await visitor('never-in-0001'),
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('utility calls', () => {
  test('getTimestamp gives the server time without login', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/getTimestamp' });
    expect(res.json().payload.timestamp).toBe(t.clock.now());
  });

  test('the server config names web, media and long-link servers', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/getServerConfig',
      headers: { host: 'meet.test:3000' },
    });
    expect(res.json().payload).toEqual({
      webServer: 'http://meet.test:3000',
      mediaServer: 'http://meet.test:3000',
      longLink: 'ws://meet.test:3000/message',
      mobileAppUrl: null,
      // avatars.test.ts checks it.
      systemSetting: expect.objectContaining({ isVHumanEnabled: true, isVVoiceEnabled: true }),
    });
  });

  test('checkLimitRegion says not limited by default', async () => {
    const res = await t.post('/api/tool/checkLimitRegion', {});
    expect(res.json().payload).toEqual({ limited: false, isLimit: 0 });
  });
});
