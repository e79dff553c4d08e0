/**
 * The development clock (DEV_CLOCK=1): `POST /dev/clock` moves the server's time forward so a
 * browser test can reach a subscription's end; it answers only this machine, never through a
 * proxy, runs what became due at once, and cannot be turned on in production.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import type { Database } from '../src/db/database.js';
import { openTestDatabase } from './helper.js';
import { DAY, RETURN } from './billing-fixture.js';

let app: FastifyInstance;
let database: Database;
let dropDatabase: () => Promise<void>;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'meet-dev-clock-'));
  ({ database, drop: dropDatabase } = await openTestDatabase());
  const config = loadConfig({
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JANUS: 'off',
    MAIL_OUTBOX_HTTP: '1',
    DEV_CLOCK: '1',
    // The site as app.inject reaches it (billing-fixture's RETURN addresses are on it).
    SITE_ORIGINS: 'http://localhost',
  });
  // No clock given: the app makes its own, which /dev/clock moves.
  app = await buildApp({ config, database, logger: false, seatSweepMs: 0, billingTickMs: 0 });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  await dropDatabase();
  await rm(dataDir, { recursive: true, force: true });
});

const clockCall = (body: unknown, extra: Partial<InjectOptions> = {}) =>
  app.inject({
    method: 'POST',
    url: '/dev/clock',
    payload: body as InjectOptions['payload'],
    ...extra,
  });
const post = (url: string, body: unknown, token?: string) =>
  app.inject({
    method: 'POST',
    url,
    payload: body as InjectOptions['payload'],
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

async function signUp(email: string): Promise<string> {
  await post('/api/user/generateEmailVerifyCode', { email, type: 'register' });
  const mails = (await app.inject({ method: 'GET', url: `/dev/mail?to=${email}` })).json();
  const code = /\b(\d{6})\b/.exec(mails[0].text)![1];
  return (await post('/api/user/emailRegister', { email, code, password: 'secret123' })).json()
    .payload.token;
}

describe('the development clock', () => {
  test('moves the server clock forward and ends a subscription cancelled in the portal at once', async () => {
    const token = await signUp('clock@example.com');
    const session = (
      await post(
        '/api/payment/stripe/createSubscribeSession',
        { productId: 'pro-monthly', ...RETURN },
        token,
      )
    ).json().payload;
    const form = (fields: Record<string, string>) => ({
      payload: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    await app.inject({
      method: 'POST',
      url: new URL(session.url).pathname,
      ...form({ cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' }),
    });
    expect((await post('/api/user/getUserInfo', {}, token)).json().payload.userType).toBe(2);
    const portal = (await post('/api/payment/stripe/customerPortal', {}, token)).json().payload.url;
    await app.inject({
      method: 'POST',
      url: new URL(portal).pathname,
      ...form({ action: 'cancel' }),
    });

    const before = (await app.inject({ method: 'GET', url: '/dev/clock' })).json();
    const moved = await clockCall({ advanceMs: 32 * DAY });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().offsetMs).toBe(32 * DAY);
    expect(moved.json().now - before.now).toBeGreaterThanOrEqual(32 * DAY);
    expect((await post('/api/getServerConfig', {})).statusCode).toBe(200);
    const info = (await post('/api/user/getUserInfo', {}, token)).json().payload;
    expect(info).toMatchObject({ userType: 1, payType: 0 });
    const status = (await post('/api/frequency/status', {}, token)).json().payload;
    expect(status.subscription.status).toBe('canceled');

    const reset = await clockCall({ reset: true });
    expect(reset.json().offsetMs).toBe(0);
  });

  test('answers only this machine, not through a proxy, and refuses odd amounts', async () => {
    expect(
      (await clockCall({ advanceMs: 1000 }, { remoteAddress: '203.0.113.9' })).statusCode,
    ).toBe(404);
    expect(
      (await clockCall({ advanceMs: 1000 }, { headers: { 'x-forwarded-for': '203.0.113.9' } }))
        .statusCode,
    ).toBe(404);
    // A proxy on this machine that sends only X-Real-IP is a proxy all the same.
    expect(
      (await clockCall({ advanceMs: 1000 }, { headers: { 'x-real-ip': '203.0.113.9' } }))
        .statusCode,
    ).toBe(404);
    for (const advanceMs of [0, -5, 1.5, '1000', 400 * DAY, null]) {
      expect((await clockCall({ advanceMs })).statusCode, String(advanceMs)).toBe(400);
    }
    expect((await app.inject({ method: 'GET', url: '/dev/clock' })).json().offsetMs).toBe(0);
  });
});

test('DEV_CLOCK=1 cannot be used in production, and without it there is no /dev/clock', async () => {
  expect(() => loadConfig({ NODE_ENV: 'production', DEV_CLOCK: '1' })).toThrow(/development only/);
  const dir = await mkdtemp(path.join(tmpdir(), 'meet-no-clock-'));
  const { database: db, drop } = await openTestDatabase();
  const plain = await buildApp({
    config: loadConfig({
      NODE_ENV: 'development',
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      JANUS: 'off',
    }),
    database: db,
    logger: false,
    seatSweepMs: 0,
    billingTickMs: 0,
  });
  try {
    const res = await plain.inject({
      method: 'POST',
      url: '/dev/clock',
      payload: { advanceMs: 1000 },
    });
    expect(res.statusCode).toBe(404);
  } finally {
    await plain.close();
    await db.close();
    await drop();
    await rm(dir, { recursive: true, force: true });
  }
});
