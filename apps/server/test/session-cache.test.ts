/**
 * Who a token belongs to is kept in memory for a few seconds, but a change to the account shows
 * at once: logout, a password reset, a new name or avatar, credits spent, Pro bought — on this
 * node and, through Redis, on every other node sharing the database. Each test first has the
 * token served from memory, so it would fail if the change were not announced. The test clock
 * does not move on its own, so nothing here runs out by time.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { USER_TYPE_PRO } from '@meet/shared';
import { buildApp } from '../src/app.js';
import { build, mailedCode, randomIp, registerUser, type TestApp } from './helper.js';
import { payOnPage, startCheckout } from './billing-fixture.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let counter = 0;
const email = (name: string) => `${name}-${process.pid}-${++counter}@example.com`;

function info(app: FastifyInstance, token: string) {
  return app.inject({
    method: 'POST',
    url: '/api/user/getUserInfo',
    payload: {},
    headers: { authorization: `Bearer ${token}` },
  });
}

/** A second server on the same database, as a second node would be. */
async function secondNode(t: TestApp): Promise<FastifyInstance> {
  const app = await buildApp({
    config: t.config,
    clock: t.clock,
    database: t.database,
    logger: false,
    seatSweepMs: 0,
    billingTickMs: 0,
  });
  await app.ready();
  return app;
}

/** Asks until the answer has the expected code, for at most `ms` (a notice crossing Redis). */
async function eventually(app: FastifyInstance, token: string, code: number, ms = 1000) {
  const until = performance.now() + ms;
  for (;;) {
    const res = await info(app, token);
    if (res.json().code === code || performance.now() > until) return res;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('on one node', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  test('a token served from memory is refused as soon as it logs out', async () => {
    const token = await registerUser(t, email('logout'));
    expect((await info(t.app, token)).json().code).toBe(0);
    expect((await info(t.app, token)).json().code).toBe(0);
    expect((await t.post('/api/user/logout', {}, token)).json().code).toBe(0);
    const after = await info(t.app, token);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe(203);
  });

  test('logging out on one device leaves the other signed in', async () => {
    const address = email('two-devices');
    const first = await registerUser(t, address);
    const second = (
      await t.post('/api/user/emailLogin', { email: address, password: 'secret123' })
    ).json().payload.token as string;
    expect((await info(t.app, first)).json().code).toBe(0);
    expect((await info(t.app, second)).json().code).toBe(0);
    await t.post('/api/user/logout', {}, first);
    expect((await info(t.app, first)).json().code).toBe(203);
    expect((await info(t.app, second)).json().code).toBe(0);
  });

  test('a password reset refuses every earlier token at once, the new one works', async () => {
    const address = email('reset');
    const first = await registerUser(t, address, 'oldpass1');
    const second = (
      await t.post('/api/user/emailLogin', { email: address, password: 'oldpass1' })
    ).json().payload.token as string;
    // A second code may be sent a minute after the first.
    t.clock.advance(61_000);
    await t.post(
      '/api/user/generateEmailVerifyCode',
      { email: address, type: 'reset' },
      undefined,
      {
        remoteAddress: randomIp(),
      },
    );
    const code = await mailedCode(t, address);
    expect((await info(t.app, first)).json().code).toBe(0);
    expect((await info(t.app, second)).json().code).toBe(0);
    const reset = await t.post('/api/user/resetEmailPassword', {
      email: address,
      code,
      password: 'newpass2',
    });
    expect(reset.json().code).toBe(0);
    expect((await info(t.app, first)).json().code).toBe(203);
    expect((await info(t.app, second)).json().code).toBe(203);
    expect((await info(t.app, reset.json().payload.token)).json().code).toBe(0);
  });

  test('a new name shows in getUserInfo at once', async () => {
    const token = await registerUser(t, email('rename'));
    expect((await info(t.app, token)).json().payload.userName).toMatch(/^rename-/);
    await t.post('/api/user/updateUserInfo', { username: 'Ada Lovelace' }, token);
    expect((await info(t.app, token)).json().payload.userName).toBe('Ada Lovelace');
  });

  test('a new avatar shows in getUserInfo at once', async () => {
    const token = await registerUser(t, email('avatar'));
    expect((await info(t.app, token)).json().payload.avatar).toBe('');
    const png = await sharp({
      create: { width: 200, height: 200, channels: 3, background: '#3366ff' },
    })
      .png()
      .toBuffer();
    const boundary = 'avatarboundary';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/changeAvatar',
      payload: body,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    });
    expect(res.json().code, res.body).toBe(0);
    expect((await info(t.app, token)).json().payload.avatar).toBe(res.json().payload.url);
  });

  test('credits spent show at once, and a refused charge changes nothing', async () => {
    const token = await registerUser(t, email('credits'));
    const me = (await info(t.app, token)).json().payload;
    expect(me.energyPoint).toBe(60);
    const charge = (chargeKey: string, credits: number) =>
      t.app.credits.charge({ userId: me.userId, credits, reason: 'translate', chargeKey });
    expect(await charge(`test:${me.userId}:1`, 5)).toBe('charged');
    expect((await info(t.app, token)).json().payload.energyPoint).toBe(55);
    expect(await charge(`test:${me.userId}:2`, 500)).toBe('insufficient');
    expect((await info(t.app, token)).json().payload.energyPoint).toBe(55);
  });

  test('Pro bought through the checkout shows at once', async () => {
    const token = await registerUser(t, email('pro'));
    expect((await info(t.app, token)).json().payload.userType).not.toBe(USER_TYPE_PRO);
    const { url } = await startCheckout(t, token);
    expect((await payOnPage(t, url)).statusCode).toBe(303);
    expect((await info(t.app, token)).json().payload.userType).toBe(USER_TYPE_PRO);
  });

  test('a token past its end is refused even while kept in memory', async () => {
    const token = await registerUser(t, email('expiry'));
    expect((await info(t.app, token)).json().code).toBe(0);
    t.clock.advance(366 * 24 * 3600 * 1000);
    expect((await info(t.app, token)).json().code).toBe(203);
  });
});

describe('on two nodes sharing the database and Redis', () => {
  let t: TestApp;
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await build({ REDIS_URL });
    other = await secondNode(t);
    await t.app.accountChanges.whenShared();
    await other.accountChanges.whenShared();
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  test('a logout on one node is refused on the other at once', async () => {
    const token = await registerUser(t, email('logout-elsewhere'));
    expect((await info(other, token)).json().code).toBe(0);
    expect((await info(other, token)).json().code).toBe(0);
    expect((await t.post('/api/user/logout', {}, token)).json().code).toBe(0);
    expect((await eventually(other, token, 203)).json().code).toBe(203);
  });

  test('a new name given on one node shows on the other at once', async () => {
    const token = await registerUser(t, email('rename-elsewhere'));
    expect((await info(other, token)).json().code).toBe(0);
    await t.post('/api/user/updateUserInfo', { username: 'Grace Hopper' }, token);
    const until = performance.now() + 1000;
    let name = '';
    while (name !== 'Grace Hopper' && performance.now() < until) {
      name = (await info(other, token)).json().payload.userName;
    }
    expect(name).toBe('Grace Hopper');
  });
});

describe('on two nodes while Redis cannot be reached', () => {
  let t: TestApp;
  let other: FastifyInstance;
  beforeAll(async () => {
    // Nothing listens on port 1: the nodes never hear each other, so they keep nothing.
    t = await build({ REDIS_URL: 'redis://127.0.0.1:1' });
    other = await secondNode(t);
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  test('a logout on one node is refused on the other, as nothing is kept', async () => {
    const token = await registerUser(t, email('no-redis'));
    expect((await info(other, token)).json().code).toBe(0);
    expect((await info(other, token)).json().code).toBe(0);
    expect((await t.post('/api/user/logout', {}, token)).json().code).toBe(0);
    expect((await info(other, token)).json().code).toBe(203);
  });
});
