/**
 * Magic Cam's style lists (issue 15): the system templates in the caller's language, the
 * community's hot list (published only, most favourited and subscribed first, then newest),
 * my styles, my favourites (templates too), subscriptions, and what I keep between visits.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAGIC_PUBLISH_STATUS as S, MAGIC_TEMPLATES } from '@meet/shared';
import { build, type TestApp } from './helper.js';
import { postStyle } from './magic-fixture.js';
import { registered, visitor, type Account } from './room-members.js';

let t: TestApp;
let ada: Account;
let bob: Account;
let cy: Account;
beforeAll(async () => {
  t = await build();
  [ada, bob, cy] = await Promise.all([registered(t), registered(t), registered(t)]);
});
afterAll(() => t.close());

interface Style {
  id: string;
  name: string;
  hot: number;
  favorite: boolean;
  subscribed: boolean;
  mine: boolean;
  status: number;
}

const list = async (route: string, who: Account, body: Record<string, unknown> = {}) => {
  const res = await t.post(`/api/magic/${route}`, body, who.token);
  expect(res.json().code, res.body).toBe(0);
  return res.json().payload as { list: Style[]; hasMore: boolean };
};
const byId = (route: string, who: Account, id: string) =>
  t.post(`/api/magic/${route}`, { id }, who.token);

/** A style of `who`'s, sent for publishing and published by the publish job's handler. */
async function published(who: Account, name: string): Promise<string> {
  t.clock.advance(1000);
  const id = (await postStyle(t, 'publish', who.token, { name, prompt: `${name} comic` })).json()
    .payload.id as string;
  await t.app.magic.styles.runPublish(
    { styleId: Number(id) },
    { attempt: 1, retryLimit: 0, signal: new AbortController().signal },
  );
  return id;
}

describe('system templates', () => {
  test('every template is listed, named in the request’s language, published, not mine', async () => {
    const en = await list('getSystemStyleMagic', ada);
    expect(en.hasMore).toBe(false);
    expect(en.list.map((s) => s.id)).toEqual(MAGIC_TEMPLATES.map((m) => m.id));
    expect(en.list[0]).toMatchObject({
      type: 'system',
      name: 'Watercolor',
      prompt: 'watercolor painting',
      status: S.published,
      mine: false,
      creatorName: null,
    });
    const zh = await list('getSystemStyleMagic', ada, { language: 'zh' });
    expect(zh.list[0]!.name).toBe('水彩');
  });

  test('favouriting a template counts in its hot and shows in my favourites only', async () => {
    const id = MAGIC_TEMPLATES[2]!.id;
    const fav = await byId('favoriteById', ada, id);
    expect(fav.json().payload).toMatchObject({ id, favorite: true, hot: 1 });
    // Twice is once.
    expect((await byId('favoriteById', ada, id)).json().payload.hot).toBe(1);
    const theirs = (await list('getSystemStyleMagic', bob)).list.find((s) => s.id === id)!;
    expect(theirs).toMatchObject({ favorite: false, hot: 1 });
    expect((await list('getMyFavoriteMagic', ada)).list.map((s) => s.id)).toEqual([id]);
    expect((await list('getMyFavoriteMagic', bob)).list).toEqual([]);

    const undone = await byId('freeStyle/favorite/cancel', ada, id);
    expect(undone.json().payload).toMatchObject({ favorite: false, hot: 0 });
  });

  test('an unknown id is "not found"; a visitor may look but not favourite', async () => {
    const res = await byId('favoriteById', ada, 'system-nope');
    expect(res.statusCode).toBe(404);
    const guest = await visitor(t);
    expect((await list('getSystemStyleMagic', guest)).list).toHaveLength(MAGIC_TEMPLATES.length);
    const refused = await byId('favoriteById', guest, MAGIC_TEMPLATES[0]!.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().key).toBe('realLoginRequired');
  });
});

describe('free styles of the community', () => {
  let older: string;
  let newer: string;
  let popular: string;
  let newest: string;
  let draft: string;
  beforeAll(async () => {
    older = await published(ada, 'Older');
    newer = await published(ada, 'Newer');
    popular = await published(bob, 'Popular');
    newest = await published(cy, 'Newest');
    draft = (await postStyle(t, 'favorite', ada.token, { name: 'Draft', prompt: 'sketch' })).json()
      .payload.id;
  });

  test('the hot list has published styles only, most favourited and subscribed first, then newest', async () => {
    t.clock.advance(1000);
    expect((await byId('favoriteById', ada, popular)).json().code).toBe(0);
    expect((await byId('freeStyle/subscribe', cy, popular)).json().code).toBe(0);
    expect((await byId('favoriteById', cy, older)).json().code).toBe(0);

    const hot = await list('getHotFreeStyleMagic', cy, { page: 1, pageSize: 50 });
    const ours = hot.list.filter((s) => [older, newer, popular, newest, draft].includes(s.id));
    expect(ours.map((s) => [s.name, s.hot])).toEqual([
      ['Popular', 2],
      ['Older', 1],
      ['Newest', 0],
      ['Newer', 0],
    ]);
    expect(ours[0]).toMatchObject({ favorite: false, subscribed: true, mine: false });
    expect(ours[1]).toMatchObject({ favorite: true, subscribed: false });

    const first = await list('getHotFreeStyleMagic', cy, { page: 1, pageSize: 2 });
    expect(first.hasMore).toBe(true);
    const second = await list('getHotFreeStyleMagic', cy, { page: 2, pageSize: 2 });
    expect(second.list.map((s) => s.name)).toEqual(['Newest', 'Newer']);
    expect(second.hasMore).toBe(false);
  });

  test('favorite (the form) makes a draft of mine, in my favourites, not in the community', async () => {
    const mine = await list('getMyFreeStyleMagicList', ada);
    expect(mine.list.find((s) => s.id === draft)).toMatchObject({
      status: S.draft,
      favorite: true,
      mine: true,
    });
    const favourites = await list('getMyFavoriteMagic', ada);
    expect(favourites.list.map((s) => s.id)).toEqual([popular, draft]);
    const hot = await list('getHotFreeStyleMagic', ada, { pageSize: 100 });
    expect(hot.list.map((s) => s.id)).not.toContain(draft);
    // Someone else cannot see, favourite or subscribe to my draft.
    for (const route of ['favoriteById', 'freeStyle/subscribe']) {
      expect((await byId(route, bob, draft)).statusCode).toBe(404);
    }
  });

  test('subscribing is for others’ published styles; cancelling takes it back', async () => {
    const own = await byId('freeStyle/subscribe', bob, popular);
    expect(own.statusCode).toBe(400);
    expect(own.json().key).toBe('magicOwnStyle');
    const on = await byId('freeStyle/subscribe', ada, popular);
    expect(on.json().payload).toMatchObject({ subscribed: true, hot: 3 });
    const off = await byId('freeStyle/subscribe/cancel', ada, popular);
    expect(off.json().payload).toMatchObject({ subscribed: false, hot: 2 });
  });

  test('queryFreeStyleMagicStatus answers for mine, published ones and templates only', async () => {
    const ids = [older, draft, 'system-comic', '424242', 'nonsense'];
    const mine = (await t.post('/api/magic/queryFreeStyleMagicStatus', { ids }, ada.token)).json();
    expect(mine.payload.list).toEqual(
      expect.arrayContaining([
        { id: older, status: S.published },
        { id: draft, status: S.draft },
        { id: 'system-comic', status: S.published },
      ]),
    );
    expect(mine.payload.list).toHaveLength(3);
    const theirs = await t.post(
      '/api/magic/queryFreeStyleMagicStatus',
      { ids: ids.join(',') },
      bob.token,
    );
    expect(
      theirs
        .json()
        .payload.list.map((s: Style) => s.id)
        .sort(),
    ).toEqual([older, 'system-comic'].sort());
  });
});

describe('what I keep between visits', () => {
  test('the style in use is kept (also across a restart)', async () => {
    const res = await t.post(
      '/api/magic/updateMagicType',
      { styleId: 'system-noir', prompt: 'film noir black and white' },
      ada.token,
    );
    expect(res.json().payload).toEqual({
      styleId: 'system-noir',
      prompt: 'film noir black and white',
    });
    await t.restart();
    expect(await t.app.magic.settings.type(ada.userId)).toEqual({
      styleId: 'system-noir',
      prompt: 'film noir black and white',
    });
  });

  test.each([
    ['a blank prompt', { prompt: '  ' }, 'magicPromptEmpty'],
    ['a prompt of 301 characters', { prompt: 'x'.repeat(301) }, 'magicPromptTooLong'],
    ['a NUL byte', { prompt: 'a\u0000b' }, 'unsafeText'],
  ])('updateMagicType refuses %s with its text', async (_label, body, key) => {
    const res = await t.post('/api/magic/updateMagicType', body, ada.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().key).toBe(key);
  });

  test('my celebrity names are kept, as a list or its JSON text, each name once', async () => {
    const empty = await t.post('/api/magic/getMyFamousManNames', {}, bob.token);
    expect(empty.json().payload).toEqual({ names: [] });
    const set = await t.post(
      '/api/magic/updateMyFamousManNames',
      { names: ['Van Gogh', 'Frida Kahlo', 'Van Gogh'] },
      bob.token,
    );
    expect(set.json().payload).toEqual({ names: ['Van Gogh', 'Frida Kahlo'] });
    await t.post('/api/magic/updateMyFamousManNames', 'names=%5B%22Hokusai%22%5D', undefined, {
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Bearer ${bob.token}`,
      },
    });
    const read = await t.post('/api/magic/getMyFamousManNames', {}, bob.token);
    expect(read.json().payload).toEqual({ names: ['Hokusai'] });
  });

  test('more than 20 names, or a name over 40 characters, is refused and nothing changes', async () => {
    for (const names of [
      Array.from({ length: 21 }, (_, i) => `Painter ${i}`),
      ['x'.repeat(41)],
      'not json',
    ]) {
      const res = await t.post('/api/magic/updateMyFamousManNames', { names }, bob.token);
      expect(res.statusCode).toBe(400);
    }
    const read = await t.post('/api/magic/getMyFamousManNames', {}, bob.token);
    expect(read.json().payload).toEqual({ names: ['Hokusai'] });
  });
});
