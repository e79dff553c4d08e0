/**
 * What one account may keep at once (issue 27): custom backgrounds, open meetings, upcoming
 * reservations and Magic Cam styles each stop at their cap with a catalogue message in the
 * caller's language, count only what still exists (deleting one frees a slot), and requests
 * sent at once cannot get past the cap together.
 */
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  CONFERENCE_STATUS,
  MAGIC_PUBLISH_STATUS,
  MAX_BACKGROUNDS_PER_ACCOUNT,
  MAX_MAGIC_STYLES_PER_ACCOUNT,
  MAX_OPEN_MEETINGS_PER_ACCOUNT,
  MAX_UPCOMING_RESERVATIONS_PER_ACCOUNT,
} from '@meet/shared';
import { conferences, magicStyles } from '../src/db/schema/index.js';
import { build, type TestApp } from './helper.js';
import { postStyle, styleForm } from './magic-fixture.js';
import { joinApi, registered, type Account } from './room-members.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

/** Extra inject options: the same call with its bearer token, in Chinese. */
const zh = (token: string) => ({
  headers: { authorization: `Bearer ${token}`, 'accept-language': 'zh-CN' },
});
const HOUR = 3_600_000;

/**
 * `n` meetings of `who`'s written straight to the database (quicker than the API; the API's own
 * come on top): running instant ones, or reservations a day ahead.
 */
async function seedMeetings(who: Account, n: number, reserved: boolean) {
  const now = t.clock.now();
  await t.database.db.insert(conferences).values(
    Array.from({ length: n }, (_, i) => ({
      conferenceId: String(1_000_000_000 + who.userId * 1000 + i),
      conferenceUri: `seed-${who.userId}-${i}`,
      topic: 'Seeded',
      creatorId: who.userId,
      hostId: who.userId,
      status: reserved ? CONFERENCE_STATUS.reserved : CONFERENCE_STATUS.running,
      reserved,
      timezone: 'UTC',
      startTime: reserved ? now + 24 * HOUR : now,
      endTime: reserved ? now + 25 * HOUR : null,
      createdAt: new Date(now),
      startedAt: reserved ? null : new Date(now),
    })),
  );
}

/** `n` draft styles of `who`'s written straight to the database. */
async function seedStyles(who: Account, n: number) {
  await t.database.db.insert(magicStyles).values(
    Array.from({ length: n }, (_, i) => ({
      userId: who.userId,
      name: `Seeded ${i}`,
      prompt: 'sketch',
      status: MAGIC_PUBLISH_STATUS.draft,
      createdAt: new Date(t.clock.now()),
      updatedAt: new Date(t.clock.now()),
    })),
  );
}

/** Runs `make` `n` times, one after another, each expected to succeed. */
async function fill(n: number, make: (i: number) => Promise<{ json(): { code: number } }>) {
  for (let i = 0; i < n; i++) {
    const res = await make(i);
    expect(res.json().code, `item ${i}`).toBe(0);
  }
}

describe('custom backgrounds', () => {
  const image = sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 40, b: 40 } },
  })
    .jpeg()
    .toBuffer();

  async function upload(token: string, extra: Record<string, string> = {}) {
    const boundary = '----capbackground';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="bg.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/virtual/background/upload',
      payload: Buffer.concat([head, await image, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        authorization: `Bearer ${token}`,
        ...extra,
      },
    });
  }

  test(`an upload past ${MAX_BACKGROUNDS_PER_ACCOUNT} backgrounds is refused; deleting one frees a slot`, async () => {
    const ada = await registered(t);
    await fill(MAX_BACKGROUNDS_PER_ACCOUNT, () => upload(ada.token));

    const refused = await upload(ada.token);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: -1,
      key: 'backgroundsLimit',
      msg: `You can keep at most ${MAX_BACKGROUNDS_PER_ACCOUNT} backgrounds: delete one to upload another`,
    });
    const inChinese = await upload(ada.token, { 'accept-language': 'zh-CN' });
    expect(inChinese.json().msg).toBe(
      `最多可保存${MAX_BACKGROUNDS_PER_ACCOUNT}张背景图片，请删除一张后再上传`,
    );
    const list = (await t.post('/api/virtual/background/getAll', {}, ada.token)).json().payload
      .userBackground as { id: string }[];
    expect(list).toHaveLength(MAX_BACKGROUNDS_PER_ACCOUNT);

    const gone = await t.post('/api/virtual/background/deleteOne', { id: list[0]!.id }, ada.token);
    expect(gone.json().code).toBe(0);
    expect((await upload(ada.token)).json().code).toBe(0);
    expect((await upload(ada.token)).json().key).toBe('backgroundsLimit');

    // Someone else is not held back by Ada's library.
    expect((await upload((await registered(t)).token)).json().code).toBe(0);
  });
});

describe('open meetings (createConference)', () => {
  const create = (who: Account, extra = {}) =>
    t.post('/api/conference/createConference', { topic: 'Standup' }, who.token, extra);

  test(`a meeting past ${MAX_OPEN_MEETINGS_PER_ACCOUNT} running ones is refused; one that ends frees a slot`, async () => {
    const host = await registered(t);
    await seedMeetings(host, MAX_OPEN_MEETINGS_PER_ACCOUNT - 5, false);
    await fill(5, () => create(host));

    const refused = await create(host);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: -1,
      key: 'openMeetingsLimit',
      msg: `You can have at most ${MAX_OPEN_MEETINGS_PER_ACCOUNT} meetings open at once: end one to start another`,
    });
    expect((await create(host, zh(host.token))).json().msg).toBe(
      `最多可同时进行${MAX_OPEN_MEETINGS_PER_ACCOUNT}个会议，请结束一个后再发起`,
    );

    // The host joins one and leaves it: the last one out ends it, which frees its slot.
    const [one] = await t.database.db
      .select()
      .from(conferences)
      .where(eq(conferences.creatorId, host.userId))
      .limit(1);
    expect((await joinApi(t, host.token, one!.conferenceId)).json().code).toBe(0);
    const quit = await t.post(
      '/api/conference/quitConference',
      { conferenceId: one!.conferenceId, deviceId: 'dev' },
      host.token,
    );
    expect(quit.json().code, quit.body).toBe(0);
    expect((await create(host)).json().code).toBe(0);
    expect((await create(host)).json().key).toBe('openMeetingsLimit');
  });

  test('meetings asked for at once stop at the cap together', async () => {
    const host = await registered(t);
    await seedMeetings(host, MAX_OPEN_MEETINGS_PER_ACCOUNT - 3, false);
    const replies = await Promise.all(Array.from({ length: 10 }, () => create(host)));
    const codes = replies.map((r) => r.json().code as number);
    expect(codes.filter((c) => c === 0)).toHaveLength(3);
    expect(replies.filter((r) => r.json().key === 'openMeetingsLimit')).toHaveLength(7);
    const [row] = await t.database.db
      .select({ n: count() })
      .from(conferences)
      .where(eq(conferences.creatorId, host.userId));
    expect(row!.n).toBe(MAX_OPEN_MEETINGS_PER_ACCOUNT);
  });
});

describe('upcoming reservations (reserve/create)', () => {
  const reserve = (who: Account, startTime: number, extra = {}) =>
    t.post(
      '/api/conference/reserve/create',
      { topic: 'Planning', timezone: 'UTC', startTime, endTime: startTime + HOUR },
      who.token,
      extra,
    );

  test(`a reservation past ${MAX_UPCOMING_RESERVATIONS_PER_ACCOUNT} upcoming ones is refused; deleting one or its time passing frees a slot`, async () => {
    const planner = await registered(t);
    const day = t.clock.now() + 24 * HOUR;
    await seedMeetings(planner, MAX_UPCOMING_RESERVATIONS_PER_ACCOUNT - 5, true);
    await fill(5, (i) => reserve(planner, day + i * HOUR));

    const refused = await reserve(planner, day);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: -1,
      key: 'reservationsLimit',
      msg: `You can have at most ${MAX_UPCOMING_RESERVATIONS_PER_ACCOUNT} upcoming scheduled meetings: delete one to schedule another`,
    });
    expect((await reserve(planner, day, zh(planner.token))).json().msg).toBe(
      `最多可有${MAX_UPCOMING_RESERVATIONS_PER_ACCOUNT}个待开始的预约会议，请删除一个后再预约`,
    );
    // An instant meeting is not a reservation: it has a cap of its own.
    expect((await t.post('/api/conference/createConference', {}, planner.token)).json().code).toBe(
      0,
    );

    const list = (await t.post('/api/conference/reserve/list', {}, planner.token)).json()
      .payload as { meetingId: string }[];
    expect(list).toHaveLength(MAX_UPCOMING_RESERVATIONS_PER_ACCOUNT);
    const deleted = await t.post(
      '/api/conference/reserve/delete',
      { conferenceId: list[0]!.meetingId },
      planner.token,
    );
    expect(deleted.json().code).toBe(0);
    expect((await reserve(planner, day)).json().code).toBe(0);
    expect((await reserve(planner, day)).json().key).toBe('reservationsLimit');

    // Reservations whose time has passed are no longer upcoming: they free their slots.
    t.clock.advance(2 * 24 * HOUR);
    expect((await reserve(planner, t.clock.now() + HOUR)).json().code).toBe(0);
  });
});

describe('Magic Cam styles (freeStyle/publish and freeStyle/favorite)', () => {
  const draft = (who: Account, i: number) =>
    postStyle(t, 'favorite', who.token, { name: `Style ${i}`, prompt: 'watercolor' });

  test(`a style past ${MAX_MAGIC_STYLES_PER_ACCOUNT} of one's own is refused, published or not; deleting one frees a slot`, async () => {
    const artist = await registered(t);
    await seedStyles(artist, MAX_MAGIC_STYLES_PER_ACCOUNT - 5);
    await fill(4, (i) => draft(artist, i));
    const published = await postStyle(t, 'publish', artist.token, {
      name: 'Last',
      prompt: 'comic',
    });
    expect(published.json().code, published.body).toBe(0);

    for (const path of ['favorite', 'publish'] as const) {
      const refused = await postStyle(t, path, artist.token, { name: 'More', prompt: 'noir' });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({
        code: -1,
        key: 'magicStylesLimit',
        msg: `You can have at most ${MAX_MAGIC_STYLES_PER_ACCOUNT} styles of your own: delete one to make another`,
      });
    }
    const { payload, headers } = await styleForm({ name: 'More', prompt: 'noir' });
    const inChinese = await t.app.inject({
      method: 'POST',
      url: '/api/magic/freeStyle/favorite',
      payload,
      headers: { ...headers, authorization: `Bearer ${artist.token}`, 'accept-language': 'zh' },
    });
    expect(inChinese.json().msg).toBe(
      `最多可创建${MAX_MAGIC_STYLES_PER_ACCOUNT}个自己的风格，请删除一个后再创建`,
    );
    const [row] = await t.database.db
      .select({ n: count() })
      .from(magicStyles)
      .where(eq(magicStyles.userId, artist.userId));
    expect(row!.n).toBe(MAX_MAGIC_STYLES_PER_ACCOUNT);

    const gone = await t.post(
      '/api/magic/freeStyle/delete',
      { id: published.json().payload.id },
      artist.token,
    );
    expect(gone.json().code).toBe(0);
    expect((await draft(artist, 0)).json().code).toBe(0);
    expect((await draft(artist, 1)).json().key).toBe('magicStylesLimit');
  });

  test('styles asked for at once stop at the cap together', async () => {
    const artist = await registered(t);
    await seedStyles(artist, MAX_MAGIC_STYLES_PER_ACCOUNT - 2);
    const replies = await Promise.all(Array.from({ length: 6 }, (_, i) => draft(artist, i)));
    expect(replies.filter((r) => r.json().code === 0)).toHaveLength(2);
    expect(replies.filter((r) => r.json().key === 'magicStylesLimit')).toHaveLength(4);
    const [row] = await t.database.db
      .select({ n: count() })
      .from(magicStyles)
      .where(eq(magicStyles.userId, artist.userId));
    expect(row!.n).toBe(MAX_MAGIC_STYLES_PER_ACCOUNT);
  });
});
