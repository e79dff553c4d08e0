/**
 * Publishing free styles (Magic Cam, issue 15): the form's rules and texts, the publish job
 * that makes a 256x256 JPEG cover and publishes (or fails on a picture it cannot decode), the
 * author's cancel, retry, republish and delete — and nobody else's.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAGIC_PUBLISH_STATUS as S, errorMessages } from '@meet/shared';
import { magicSubscriptions } from '../src/db/schema/index.js';
import { DEFAULT_JOB_SETTINGS, PgBossQueue } from '../src/jobs/pg-boss-queue.js';
import { workMagicJobs } from '../src/magic/magic-module.js';
import { build, type TestApp } from './helper.js';
import { noise, picture, postStyle } from './magic-fixture.js';
import { registered, visitor, type Account } from './room-members.js';

let t: TestApp;
let ada: Account;
let bob: Account;
beforeAll(async () => {
  t = await build();
  [ada, bob] = await Promise.all([registered(t), registered(t)]);
});
afterAll(() => t.close());

const publish = (who: Account, fields: Record<string, string>, cover?: Buffer) =>
  postStyle(t, 'publish', who.token, fields, cover ? { data: cover } : undefined);
const byId = (route: string, who: Account, id: string) =>
  t.post(`/api/magic/${route}`, { id }, who.token);
const statusOf = async (who: Account, id: string) =>
  (await t.post('/api/magic/queryFreeStyleMagicStatus', { ids: [id] }, who.token)).json().payload
    .list as { id: string; status: number }[];

describe('the publish form', () => {
  test('a new style is mine and publishing, named, with its prompt and no cover yet', async () => {
    const res = await publish(ada, { name: 'Sunny', prompt: 'yellow watercolor' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload).toMatchObject({
      type: 'freestyle',
      name: 'Sunny',
      prompt: 'yellow watercolor',
      cover: null,
      status: S.publishing,
      mine: true,
      favorite: false,
      hot: 0,
      creatorName: expect.any(String),
    });
    const id = res.json().payload.id as string;
    const mine = (await t.post('/api/magic/getMyFreeStyleMagicList', {}, ada.token)).json();
    expect(mine.payload.list.map((s: { id: string }) => s.id)).toContain(id);
    // Not published: nobody else sees it or its state.
    expect(await statusOf(ada, id)).toEqual([{ id, status: S.publishing }]);
    expect(await statusOf(bob, id)).toEqual([]);
  });

  test.each([
    ['no name', { prompt: 'comic' }, 'fieldRequired'],
    ['a blank name', { name: '   ', prompt: 'comic' }, 'magicNameEmpty'],
    ['a blank prompt', { name: 'A', prompt: ' ' }, 'magicPromptEmpty'],
    ['a prompt of 301 characters', { name: 'A', prompt: 'a'.repeat(301) }, 'magicPromptTooLong'],
    ['a NUL byte in the name', { name: 'a\u0000b', prompt: 'comic' }, 'unsafeText'],
  ])('%s is refused with its text', async (_label, fields, key) => {
    const res = await publish(ada, fields);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: -1, key });
  });

  test('a GIF cover and a cover over 2 MB are refused with the cover text, and nothing is made', async () => {
    const before = (await t.post('/api/magic/getMyFreeStyleMagicList', {}, bob.token)).json()
      .payload.list.length;
    const gif = await publish(bob, { name: 'G', prompt: 'comic' }, await picture(64, 64, 'gif'));
    const big = await noise(1000, 800);
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
    const huge = await publish(bob, { name: 'H', prompt: 'comic' }, big);
    for (const res of [gif, huge]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        key: 'magicCoverInvalid',
        msg: errorMessages.magicCoverInvalid.en,
      });
    }
    const after = (await t.post('/api/magic/getMyFreeStyleMagicList', {}, bob.token)).json();
    expect(after.payload.list).toHaveLength(before);
  });

  test('a JSON body is not a form: refused with a 4xx', async () => {
    const res = await t.post(
      '/api/magic/freeStyle/publish',
      { name: 'A', prompt: 'comic' },
      ada.token,
    );
    expect(res.statusCode).toBe(400);
  });

  test('a visitor can neither publish nor save a style', async () => {
    const guest = await visitor(t);
    for (const route of ['publish', 'favorite'] as const) {
      const res = await postStyle(t, route, guest.token, { name: 'V', prompt: 'comic' });
      expect(res.statusCode).toBe(403);
      expect(res.json().key).toBe('realLoginRequired');
    }
  });
});

describe('the author alone changes a style', () => {
  let id: string;
  beforeAll(async () => {
    id = (await publish(ada, { name: 'Mine', prompt: 'pencil sketch' })).json().payload.id;
  });

  test.each([
    'freeStyle/cancel',
    'freeStyle/republish',
    'freeStyle/publish/retry',
    'freeStyle/delete',
  ])(
    'someone else’s %s of my style is "not found", and so is an id that does not exist',
    async (route) => {
      for (const [who, target] of [
        [bob, id],
        [ada, '999999'],
        [ada, 'not-a-style'],
      ] as const) {
        const res = await byId(route, who, target);
        expect(res.statusCode).toBe(404);
        expect(res.json().key).toBe('notFound');
      }
      expect(await statusOf(ada, id)).toEqual([{ id, status: S.publishing }]);
    },
  );

  test('cancel stops publishing; only a publishing one cancels, only a failed one retries', async () => {
    const cancelled = await byId('freeStyle/cancel', ada, id);
    expect(cancelled.json().payload.status).toBe(S.cancelled);
    const again = await byId('freeStyle/cancel', ada, id);
    expect(again.statusCode).toBe(400);
    expect(again.json().key).toBe('magicNotCancellable');
    const retry = await byId('freeStyle/publish/retry', ada, id);
    expect(retry.statusCode).toBe(400);
    expect(retry.json().key).toBe('magicNotPublishable');
  });

  test('the publish job leaves a style cancelled meanwhile as it is', async () => {
    await t.app.magic.styles.runPublish(
      { styleId: Number(id) },
      { attempt: 1, retryLimit: 2, signal: new AbortController().signal },
    );
    expect(await statusOf(ada, id)).toEqual([{ id, status: S.cancelled }]);
  });
});

describe('with the publish job worked', () => {
  let worker: PgBossQueue;
  beforeAll(async () => {
    // The app queues jobs (tests build it with JOBS_WORK=0); a worker of our own on the same
    // database works them, as a worker node would.
    worker = new PgBossQueue(
      t.database,
      { ...DEFAULT_JOB_SETTINGS, pollMs: 500, monitorSeconds: 1, retryDelaySeconds: 1 },
      t.app.log,
    );
    await workMagicJobs(worker, t.app.magic);
  });
  afterAll(() => worker.stop());

  const settles = (who: Account, id: string, status: number) =>
    expect
      .poll(async () => (await statusOf(who, id))[0]?.status, { timeout: 20_000, interval: 100 })
      .toBe(status);

  test('a style with a cover is published with a 256x256 JPEG made from it, the upload gone', async () => {
    const res = await publish(
      ada,
      { name: 'Cover', prompt: 'oil painting' },
      await picture(300, 200),
    );
    const id = res.json().payload.id as string;
    await settles(bob, id, S.published);
    const mine = (await t.post('/api/magic/getMyFreeStyleMagicList', {}, ada.token)).json();
    const style = mine.payload.list.find((s: { id: string }) => s.id === id);
    expect(style.cover).toMatch(/^\/files\/magic\/covers\/.+\.jpg$/);
    const file = await t.app.inject({ method: 'GET', url: style.cover });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({
      format: 'jpeg',
      width: 256,
      height: 256,
    });
    expect(await readdir(path.join(t.dataDir, 'files', 'magic', 'sources'))).toEqual([]);
  });

  test('a cover that cannot be decoded fails; retry sends it again and it fails again', async () => {
    const whole = await noise(200, 200);
    const broken = whole.subarray(0, whole.length / 2);
    const res = await publish(ada, { name: 'Broken', prompt: 'comic' }, broken);
    expect(res.json().code).toBe(0);
    const id = res.json().payload.id as string;
    await settles(ada, id, S.failed);
    const retry = await byId('freeStyle/publish/retry', ada, id);
    expect(retry.json().payload.status).toBe(S.publishing);
    await settles(ada, id, S.failed);
  });

  test('republish sends a cancelled style again and it is published', async () => {
    const id = (await publish(bob, { name: 'Again', prompt: 'pop art' })).json().payload.id;
    expect((await byId('freeStyle/cancel', bob, id)).json().code).toBe(0);
    const again = await byId('freeStyle/republish', bob, id);
    expect(again.json().payload.status).toBe(S.publishing);
    await settles(ada, id, S.published);
    const published = await byId('freeStyle/republish', bob, id);
    expect(published.json().key).toBe('magicNotPublishable');
  });

  test('delete takes my style, its cover and everyone’s favourites and subscriptions of it', async () => {
    const res = await publish(ada, { name: 'Gone', prompt: 'neon' }, await picture(64, 64, 'jpeg'));
    const id = res.json().payload.id as string;
    await settles(ada, id, S.published);
    const cover = (await byId('favoriteById', bob, id)).json().payload.cover as string;
    expect((await byId('freeStyle/subscribe', bob, id)).json().payload.subscribed).toBe(true);

    expect((await byId('freeStyle/delete', ada, id)).json()).toMatchObject({ code: 0 });
    expect(await statusOf(ada, id)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: cover })).statusCode).toBe(404);
    const favourites = (await t.post('/api/magic/getMyFavoriteMagic', {}, bob.token)).json();
    expect(favourites.payload.list.map((s: { id: string }) => s.id)).not.toContain(id);
    expect((await byId('freeStyle/delete', ada, id)).statusCode).toBe(404);
    const left = await t.database.db
      .select()
      .from(magicSubscriptions)
      .where(eq(magicSubscriptions.styleId, Number(id)));
    expect(left).toEqual([]);
  });
});
