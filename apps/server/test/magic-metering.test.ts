/**
 * Magic Cam sessions and their metering (issues 15 and 31): credits pay only for a server-side
 * engine's minutes. With the streaming image-to-image server (a stand-in speaking its protocol):
 * getToken's rules (a meeting I am in now, 4038 when my credits do not cover a minute), and over
 * a real `/magic` socket the first minute charged at `start`, one more each minute the app's clock
 * runs, exactly once per minute across a reconnect, a takeover and a restart, and the end when
 * the credits run out. With the in-browser WebGL looks: a price of 0, open at any balance, and no
 * minute ever charged however long it runs.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAGIC_CREDITS_PER_MINUTE, SIGNUP_AI_CREDITS, errorMessages } from '@meet/shared';
import { magicSessions } from '../src/db/schema/index.js';
import { startMagicStandIn, type MagicStandIn } from './engine-servers/magic-stream-stand-in.js';
import { build, listen, type TestApp } from './helper.js';
import { magicSocket, type MagicClient } from './magic-fixture.js';
import { createMeeting, joinApi, registered, visitor, type Account } from './room-members.js';

const PER_MINUTE = MAGIC_CREDITS_PER_MINUTE.stream;
const MINUTE = 60_000;

let t: TestApp;
let base: string;
let standIn: MagicStandIn;
const clients: MagicClient[] = [];
beforeAll(async () => {
  standIn = await startMagicStandIn();
  // Metering every 50 ms of real time, so a test sees the clock's minutes paid at once.
  t = await build({ MAGIC_METER_MS: '50', MAGIC_CAM_URL: standIn.url });
  base = await listen(t);
});
afterAll(async () => {
  for (const client of clients) client.socket.close();
  await t.close();
  await standIn.close();
});

const credits = () => t.app.credits;
const magicCharges = async (who: Account) =>
  (await credits().spending(who.userId, 1, 100)).filter((r) => r.reason === 'magicCam');
const sessionOf = async (who: Account) => {
  const [row] = await t.database.db
    .select()
    .from(magicSessions)
    .where(eq(magicSessions.userId, who.userId))
    .orderBy(magicSessions.id);
  return row!;
};
const homeToken = async (who: Account) => {
  const res = await t.post('/api/magic/getHomePageToken', {}, who.token);
  expect(res.json().code, res.body).toBe(0);
  return res.json().payload.token as string;
};
const connect = async (token: string) => {
  const client = await magicSocket(base, token);
  clients.push(client);
  return client;
};
/** Leaves `who` this many credits. */
const leave = (who: Account, left: number) =>
  credits().charge({
    userId: who.userId,
    credits: SIGNUP_AI_CREDITS - left,
    reason: 'translate',
    chargeKey: `spend-${who.userId}`,
  });
/** Real time for the meter to run (50 ms) a few times. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('getToken (stream engine)', () => {
  test('outside a meeting it opens a stream session, names the price and charges nothing yet', async () => {
    const ada = await registered(t);
    for (const [route, body] of [
      ['getToken', { type: 1 }],
      ['getHomePageToken', {}],
    ] as const) {
      const res = await t.post(`/api/magic/${route}`, body, ada.token);
      expect(res.json().payload).toEqual({
        token: expect.any(String),
        engine: 'stream',
        creditsPerMinute: PER_MINUTE,
        balance: SIGNUP_AI_CREDITS,
      });
    }
    expect(await magicCharges(ada)).toEqual([]);
  });

  test('in a meeting (type 0) it needs the meeting’s uri, a meeting that exists and me in it', async () => {
    const ada = await registered(t);
    const meeting = await createMeeting(t);
    const ask = (conferenceUri?: string) =>
      t.post('/api/magic/getToken', { type: 0, conferenceUri }, ada.token);
    expect((await ask()).json()).toMatchObject({ key: 'fieldRequired' });
    expect((await ask('no-such-meeting')).json()).toMatchObject({ key: 'meetingNoExist' });
    const outside = await ask(meeting.uri);
    expect(outside.statusCode).toBe(403);
    expect(outside.json().key).toBe('notInMeeting');
    expect((await joinApi(t, ada.token, meeting.id, 'ada-dev')).json().code).toBe(0);
    expect((await ask(meeting.uri)).json().code).toBe(0);
  });

  test('credits below one minute: 4038 with the magic-cam text, HTTP 402, nothing charged', async () => {
    const poor = await registered(t);
    await leave(poor, PER_MINUTE - 1);
    const res = await t.post('/api/magic/getToken', { type: 1 }, poor.token);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      code: 4038,
      key: 'magicOutOfPoints',
      msg: errorMessages.magicOutOfPoints.en,
    });
    expect(await credits().balance(poor.userId)).toBe(PER_MINUTE - 1);
    // Visitors may use Magic Cam, paid from their own credits: they start with none.
    const guest = await visitor(t);
    expect((await t.post('/api/magic/getHomePageToken', {}, guest.token)).json().code).toBe(4038);
    await credits().grant(guest.userId, 10, 'refund');
    expect((await t.post('/api/magic/getHomePageToken', {}, guest.token)).json().code).toBe(0);
  });

  test('a socket without the token of an open session is refused', async () => {
    await expect(magicSocket(base, 'x'.repeat(43))).rejects.toThrow();
    await expect(magicSocket(base, '')).rejects.toThrow();
  });
});

describe('metering a server-side engine over the /magic socket', () => {
  test('a stream-engine minute is charged: start pays the first; each minute the clock moves pays one more, in the ledger with the meeting', async () => {
    const ada = await registered(t);
    const meeting = await createMeeting(t);
    await joinApi(t, ada.token, meeting.id, 'ada-dev');
    const token = (
      await t.post('/api/magic/getToken', { type: 0, conferenceUri: meeting.uri }, ada.token)
    ).json().payload.token as string;
    const client = await connect(token);

    expect(await client.start({ prompt: 'watercolor painting' })).toEqual({
      ok: true,
      balance: SIGNUP_AI_CREDITS - PER_MINUTE,
    });
    expect(client.charged).toEqual([{ minutes: 1, balance: SIGNUP_AI_CREDITS - PER_MINUTE }]);

    t.clock.advance(MINUTE - 1000);
    await settle();
    expect(client.charged).toHaveLength(1);
    t.clock.advance(1000);
    await expect.poll(() => client.charged.length).toBe(2);
    expect(client.charged[1]).toEqual({ minutes: 2, balance: SIGNUP_AI_CREDITS - 2 * PER_MINUTE });
    t.clock.advance(2.5 * MINUTE);
    await expect.poll(() => client.charged.length).toBe(4);
    expect(client.charged[3]).toEqual({ minutes: 4, balance: SIGNUP_AI_CREDITS - 4 * PER_MINUTE });

    const rows = await magicCharges(ada);
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(row).toMatchObject({ delta: -PER_MINUTE, minutes: 1, meetingNumber: meeting.id });
    }
    const detail = await t.post('/api/energyPoint/getConsumeDetailRecord', {}, ada.token);
    expect(detail.json().payload.list[0]).toMatchObject({
      feature: 'magicCam',
      credits: PER_MINUTE,
      minutes: 1,
      conferenceId: meeting.id,
    });
    const points = await t.post('/api/energyPoint/getMyEnergyPointInfo', {}, ada.token);
    expect(points.json().payload).toMatchObject({
      totalEnergyPoint: SIGNUP_AI_CREDITS - 4 * PER_MINUTE,
      magicCamUsage: { perMinuteSpeed: PER_MINUTE, minutes: 4, credits: 4 * PER_MINUTE },
    });
  });

  test('a dropped socket pauses the meter; the same token back within the grace carries on the same minutes', async () => {
    const ada = await registered(t);
    const token = await homeToken(ada);
    const first = await connect(token);
    await first.start({ prompt: 'comic' });
    t.clock.advance(30_000);
    await settle();
    first.socket.close();
    await expect.poll(async () => (await sessionOf(ada)).pausedAt).not.toBeNull();

    // Time away is not metered: 45 s here would make the second minute due at once.
    t.clock.advance(45_000);
    const second = await connect(token);
    expect(await second.start({ prompt: 'comic' })).toMatchObject({ ok: true });
    await settle();
    expect(await magicCharges(ada)).toHaveLength(1);
    t.clock.advance(30_000);
    await expect
      .poll(() => second.charged)
      .toEqual([{ minutes: 2, balance: SIGNUP_AI_CREDITS - 2 * PER_MINUTE }]);
    expect(await magicCharges(ada)).toHaveLength(2);
    expect(await sessionOf(ada)).toMatchObject({ meteredMs: 60_000, minutesPaid: 2 });
  });

  test('a second socket with the same token takes the session over and the first is let go', async () => {
    const ada = await registered(t);
    const token = await homeToken(ada);
    const first = await connect(token);
    await first.start({ prompt: 'comic' });
    const second = await connect(token);
    await first.gone;
    expect(await second.start({ prompt: 'comic' })).toMatchObject({ ok: true });
    expect(await magicCharges(ada)).toHaveLength(1);
  });

  test('away past the grace, the token is refused and the session has ended', async () => {
    const ada = await registered(t);
    const token = await homeToken(ada);
    const client = await connect(token);
    await client.start({ prompt: 'comic' });
    client.socket.close();
    await expect.poll(async () => (await sessionOf(ada)).pausedAt).not.toBeNull();
    t.clock.advance(61_000);
    await expect(magicSocket(base, token)).rejects.toThrow();
    expect(await sessionOf(ada)).toMatchObject({ closeReason: 'wsError' });
    expect(await magicCharges(ada)).toHaveLength(1);
  });

  test('a session nobody comes back to is ended when the grace runs out in real time', async () => {
    const settings = t.app.config.magic;
    const grace = settings.reconnectGraceMs;
    settings.reconnectGraceMs = 300;
    try {
      const ada = await registered(t);
      const client = await connect(await homeToken(ada));
      await client.start({ prompt: 'comic' });
      client.socket.close();
      await expect
        .poll(async () => (await sessionOf(ada)).closeReason, { timeout: 5000 })
        .toBe('wsError');
    } finally {
      settings.reconnectGraceMs = grace;
    }
  });

  test('a server restart keeps the count: the token reconnects and no minute is paid twice', async () => {
    const ada = await registered(t);
    const token = await homeToken(ada);
    const client = await connect(token);
    await client.start({ prompt: 'pixel art' });
    t.clock.advance(20_000);
    await settle();
    await t.restart();
    base = await listen(t);
    await client.gone;

    const again = await connect(token);
    expect(await again.start({ prompt: 'pixel art' })).toMatchObject({ ok: true });
    expect(await magicCharges(ada)).toHaveLength(1);
    t.clock.advance(40_000);
    await expect.poll(async () => (await magicCharges(ada)).length).toBe(2);
    await settle();
    expect(await magicCharges(ada)).toHaveLength(2);
  });

  test('credits running out mid-session close it with outOfPoints; the ledger and balance are right', async () => {
    const ada = await registered(t);
    await leave(ada, PER_MINUTE + 1);
    const token = await homeToken(ada);
    const client = await connect(token);
    expect(await client.start({ prompt: 'comic' })).toEqual({ ok: true, balance: 1 });
    t.clock.advance(MINUTE);
    await client.gone;
    expect(client.closed).toEqual([{ reason: 'outOfPoints' }]);
    expect(await magicCharges(ada)).toHaveLength(1);
    expect(await credits().balance(ada.userId)).toBe(1);
    expect(await sessionOf(ada)).toMatchObject({ closeReason: 'outOfPoints', minutesPaid: 1 });
    expect((await t.post('/api/magic/getHomePageToken', {}, ada.token)).json().code).toBe(4038);
  });

  test('stop ends the session: closed "stop", nothing more is paid, the token is spent', async () => {
    const ada = await registered(t);
    const token = await homeToken(ada);
    const client = await connect(token);
    await client.start({ prompt: 'comic' });
    await client.stop();
    await client.gone;
    expect(client.closed).toEqual([{ reason: 'stop' }]);
    t.clock.advance(5 * MINUTE);
    await settle();
    expect(await magicCharges(ada)).toHaveLength(1);
    expect(await sessionOf(ada)).toMatchObject({ closeReason: 'stop', endedAt: expect.any(Date) });
    await expect(magicSocket(base, token)).rejects.toThrow();
  });

  test('a new prompt costs nothing; requests that do not fit are refused without a charge', async () => {
    const ada = await registered(t);
    const token = await homeToken(ada);
    const client = await connect(token);
    expect(await client.start({ prompt: '' })).toEqual({ ok: false, reason: 'sysError' });
    expect(await magicCharges(ada)).toEqual([]);
    await client.start({ prompt: 'comic' });
    expect(await client.prompt('pixel art retro game')).toMatchObject({ ok: true });
    expect(await client.prompt('a\u0000b')).toEqual({ ok: false, reason: 'sysError' });
    const [row] = await t.database.db
      .select()
      .from(magicSessions)
      .where(and(eq(magicSessions.userId, ada.userId)));
    expect(row).toMatchObject({ prompt: 'pixel art retro game', endedAt: null });
    expect(await magicCharges(ada)).toHaveLength(1);
    expect(client.socket.connected).toBe(true);
  });
});

describe('the in-browser WebGL looks cost nothing (issue 31)', () => {
  // The same server with no streaming server set: the browser's WebGL looks are the engine.
  let camUrl: string | undefined;
  beforeAll(() => {
    const settings = t.app.config.magic;
    camUrl = settings.camUrl;
    settings.camUrl = undefined;
  });
  afterAll(() => {
    t.app.config.magic.camUrl = camUrl;
  });

  test('getToken names the WebGL engine at 0 credits a minute and opens even with no credits', async () => {
    const ada = await registered(t);
    expect((await t.post('/api/magic/getToken', { type: 1 }, ada.token)).json().payload).toEqual({
      token: expect.any(String),
      engine: 'webgl',
      creditsPerMinute: 0,
      balance: SIGNUP_AI_CREDITS,
    });
    // A visitor starts with no credits, and a member who spent them all: both may use the looks.
    const guest = await visitor(t);
    expect(await credits().balance(guest.userId)).toBe(0);
    const res = await t.post('/api/magic/getHomePageToken', {}, guest.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().payload).toMatchObject({ engine: 'webgl', creditsPerMinute: 0, balance: 0 });
    const broke = await registered(t);
    await leave(broke, 0);
    expect((await t.post('/api/magic/getHomePageToken', {}, broke.token)).json().code).toBe(0);
  });

  test('a session that runs for minutes, in a meeting, is metered but charges nothing and sends no charge', async () => {
    const ada = await registered(t);
    const meeting = await createMeeting(t);
    await joinApi(t, ada.token, meeting.id, 'ada-dev');
    const token = (
      await t.post('/api/magic/getToken', { type: 0, conferenceUri: meeting.uri }, ada.token)
    ).json().payload.token as string;
    const client = await connect(token);
    expect(await client.start({ prompt: 'watercolor painting' })).toEqual({
      ok: true,
      balance: SIGNUP_AI_CREDITS,
    });
    t.clock.advance(5 * MINUTE + 1000);
    await settle();
    await expect.poll(async () => (await sessionOf(ada)).meteredMs).toBeGreaterThan(5 * MINUTE);
    expect(await client.prompt('comic')).toEqual({ ok: true, balance: SIGNUP_AI_CREDITS });
    expect(client.charged).toEqual([]);
    expect(await magicCharges(ada)).toEqual([]);
    expect(await credits().balance(ada.userId)).toBe(SIGNUP_AI_CREDITS);
    expect(await sessionOf(ada)).toMatchObject({ engine: 'webgl', minutesPaid: 0, endedAt: null });
    const points = await t.post('/api/energyPoint/getMyEnergyPointInfo', {}, ada.token);
    expect(points.json().payload).toMatchObject({
      totalEnergyPoint: SIGNUP_AI_CREDITS,
      magicCamUsage: { minutes: 0, credits: 0 },
    });
    await client.stop();
    await client.gone;
    expect(client.closed).toEqual([{ reason: 'stop' }]);
  });

  test('with no credits at all it runs and is never closed for points', async () => {
    const guest = await visitor(t);
    const client = await connect(await homeToken(guest));
    expect(await client.start({ prompt: 'comic' })).toEqual({ ok: true, balance: 0 });
    t.clock.advance(3 * MINUTE);
    await settle();
    expect(client.closed).toEqual([]);
    expect(client.socket.connected).toBe(true);
    expect(await magicCharges(guest)).toEqual([]);
  });
});
